// Shared setup of the /webhooks page tests, split by subject so that no file is over 250 lines.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import type { Webhook, WebhookDelivery } from './webhook-types';

export const user = userEvent.setup({ delay: null });

export const makeWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 1,
  url: 'https://hooks.example.org/bursary',
  description: 'The website rebuild',
  events: ['record.published', 'record.unpublished'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const makeDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 10,
  event_id: 'msg_1',
  type: 'record.published',
  attempt: 1,
  state: 'sent',
  status_code: 200,
  duration_ms: 42,
  response: 'ok',
  error: null,
  next_attempt_at: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  json: unknown;
}

/** The webhooks API as a small in-memory server: answers the reads, records every write. */
export function serveWebhooks(initial: Webhook[] = [makeWebhook()], deliveries: WebhookDelivery[] = []) {
  let webhooks = [...initial];
  const calls: Call[] = [];
  const note = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, json: text ? JSON.parse(text) : null });
    return calls.at(-1)?.json as Record<string, unknown>;
  };
  const secret = (value: string) => ({ secret: value, message: 'Keep this secret now: it is shown only once.' });
  server.use(
    http.get('/api/webhooks', () => HttpResponse.json(webhooks)),
    http.get('/api/webhooks/:id/deliveries', ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      const rows = deliveries.slice(0, limit);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(deliveries.length) } });
    }),
    http.post('/api/webhooks', async ({ request }) => {
      const body = await note(request);
      const made = makeWebhook({ id: 2, ...body });
      webhooks = [...webhooks, made];
      return HttpResponse.json({ webhook: made, ...secret('whsec_bmV3LXNlY3JldA==') }, { status: 201 });
    }),
    http.patch('/api/webhooks/:id', async ({ request, params }) => {
      const change = await note(request);
      webhooks = webhooks.map((w) => (w.id === Number(params.id) ? { ...w, ...change, disabled_reason: null } : w));
      return HttpResponse.json(webhooks.find((w) => w.id === Number(params.id)));
    }),
    http.delete('/api/webhooks/:id', async ({ request, params }) => {
      await note(request);
      webhooks = webhooks.filter((w) => w.id !== Number(params.id));
      return HttpResponse.json({ message: 'Webhook deleted, with its deliveries.' });
    }),
    http.post('/api/webhooks/:id/rotate-secret', async ({ request }) => {
      await note(request);
      return HttpResponse.json(secret('whsec_cm90YXRlZA=='));
    }),
    http.post('/api/webhooks/:id/ping', async ({ request }) => {
      await note(request);
      return HttpResponse.json(makeDelivery({ id: 99, type: 'ping', status_code: 204 }));
    }),
    http.post('/api/webhooks/:id/deliveries/:deliveryId/retry', async ({ request }) => {
      await note(request);
      return HttpResponse.json(makeDelivery({ id: 100, state: 'pending', status_code: null }), { status: 202 });
    }),
  );
  return calls;
}

export async function openAsAdmin() {
  signInWithRole('admin', { id: 1, name: 'Ada Admin' });
  const rendered = renderApp('/webhooks');
  await screen.findByRole('heading', { name: 'Webhooks', level: 1 });
  return rendered;
}

/** Chooses `item` from the Actions menu of the webhook at `url`. */
export const choose = async (url: string, item: string) => {
  await user.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};

export const confirmIn = async (title: string, label: string) => {
  const question = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(question).getByRole('button', { name: label }));
};
