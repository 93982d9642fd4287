import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites } from '@/testing/section-api';
import { field, labelOf } from '@/testing/form-fields';

// the create screen; the edit screen's tests are in section-form-edit.test.tsx (no file over 250 lines)

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });

describe('generic create screen', () => {
  it('builds the form from the registry: text, date and multi-line text, with Cancel', async () => {
    signInAs();
    renderApp('/milestones/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create milestones' })).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('type', 'text');
    expect(field('Date')).toHaveAttribute('type', 'date');
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(labelOf('Title')).toHaveTextContent('Title *');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/milestones');
    expect(screen.getByRole('button', { name: 'Create Content' })).toBeEnabled();
  });

  it("shows the first hyphen of the slug as a space: 'Create success stories'", async () => {
    signInAs();
    renderApp('/success-stories/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create success stories' })).toBeInTheDocument();
  });

  it('refuses blank required fields without a request', async () => {
    signInAs();
    const sent = captureWrites('milestones');
    renderApp('/milestones/create');
    await user.click(await screen.findByRole('button', { name: 'Create Content' }));
    expect(await screen.findByText('Title is required.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Date is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("posts the fields as JSON, toasts 'Content created successfully' and opens the list", async () => {
    signInAs();
    const sent = captureWrites('milestones', () => HttpResponse.json({ id: 9 }, { status: 201 }));
    renderApp('/milestones/create');
    await user.type(await screen.findByLabelText(/^Title/), 'Ten thousand students');
    await user.type(field('Date'), '2024-03-09');
    await user.type(field('Description'), 'A milestone.');
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    await expectToast('Content created successfully');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/milestones',
        ifMatch: null,
        json: { title: 'Ten thousand students', date: '2024-03-09', description: 'A milestone.' },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Milestones' })).toBeInTheDocument();
  });

  it("disables 'Create Content' while the request is pending", async () => {
    signInAs();
    server.use(
      http.post('/api/milestones', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/milestones/create');
    await user.type(await screen.findByLabelText(/^Title/), 'T');
    await user.type(field('Date'), '2024-03-09');
    await user.type(field('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Content' })).toBeDisabled());
  });

  it.each([
    ['a message', () => HttpResponse.json({ message: 'Title already used' }, { status: 409 }), 'Title already used'],
    ['no answer', () => HttpResponse.error(), 'Failed to create content'],
  ])('tells a refused create with %s and keeps what was typed', async (_case, answer, text) => {
    signInAs();
    server.use(http.post('/api/milestones', answer));
    renderApp('/milestones/create');
    await user.type(await screen.findByLabelText(/^Title/), 'Kept title');
    await user.type(field('Date'), '2024-03-09');
    await user.type(field('Description'), 'Kept text');
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    await expectToast(text, { destructive: true });
    expect(field('Title')).toHaveValue('Kept title');
    expect(field('Description')).toHaveValue('Kept text');
    expect(screen.getByRole('heading', { level: 1, name: 'Create milestones' })).toBeInTheDocument();
  });

  it("shows 'Unsupported content type' for an unknown section", async () => {
    signInAs();
    renderApp('/not-a-section/create');
    expect(await screen.findByRole('heading', { name: 'Unsupported content type' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Content' })).not.toBeInTheDocument();
  });

  it("shows 'Unsupported content type' on the edit screen too", async () => {
    signInAs();
    renderApp('/not-a-section/edit/3');
    expect(await screen.findByRole('heading', { name: 'Unsupported content type' })).toBeInTheDocument();
  });
});
