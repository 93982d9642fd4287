import type { Snapshot } from './site.ts';

/** The pages of the website, each in every public language. */
export type Route =
  | { page: 'home' }
  | { page: 'apply' }
  | { page: 'faqs' }
  | { page: 'stories' }
  | { page: 'story'; id: number }
  | { page: 'about' }
  | { page: 'news' }
  | { page: 'news-item'; id: number };

export type Resolved =
  | { kind: 'page'; locale: string; route: Route }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found'; locale: string };

const ID = /^[1-9]\d{0,15}$/;

function routeOf(segments: string[]): Route | undefined {
  const [first, second, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if (first === undefined) return { page: 'home' };
  if (second === undefined) {
    if (first === 'apply' || first === 'faqs' || first === 'stories' || first === 'about' || first === 'news') {
      return { page: first };
    }
    return undefined;
  }
  if (!ID.test(second)) return undefined;
  if (first === 'stories') return { page: 'story', id: Number(second) };
  if (first === 'news') return { page: 'news-item', id: Number(second) };
  return undefined;
}

/**
 * Which page a path names: the default language at `/…`, every other public language at `/{code}/…`. A language
 * that is not public, like any unknown path, is not found; the default language's own prefix leads to the page
 * without it, so that each page has one address.
 */
export function resolvePath(pathname: string, snapshot: Pick<Snapshot, 'locales' | 'defaultLocale'>): Resolved {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  const first = segments[0];
  const locale = first === undefined ? undefined : snapshot.locales.find((l) => l.code === first);
  if (locale?.default) return { kind: 'redirect', to: `/${segments.slice(1).join('/')}` };
  const code = locale ? locale.code : snapshot.defaultLocale;
  const route = routeOf(locale ? segments.slice(1) : segments);
  return route ? { kind: 'page', locale: code, route } : { kind: 'not-found', locale: code };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path of a route in a language, as links and the sitemap write it. */
export function pathOf(route: Route, locale: string, defaultLocale: string): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  const rest = (() => {
    switch (route.page) {
      case 'home':
        return '/';
      case 'story':
        return `/stories/${route.id}`;
      case 'news-item':
        return `/news/${route.id}`;
      default:
        return `/${route.page}`;
    }
  })();
  return rest === '/' ? prefix || '/' : `${prefix}${rest}`;
}

/** Every page of the website in one language (the sitemap's and the static export's list). */
export function everyRoute(snapshot: Snapshot, locale: string): Route[] {
  const content = snapshot.content.get(locale);
  const fixed: Route[] = [
    { page: 'home' },
    { page: 'apply' },
    { page: 'faqs' },
    { page: 'stories' },
    { page: 'about' },
    { page: 'news' },
  ];
  if (!content) return fixed;
  return [
    ...fixed,
    ...content['success-stories'].map((story): Route => ({ page: 'story', id: story.id })),
    ...content.content.map((item): Route => ({ page: 'news-item', id: item.id })),
  ];
}

/** The page that shows a record of a section, for a preview of it (the FAQ page opens the FAQ). */
export function routeHolding(section: string | null, id: number | undefined): { route: Route; open?: number } {
  switch (section) {
    case 'steps':
      return { route: { page: 'apply' } };
    case 'faqs':
      return id ? { route: { page: 'faqs' }, open: id } : { route: { page: 'faqs' } };
    case 'success-stories':
      return id ? { route: { page: 'story', id } } : { route: { page: 'stories' } };
    case 'about-heroes':
    case 'missions':
    case 'visions':
    case 'milestones':
    case 'messages':
      return { route: { page: 'about' } };
    case 'content':
      return id ? { route: { page: 'news-item', id } } : { route: { page: 'news' } };
    default:
      return { route: { page: 'home' } };
  }
}
