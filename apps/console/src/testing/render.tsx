import type * as React from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClient } from '@tanstack/react-query';
import { queryDefaults } from '@/lib/query-client';
import { http, HttpResponse } from 'msw';
import type { Role } from '@bursary/shared';
import { Providers } from '@/components/providers';
import { setSession } from '@/lib/session';
import { makeUser } from './factories';
import { server } from './server';

/**
 * A query client for tests: no retries, so failures show at once. With `appDefaults`, the console's own freshness
 * rules too (fresh for a minute, no re-read on focus unless a query asks for it), for tests of when data is read.
 */
function createTestQueryClient(appDefaults = false): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...(appDefaults ? queryDefaults : {}), retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export function signInAs(name = 'Ada Editor', token = 'token-123') {
  const user = makeUser({ name });
  setSession({ user, token });
  return user;
}

/** Signs in with `role`; GET /api/me answers the same user, so the session check keeps the role. */
export function signInWithRole(role: Role, overrides: { id?: number; name?: string } = {}) {
  const user = makeUser({ role, ...overrides });
  setSession({ user, token: 'token-123' });
  server.use(http.get('/api/me', () => HttpResponse.json(user)));
  return user;
}

// The console's routes, handed over by the app's test set-up (app/test-setup.ts): test support sits
// below the app and never imports it.
let consoleRoutes: RouteObject[] = [];
export function provideConsoleRoutes(routes: RouteObject[]): void {
  consoleRoutes = routes;
}

/** Renders the whole console (real routes, guard, layout, toasts) at `path`. */
export function renderApp(
  path: string,
  appRoutes: RouteObject[] = consoleRoutes,
  { appDefaults = false }: { appDefaults?: boolean } = {},
) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createTestQueryClient(appDefaults);
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

/** Renders one component inside the providers and a router, for screen-level tests. */
export function renderWithProviders(ui: React.ReactElement, { path = '/' }: { path?: string } = {}) {
  return renderApp(path, [{ path: '*', element: ui }]);
}
