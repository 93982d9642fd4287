import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';
import {
  choose,
  confirmIn,
  makeDelivery,
  makeWebhook,
  openAsAdmin,
  serveWebhooks,
  user,
} from './webhooks-page.test-helpers';

// the actions on a webhook's row; the list and adding one are in webhooks-page.test.tsx

const URL = 'https://hooks.example.org/bursary';
const rowOf = (url: string) => screen.getByText(url).closest('tr') as HTMLElement;

// the first test also loads the screen's lazy chunk, which is slow on a busy machine
describe('/webhooks actions', { timeout: 15_000 }, () => {
  it('edits the URL, events and description', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    await choose(URL, 'Edit');
    const panel = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(within(panel).getByRole('checkbox', { name: `A record was published record.published` })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: `A record was unpublished record.unpublished` }));
    await user.clear(within(panel).getByLabelText('Description'));
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await expectToast('Webhook saved');
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/webhooks/1', json: { url: URL, events: ['record.published'], description: '' } },
    ]);
  });

  it('disables without a question, then enables', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    await choose(URL, 'Disable');
    await expectToast('Webhook disabled');
    await waitFor(() => expect(within(rowOf(URL)).getByText('Disabled')).toBeInTheDocument());
    await choose(URL, 'Enable');
    await expectToast('Webhook enabled');
    expect(calls.map((c) => c.json)).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('deletes only after a confirmation', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    await choose(URL, 'Delete…');
    const question = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    await choose(URL, 'Delete…');
    await confirmIn('Delete this webhook?', 'Delete');
    await expectToast('Webhook deleted');
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/webhooks/1', json: null }]);
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeInTheDocument();
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    await choose(URL, 'Rotate secret…');
    await confirmIn('Rotate the secret?', 'Rotate secret');
    const shown = await screen.findByRole('alertdialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText('Secret')).toHaveValue('whsec_cm90YXRlZA==');
    expect(within(shown).getByText(/It will not be shown again\./)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/webhooks/1/rotate-secret', json: null }]);
  });

  it('sends a test and tells the outcome in a toast', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    await choose(URL, 'Send test');
    await expectToast('Test sent', { description: 'The receiver answered 204.' });
    expect(calls).toEqual([{ method: 'POST', path: '/api/webhooks/1/ping', json: null }]);
  });

  it('works from the keyboard: the menu opens with Enter and the arrows choose', async () => {
    const calls = serveWebhooks();
    await openAsAdmin();
    const trigger = await screen.findByRole('button', { name: `Actions for ${URL}` });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Deliveries' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Send test' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await expectToast('Test sent');
    expect(calls).toEqual([{ method: 'POST', path: '/api/webhooks/1/ping', json: null }]);
  });

  it('tells a refused test as an error', async () => {
    serveWebhooks();
    server.use(
      http.post('/api/webhooks/:id/ping', () =>
        HttpResponse.json(makeDelivery({ state: 'pending', status_code: null, error: 'Timed out after 10 s' })),
      ),
    );
    await openAsAdmin();
    await choose(URL, 'Send test');
    await expectToast('Test sent', {
      destructive: true,
      description: 'The receiver did not accept it: Timed out after 10 s.',
    });
  });

  it("labels a delivery's reason as an error when the receiver gave no status code", async () => {
    serveWebhooks(
      [makeWebhook()],
      [
        makeDelivery({ id: 12, state: 'failed', status_code: null, error: 'ERR_TLS_CERT_ALTNAME_INVALID' }),
        makeDelivery({ id: 10 }),
      ],
    );
    await openAsAdmin();
    await choose(URL, 'Deliveries');
    const panel = await screen.findByRole('dialog', { name: 'Deliveries' });
    const reason = await within(panel).findByText('Error');
    expect(reason.tagName).toBe('DT');
    expect(reason.nextElementSibling).toHaveTextContent('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(within(panel).getAllByText('Status code')).toHaveLength(1);
  });

  it('shows the deliveries with their answers as text, and retries a failed one', async () => {
    const calls = serveWebhooks(
      [makeWebhook()],
      [
        makeDelivery({ id: 11, state: 'failed', status_code: 500, response: '<b>oops</b>', attempt: 6 }),
        makeDelivery({ id: 10 }),
      ],
    );
    await openAsAdmin();
    await choose(URL, 'Deliveries');
    const panel = await screen.findByRole('dialog', { name: 'Deliveries' });
    const answer = await within(panel).findByLabelText('Answer to attempt 6');
    expect(answer.tagName).toBe('PRE');
    expect(answer).toHaveTextContent('<b>oops</b>');
    expect(answer.querySelector('b')).toBeNull();
    expect(within(panel).getAllByText('record.published')).toHaveLength(2);
    expect(within(panel).getAllByText('A record was published')).toHaveLength(2);
    expect(within(panel).getAllByText('42 ms')).toHaveLength(2);
    expect(within(panel).getByText('6')).toBeInTheDocument();
    const retries = within(panel).getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(1);
    await user.click(retries[0] as HTMLElement);
    await expectToast('Retry queued');
    expect(calls).toEqual([{ method: 'POST', path: '/api/webhooks/1/deliveries/11/retry', json: null }]);
  });
});
