import { Navigate, type RouteObject } from 'react-router';
// the registry alone, without the zod schemas: this table is part of the first screen's code
import { sections } from '@bursary/shared/sections';

/**
 * The section screens, as children of the signed-in layout. Each route is
 * loaded lazily so that no screen's code (the rich-text editor above all) reaches another's chunk.
 * A section's list route comes from the registry; its page from its console description.
 */
export const screenRoutes: RouteObject[] = [
  {
    path: '/settings',
    lazy: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }),
  },
  {
    path: '/account',
    lazy: async () => ({ Component: (await import('@/features/account/account-page')).AccountPage }),
  },
  { path: '/users', lazy: async () => ({ Component: (await import('@/features/users/users-page')).UsersPage }) },
  {
    path: '/webhooks',
    lazy: async () => ({ Component: (await import('@/features/webhooks/webhooks-page')).WebhooksPage }),
  },
  {
    path: '/languages',
    lazy: async () => ({ Component: (await import('@/features/languages/languages-page')).LanguagesPage }),
  },
  { path: '/trash', lazy: async () => ({ Component: (await import('@/features/trash/trash-page')).TrashPage }) },
  { path: '/media', lazy: async () => ({ Component: (await import('@/features/media/media-page')).MediaPage }) },
  {
    path: '/site-health',
    lazy: async () => ({ Component: (await import('@/features/site-health/site-health-page')).SiteHealthPage }),
  },
  {
    path: '/create-faq',
    lazy: async () => ({ Component: (await import('@/features/faqs/create-faq-page')).CreateFaqPage }),
  },
  {
    path: '/create-testimonial',
    lazy: async () => ({
      Component: (await import('@/features/testimonials/create-testimonial-page')).CreateTestimonialPage,
    }),
  },
  // /content/create and /content/edit/{id} resolve through the generic screens
  {
    path: '/:slug/create',
    lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).CreateScreen }),
  },
  {
    path: '/:slug/edit/:id',
    lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).EditScreen }),
  },
  {
    path: '/:slug/edit',
    lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).EditScreen }),
  },
  // a collection's record by id; a single-record section's without one
  {
    path: '/:slug/history/:id?',
    lazy: async () => ({ Component: (await import('@/features/history/history-page')).HistoryPage }),
  },
  ...sections.map((section): RouteObject => ({
    path: `/${section.slug}`,
    lazy: async () => ({ Component: await (await import('./console-sections')).listPageOf(section.slug) }),
  })),
  ...sections.flatMap((section) =>
    (section.aliases ?? []).map((alias): RouteObject => ({
      path: `/${alias}`,
      element: <Navigate to={`/${section.slug}`} replace />,
    })),
  ),
];
