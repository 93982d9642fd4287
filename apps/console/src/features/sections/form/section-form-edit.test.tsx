import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord } from '@/testing/section-api';
import { field } from '@/testing/form-fields';

// the edit screen; the create screen's tests are in section-form.test.tsx (no file over 250 lines)

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });

const milestone: SectionRecord = {
  id: 5,
  title: 'Fund opened',
  date: '2020-01-15T00:00:00.000Z',
  description: 'The first loans.',
};

async function openMilestoneEdit(record: SectionRecord = milestone) {
  signInAs();
  serveRecord('/api/milestones/5', record);
  renderApp('/milestones/edit/5');
  await screen.findByDisplayValue('Fund opened');
}

describe('generic edit screen', () => {
  it('loads the record and shows its date as YYYY-MM-DD', async () => {
    await openMilestoneEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Milestones' })).toBeInTheDocument();
    expect(field('Date')).toHaveValue('2020-01-15');
    expect(field('Description')).toHaveValue('The first loans.');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it("puts the changes with the ETag and toasts 'Content updated successfully'", async () => {
    const sent = captureWrites('milestones');
    await openMilestoneEdit();
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Fund founded');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Content updated successfully');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/milestones/5',
        ifMatch: '"r1"',
        json: { title: 'Fund founded', date: '2020-01-15', description: 'The first loans.' },
      },
    ]);
  });

  it("counts a status other than 200 or 204 as 'Unexpected response status'", async () => {
    captureWrites('milestones', () => HttpResponse.json({ id: 5 }, { status: 202 }));
    await openMilestoneEdit();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Unexpected response status', { destructive: true });
  });

  it("pins a 400's field errors on their inputs and keeps the typed text", async () => {
    server.use(
      http.put('/api/milestones/5', () =>
        HttpResponse.json(
          {
            message: 'Some fields are invalid',
            error: 'Bad Request',
            fields: [{ path: 'description', message: 'Description says too little.' }],
          },
          { status: 400 },
        ),
      ),
    );
    await openMilestoneEdit();
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Short');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Some fields are invalid', { destructive: true });
    expect(screen.getByText('Description says too little.')).toHaveAttribute('role', 'alert');
    expect(field('Description')).toHaveValue('Short');
  });

  it('tells a load failure as a toast and returns to the list', async () => {
    signInAs();
    server.use(
      http.get('/api/milestones/5', () => HttpResponse.json({ message: 'Milestone not found' }, { status: 404 })),
    );
    renderApp('/milestones/edit/5');
    await expectToast('Milestone not found', { destructive: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Milestones' })).toBeInTheDocument();
  });

  it('shows the conflict notice on a 412, keeps the edit, and reloads the untouched fields', async () => {
    let version = 1;
    signInAs();
    server.use(
      http.get('/api/milestones/5', () =>
        HttpResponse.json(
          version === 1 ? milestone : { ...milestone, title: 'Their title', description: 'Their description.' },
          { headers: { ETag: `"r${version}"` } },
        ),
      ),
    );
    const sent = captureWrites('milestones', () =>
      version === 1
        ? HttpResponse.json({ message: 'This milestone was changed by someone else.' }, { status: 412 })
        : HttpResponse.json({ id: 5 }),
    );
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'My title');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const notice = await screen.findByText('Someone else changed this record while you were editing it.');
    const panel = notice.closest('[role="alert"]') as HTMLElement;
    expect(within(panel).getByText('This milestone was changed by someone else.')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Your changes are still in the form. Reload the record to take the current version of the fields you have not changed, then save again.',
      ),
    ).toBeInTheDocument();
    expect(field('Title')).toHaveValue('My title');

    version = 2;
    await user.click(within(panel).getByRole('button', { name: 'Reload record' }));
    await waitFor(() => expect(field('Description')).toHaveValue('Their description.'));
    expect(field('Title')).toHaveValue('My title');
    expect(screen.queryByText('Someone else changed this record while you were editing it.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Content updated successfully');
    expect(sent.map((s) => s.ifMatch)).toEqual(['"r1"', '"r2"']);
    expect(sent[1]?.json).toEqual({ title: 'My title', date: '2020-01-15', description: 'Their description.' });
  });

  it('edits numbers as numbers and saves a single-record section without an id', async () => {
    signInAs();
    serveRecord('/api/insights', [
      {
        id: 1,
        title: 'In numbers',
        first_insight_number: 120,
        first_insight_text: 'students',
        second_insight_number: 4,
        second_insight_text: 'counties',
        third_insight_number: 2.5,
        third_insight_text: 'million lent',
      },
    ]);
    const sent = captureWrites('insights');
    renderApp('/insights/edit');
    await screen.findByDisplayValue('In numbers');
    expect(field('First Insight Number')).toHaveAttribute('type', 'number');
    expect(field('First Insight Number')).toHaveValue(120);
    await user.clear(field('Second Insight Number'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Second Insight Number is required.')).toBeInTheDocument();
    await user.type(field('Second Insight Number'), '7');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Content updated successfully');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/insights',
        ifMatch: '"r1"',
        json: {
          title: 'In numbers',
          first_insight_number: 120,
          first_insight_text: 'students',
          second_insight_number: 7,
          second_insight_text: 'counties',
          third_insight_number: 2.5,
          third_insight_text: 'million lent',
        },
      },
    ]);
  });
});
