import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { RouteError } from './route-error';
import { PageLoading } from '@/components/page-loading';
import { screenRoutes } from './screen-routes';
import { ACCOUNT_SETUP_PATH } from '@/lib/account-setup';

/** Every route of the console; each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('@/features/auth/sign-in-page')).SignInPage }) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./query-scope')).QueryScope }),
            children: [
              // outside the signed-in frame: its navigation would lead only to refused calls
              {
                path: ACCOUNT_SETUP_PATH,
                lazy: async () => ({ Component: (await import('./account-setup-screen')).AccountSetupScreen }),
              },
              {
                lazy: async () => ({ Component: (await import('./signed-in-layout')).SignedInLayout }),
                children: [
                  {
                    path: '/dashboard',
                    lazy: async () => ({
                      Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage,
                    }),
                  },
                  ...screenRoutes,
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/features/not-found/not-found-page')).NotFoundPage }),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
