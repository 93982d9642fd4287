import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';
import { makeDelivery, makeWebhook, openAsAdmin, serveWebhooks, user } from './webhooks-page.test-helpers';

// the list, the navigation entry and adding a webhook; the row's actions are in webhook-actions.test.tsx

afterEach(() => vi.restoreAllMocks());

const URL = 'https://hooks.example.org/bursary';

// the first test also loads the screen's lazy chunk, which is slow on a busy machine
describe('/webhooks', { timeout: 15_000 }, () => {
  it('lists each webhook with its events, status and last delivery', async () => {
    serveWebhooks(
      [
        makeWebhook(),
        makeWebhook({
          id: 2,
          url: 'https://gone.example.org/hook',
          description: '',
          events: ['*'],
          enabled: false,
          disabled_reason: 'The receiver answered 410 Gone.',
        }),
      ],
      [makeDelivery({ state: 'failed', status_code: 500 })],
    );
    await openAsAdmin();
    const table = await screen.findByRole('table');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['URL', 'Events', 'Status', 'Last delivery', 'Actions']);
    const first = within(table).getByText(URL).closest('tr') as HTMLElement;
    // each event in words, its own name beside them
    expect(within(first).getByText('A record was published')).toBeInTheDocument();
    expect(within(first).getByText('A record was unpublished')).toBeInTheDocument();
    expect(within(first).getByText('record.unpublished')).toBeInTheDocument();
    expect(within(first).getByText('Enabled')).toBeInTheDocument();
    expect(await within(first).findByText('Failed')).toBeInTheDocument();
    expect(within(first).getByText('500')).toBeInTheDocument();
    const second = within(table).getByText('https://gone.example.org/hook').closest('tr') as HTMLElement;
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByText('The receiver answered 410 Gone.')).toBeInTheDocument();
  });

  it('places Webhooks between Site health and Languages for an administrator', async () => {
    serveWebhooks([]);
    await openAsAdmin();
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const labels = nav.getAllByRole('link').map((l) => l.textContent);
    expect(labels.slice(-5)).toEqual(['Media', 'Site health', 'Webhooks', 'Languages', 'Users']);
    expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
    expect(screen.getByRole('heading', { name: 'No webhooks yet' })).toBeInTheDocument();
  });

  it.each(['editor', 'viewer'] as const)('shows an %s no entry and no webhook', async (role) => {
    const calls = serveWebhooks();
    const asked = vi.fn();
    server.use(
      http.get('/api/webhooks', () => {
        asked();
        return HttpResponse.json([]);
      }),
    );
    signInWithRole(role);
    renderApp('/webhooks');
    expect(await screen.findByText('Webhooks are managed by administrators.')).toBeInTheDocument();
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('adds a webhook and shows its secret once, with Copy', async () => {
    const calls = serveWebhooks([]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(panel).getByLabelText(/URL/), 'https://new.example.org/in');
    await user.click(within(panel).getByRole('checkbox', { name: `A record was created record.created` }));
    await user.click(within(panel).getByRole('checkbox', { name: 'The website’s content changed site.changed' }));
    await user.type(within(panel).getByLabelText('Description'), 'Search index');
    await user.click(within(panel).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Signing secret' });
    // the panel closes as the secret opens; the page takes clicks once it has gone
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(shown).getByText(/It will not be shown again\./)).toBeInTheDocument();
    expect(within(shown).getByLabelText('Secret')).toHaveValue('whsec_bmV3LXNlY3JldA==');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_bmV3LXNlY3JldA==');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/webhooks',
        json: {
          url: 'https://new.example.org/in',
          events: ['record.created', 'site.changed'],
          description: 'Search index',
        },
      },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_bmV3LXNlY3JldA==')).not.toBeInTheDocument();
    expect(await screen.findByText('https://new.example.org/in')).toBeInTheDocument();
  });

  it('sends * alone when it is ticked beside other events', async () => {
    const calls = serveWebhooks([]);
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(panel).getByLabelText(/URL/), 'https://all.example.org/');
    await user.click(within(panel).getByRole('checkbox', { name: `A record was deleted record.deleted` }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Every event, those added later too *' }));
    await user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    await screen.findByRole('alertdialog', { name: 'Signing secret' });
    expect(calls[0]?.json).toMatchObject({ events: ['*'] });
  });

  it('asks for an event before sending anything', async () => {
    const calls = serveWebhooks([]);
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(panel).getByLabelText(/URL/), 'https://x.example.org/');
    await user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    expect(await within(panel).findByText('Choose at least one event')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal beside the URL", async () => {
    serveWebhooks([]);
    server.use(
      http.post('/api/webhooks', () =>
        HttpResponse.json(
          {
            error: 'Bad Request',
            message: 'Validation failed',
            fields: [{ path: 'url', message: 'The address 127.0.0.1 is loopback: webhooks go to public addresses.' }],
          },
          { status: 400 },
        ),
      ),
    );
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(panel).getByLabelText(/URL/), 'http://127.0.0.1/');
    await user.click(within(panel).getByRole('checkbox', { name: `A record was created record.created` }));
    await user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    const message = 'The address 127.0.0.1 is loopback: webhooks go to public addresses.';
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    expect(within(panel).getByLabelText(/URL/)).toHaveAttribute('aria-invalid', 'true');
    await expectToast('Could not add the webhook', { destructive: true });
  });
});
