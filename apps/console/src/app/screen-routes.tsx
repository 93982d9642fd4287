import type { RouteObject } from 'react-router';

/**
 * The section screens (SPEC.md 2.6–2.25), as children of the signed-in layout. Each route is
 * loaded lazily so that no screen's code (the rich-text editor above all) reaches another's chunk.
 */
const placeholder: RouteObject['lazy'] = async () => {
  const { PlaceholderScreen } = await import('./placeholder-screen');
  return { Component: PlaceholderScreen };
};

const listPaths = [
  '/heroes', '/steps', '/faqs', '/benefits', '/insights', '/about-heroes', '/missions', '/milestones',
  '/success-stories', '/visions', '/stakeholders', '/disbursement-testimonials', '/messages',
];

export const screenRoutes: RouteObject[] = [
  { path: '/content', lazy: placeholder },
  { path: '/content/create', lazy: placeholder },
  { path: '/content/edit/:id', lazy: placeholder },
  { path: '/settings', lazy: placeholder },
  { path: '/users', lazy: placeholder },
  { path: '/create-faq', lazy: placeholder },
  { path: '/create-testimonial', lazy: placeholder },
  { path: '/:slug/create', lazy: placeholder },
  { path: '/:slug/edit/:id', lazy: placeholder },
  { path: '/:slug/edit', lazy: placeholder },
  ...listPaths.map((path): RouteObject => ({ path, lazy: placeholder })),
];
