import { http, HttpResponse } from 'msw/http';
import type { LogSummary } from '@bursary/shared';
import { makeLog, makeLoginResponse } from './factories';

/** Happy-path answers of the content API; failures are added per test. */
export const handlers = [
  http.post('/api/login', () => HttpResponse.json(makeLoginResponse())),
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/logs', () => HttpResponse.json([makeLog()], { headers: { 'X-Total-Count': '1' } })),
  http.get('/api/logs/summary', () =>
    HttpResponse.json<LogSummary>({ total: 1, last_updated_at: '2024-01-05T10:00:00.000Z' })),
];
