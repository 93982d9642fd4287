import { http, HttpResponse } from 'msw/http';
import type { LogSummary } from '@bursary/shared';
import { getSession } from '@/lib/session';
import { makeLog, makeLoginResponse, makeUser, makeUserSummary } from './factories';

/** Happy-path answers of the content API; failures are added per test. */
export const handlers = [
  http.post('/api/login', () => HttpResponse.json(makeLoginResponse())),
  // the server agrees with the stored user, which the console refreshes from this answer
  http.get('/api/me', () => HttpResponse.json(getSession()?.user ?? makeUser())),
  http.get('/api/me/sessions', () =>
    HttpResponse.json([
      {
        id: 1,
        current: true,
        created_at: '2024-01-05T09:00:00.000Z',
        last_seen_at: '2024-01-05T10:00:00.000Z',
        expires_at: '2024-01-05T21:00:00.000Z',
      },
    ]),
  ),
  http.get('/api/users', () => HttpResponse.json([makeUserSummary()])),
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/logs', () => HttpResponse.json([makeLog()], { headers: { 'X-Total-Count': '1' } })),
  http.get('/api/logs/summary', () =>
    HttpResponse.json<LogSummary>({ total: 1, last_updated_at: '2024-01-05T10:00:00.000Z' }),
  ),
  // a record's history: none by default (before the generic reads, which would take 'revisions' for an id)
  http.get('/api/:section/revisions', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/:section/:id/revisions', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // publishing: nothing scheduled and no pending changes by default
  http.get('/api/schedules', () => HttpResponse.json({ upcoming: [], failed: [], done: [] })),
  http.get('/api/site-health', () => HttpResponse.json({ checked_at: '2026-11-25T09:00:00.000Z', problems: [] })),
  http.get('/api/:section/schedule', () => HttpResponse.json({ pending: [], last_failed: null })),
  http.get('/api/:section/:id/schedule', () => HttpResponse.json({ pending: [], last_failed: null })),
  http.get('/api/:section/changes', () => HttpResponse.json({ message: 'No pending changes' }, { status: 404 })),
  http.get('/api/:section/:id/changes', () => HttpResponse.json({ message: 'No pending changes' }, { status: 404 })),
  // Last, so the routes above win: any section read answers an empty list or a bare record, which
  // lets frame tests visit section pages without describing each section's data.
  http.get('/api/:section', () => HttpResponse.json([])),
  http.get('/api/:section/:id', ({ params }) => HttpResponse.json({ id: Number(params.id) })),
];
