import type { RouteObject } from 'react-router';

/**
 * The section screens (SPEC.md 2.6–2.25), as children of the signed-in layout. Each route is
 * loaded lazily so that no screen's code (the rich-text editor above all) reaches another's chunk.
 */
export const screenRoutes: RouteObject[] = [
  { path: '/content', lazy: async () => ({ Component: (await import('@/features/content/content-page')).ContentPage }) },
  { path: '/settings', lazy: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }) },
  { path: '/users', lazy: async () => ({ Component: (await import('@/features/users/users-page')).UsersPage }) },
  { path: '/create-faq', lazy: async () => ({ Component: (await import('@/features/faqs/create-faq-page')).CreateFaqPage }) },
  {
    path: '/create-testimonial',
    lazy: async () => ({ Component: (await import('@/features/testimonials/create-testimonial-page')).CreateTestimonialPage }),
  },
  // SPEC.md 2.1: /content/create and /content/edit/{id} resolve through the generic screens
  { path: '/:slug/create', lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).CreateScreen }) },
  { path: '/:slug/edit/:id', lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).EditScreen }) },
  { path: '/:slug/edit', lazy: async () => ({ Component: (await import('@/features/sections/form/form-screens')).EditScreen }) },
  { path: '/heroes', lazy: async () => ({ Component: (await import('@/features/heroes/heroes-page')).HeroesPage }) },
  { path: '/steps', lazy: async () => ({ Component: (await import('@/features/steps/steps-page')).StepsPage }) },
  { path: '/faqs', lazy: async () => ({ Component: (await import('@/features/faqs/faqs-page')).FaqsPage }) },
  { path: '/benefits', lazy: async () => ({ Component: (await import('@/features/benefits/benefits-page')).BenefitsPage }) },
  { path: '/insights', lazy: async () => ({ Component: (await import('@/features/insights/insights-page')).InsightsPage }) },
  { path: '/about-heroes', lazy: async () => ({ Component: (await import('@/features/about-heroes/about-heroes-page')).AboutHeroesPage }) },
  { path: '/missions', lazy: async () => ({ Component: (await import('@/features/missions/missions-page')).MissionsPage }) },
  { path: '/milestones', lazy: async () => ({ Component: (await import('@/features/milestones/milestones-page')).MilestonesPage }) },
  {
    path: '/success-stories',
    lazy: async () => ({ Component: (await import('@/features/success-stories/success-stories-page')).SuccessStoriesPage }),
  },
  { path: '/visions', lazy: async () => ({ Component: (await import('@/features/visions/visions-page')).VisionsPage }) },
  { path: '/stakeholders', lazy: async () => ({ Component: (await import('@/features/stakeholders/stakeholders-page')).StakeholdersPage }) },
  {
    path: '/disbursement-testimonials',
    lazy: async () => ({ Component: (await import('@/features/testimonials/testimonials-page')).TestimonialsPage }),
  },
  { path: '/messages', lazy: async () => ({ Component: (await import('@/features/messages/messages-page')).MessagesPage }) },
];
