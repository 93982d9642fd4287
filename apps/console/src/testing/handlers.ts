import { http, HttpResponse } from 'msw/http';
import type { LogSummary } from '@bursary/shared';
import { makeLog, makeLoginResponse, makeUser } from './factories';

/** Happy-path answers of the content API; failures are added per test. */
export const handlers = [
  http.post('/api/login', () => HttpResponse.json(makeLoginResponse())),
  http.get('/api/me', () => HttpResponse.json(makeUser())),
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/logs', () => HttpResponse.json([makeLog()], { headers: { 'X-Total-Count': '1' } })),
  http.get('/api/logs/summary', () =>
    HttpResponse.json<LogSummary>({ total: 1, last_updated_at: '2024-01-05T10:00:00.000Z' })),
  // Last, so the routes above win: any section read answers an empty list or a bare record, which
  // lets frame tests visit section pages without describing each section's data.
  http.get('/api/:section', () => HttpResponse.json([])),
  http.get('/api/:section/:id', ({ params }) => HttpResponse.json({ id: Number(params.id) })),
];
