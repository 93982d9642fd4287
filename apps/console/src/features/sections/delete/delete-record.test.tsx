import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });

interface Case {
  slug: string;
  path: string;
  record: SectionRecord;
  other: SectionRecord;
  /** The accessible names of the two records' buttons. */
  name: string;
  otherName: string;
  title: string;
  text: string;
  success: string;
  errorTitle: string;
  fallback: string;
  /** Only the FAQ delete puts the answer's error field first. */
  errorFieldFirst: boolean;
}

/** Every section's delete question and toasts, letter for letter (the FAQ text keeps its double space). */
const cases: Case[] = [
  {
    slug: 'faqs',
    path: '/faqs',
    name: 'How do I apply?',
    otherName: 'Who can borrow?',
    record: { id: 4, title: 'How do I apply?', description: '<p>Online.</p>' },
    other: { id: 6, title: 'Who can borrow?', description: '<p>Students.</p>' },
    title: 'Delete FAQ',
    text: 'Are you sure you want to  delete the FAQ titled "How do I apply?"? This action cannot be undone.',
    success: 'FAQ deleted successfully.',
    errorTitle: 'Error Deleting FAQ',
    fallback: 'Could not delete FAQ. Please try again.',
    errorFieldFirst: true,
  },
  {
    slug: 'success-stories',
    path: '/success-stories',
    name: 'Amina',
    otherName: 'Tomas',
    record: {
      id: 4,
      student_name: 'Amina',
      student_school: 'Riverside',
      date: '2024-03-09',
      story: '<p>Nurse.</p>',
      image: null,
    },
    other: {
      id: 6,
      student_name: 'Tomas',
      student_school: 'Hill',
      date: '2023-01-02',
      story: '<p>Baker.</p>',
      image: null,
    },
    title: 'Delete Success Story',
    text: 'Are you sure you want to delete the success story for "Amina"? This action cannot be undone.',
    success: 'Success story deleted successfully.',
    errorTitle: 'Error Deleting Success Story',
    fallback: 'Could not delete success story. Please try again.',
    errorFieldFirst: false,
  },
  {
    slug: 'milestones',
    path: '/milestones',
    name: 'Fund opened',
    otherName: 'First graduates',
    record: { id: 4, title: 'Fund opened', date: '2020-01-15', description: 'First loans.' },
    other: { id: 6, title: 'First graduates', date: '2024-06-30', description: 'Repayments start.' },
    title: 'Delete Milestone',
    text: 'Are you sure you want to delete the milestone: "Fund opened"? This action cannot be undone.',
    success: 'Milestone deleted successfully.',
    errorTitle: 'Error Deleting Milestone',
    fallback: 'Could not delete milestone. Please try again.',
    errorFieldFirst: false,
  },
  {
    slug: 'disbursement-testimonials',
    path: '/disbursement-testimonials',
    name: 'North University',
    otherName: 'South College',
    record: { id: 4, university_name: 'North University', image: null },
    other: { id: 6, university_name: 'South College', image: null },
    title: 'Delete Testimonial',
    text: 'Are you sure you want to delete the testimonial for "North University"? This action cannot be undone.',
    success: 'Testimonial deleted successfully.',
    errorTitle: 'Error Deleting Testimonial',
    fallback: 'Could not delete testimonial. Please try again.',
    errorFieldFirst: false,
  },
];

/** Serves the section's two records and records each DELETE with its Authorization header. */
async function openSection(
  c: Case,
  answer: () => Response | Promise<Response> = () => new HttpResponse(null, { status: 204 }),
) {
  signInAs('Ada Editor', 'tok-del');
  const deletes: { path: string; auth: string | null }[] = [];
  server.use(
    http.get(`/api/${c.slug}`, () => HttpResponse.json([c.record, c.other])),
    http.delete(`/api/${c.slug}/:id`, async ({ request }) => {
      deletes.push({ path: new URL(request.url).pathname, auth: request.headers.get('Authorization') });
      return answer();
    }),
  );
  renderApp(c.path);
  await screen.findByRole('button', { name: `Delete ${c.name}` });
  return deletes;
}

async function openDialog(c: Case) {
  await user.click(screen.getByRole('button', { name: `Delete ${c.name}` }));
  return screen.findByRole('alertdialog');
}

describe.each(cases)('deleting from $path', (c) => {
  it('links Edit to the record, asks first in the exact words, and sends nothing on Cancel', async () => {
    const deletes = await openSection(c);
    expect(screen.getByRole('link', { name: `Edit ${c.name}` })).toHaveAttribute('href', `/${c.slug}/edit/4`);
    const dialog = await openDialog(c);
    expect(within(dialog).getByRole('heading', { name: c.title })).toBeInTheDocument();
    // textContent, not toHaveTextContent, which would fold the FAQ's double space
    expect(dialog.querySelector('p')?.textContent).toBe(c.text);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);
  });

  it("deletes on confirm with the token, only that record's button disabled meanwhile, and toasts", async () => {
    let release: () => void = () => {};
    const deletes = await openSection(c, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new HttpResponse(null, { status: 204 });
    });
    await user.click(within(await openDialog(c)).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: `Delete ${c.name}` })).toBeDisabled());
    expect(screen.getByRole('button', { name: `Delete ${c.otherName}` })).toBeEnabled();
    release();
    await expectToast(c.success);
    expect(deletes).toEqual([{ path: `/api/${c.slug}/4`, auth: 'Bearer tok-del' }]);
  });

  it('tells a refused delete with the server text', async () => {
    await openSection(c, () => HttpResponse.json({ message: 'Record is locked', error: 'Conflict' }, { status: 409 }));
    await user.click(within(await openDialog(c)).getByRole('button', { name: 'Delete' }));
    await expectToast(c.errorTitle, {
      description: c.errorFieldFirst ? 'Conflict' : 'Record is locked',
      destructive: true,
    });
  });

  it('falls back to its own sentence when the answer says nothing', async () => {
    await openSection(c, () => HttpResponse.error());
    await user.click(within(await openDialog(c)).getByRole('button', { name: 'Delete' }));
    await expectToast(c.errorTitle, { description: c.fallback, destructive: true });
  });
});
