import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { field } from '@/testing/form-fields';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord } from '@/testing/section-api';

const user = userEvent.setup({ delay: null });
const submit = () => screen.getByRole('button', { name: 'Create FAQ' });

describe('Create FAQ', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for both fields, sends them trimmed, toasts and returns to the list', async () => {
    signInAs();
    serveRecord('/api/faqs', []);
    const sent = captureWrites('faqs');
    renderApp('/create-faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create FAQ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ Details' })).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(field('Question (Title)'), '   ');
    await user.tab();
    expect(await screen.findByText('Question (Title) is required.')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Answer (Description) is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Plain text. Basic HTML such as <p>, <strong> or <a> may be used for formatting.'),
    ).toBeInTheDocument();

    await user.type(field('Question (Title)'), ' How do I apply? ');
    await user.type(field('Answer (Description)'), 'Online. ');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    await expectToast('FAQ created successfully.');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/faqs', ifMatch: null, json: { title: 'How do I apply?', description: 'Online.' } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
  });

  it("pins the API's field messages on their inputs and tells the failure in the FAQ's words", async () => {
    signInAs();
    captureWrites('faqs', () =>
      HttpResponse.json(
        {
          message: 'Validation failed',
          error: 'Bad Request',
          fields: [{ path: 'title', message: 'title is already asked' }],
        },
        { status: 400 },
      ),
    );
    renderApp('/create-faq');
    await user.type(
      await screen.findByRole('heading', { level: 1 }).then(() => field('Question (Title)')),
      'How do I apply?',
    );
    await user.type(field('Answer (Description)'), 'Online.');
    await user.click(submit());
    await expectToast('Error Creating FAQ', { description: 'Validation failed', destructive: true });
    expect(await screen.findByText('title is already asked')).toBeInTheDocument();
    expect(field('Question (Title)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with unsaved input', async () => {
    signInAs();
    serveRecord('/api/faqs', []);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp('/create-faq');
    await user.type(
      await screen.findByRole('heading', { level: 1 }).then(() => field('Question (Title)')),
      'Half a question',
    );
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to leave?');
    expect(screen.getByRole('heading', { level: 1, name: 'Create FAQ' })).toBeInTheDocument();
  });
});
