import type { FunctionComponent } from 'react';
import {
  AboutView,
  ApplyView,
  FaqsView,
  HomeView,
  MessageView,
  NewsItemView,
  NewsView,
  StoriesView,
  StoryView,
} from '../views/Views.tsx';
import { pageContext, type PageContext } from './page-context.ts';
import { pictureOf } from './images.ts';
import { pathOf, resolvePath, type Route } from './routes.ts';
import type { Settings, SiteAccess, Snapshot } from './site.ts';
import { plainText, summary } from './text.ts';
import { wordsFor } from './words.ts';

/** The longest search Bursary takes: a longer one is cut, never an error page. */
const SEARCH_MAX = 500;

/** What the head of a page says of it (title, description, addresses in every language, structured data). */
interface Meta {
  title: string;
  description: string;
  /** The page's path in each public language, by code; the default language's is also `x-default`. */
  alternates: { code: string; path: string }[];
  path: string;
  image?: string | undefined;
  type: 'website' | 'article';
  jsonLd: object[];
}

/** One page, decided: its status, the view and its props, the head, and the language. */
export interface Plan {
  status: number;
  locale: string;
  redirect?: string;
  route?: Route;
  ctx?: PageContext;
  meta: Meta;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view has props of its own
  View: FunctionComponent<any>;
  props: Record<string, unknown>;
}

/** A view and its props but the page context, which every view is given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view has props of its own
type ViewOf = { View: FunctionComponent<any>; props: Record<string, unknown> };

function organization(settings: Settings): object {
  return { '@context': 'https://schema.org', '@type': 'Organization', name: settings.name, url: `${settings.url}/` };
}

function alternatesOf(snapshot: Snapshot, route: Route): Meta['alternates'] {
  return snapshot.locales.map((l) => ({ code: l.code, path: pathOf(route, l.code, snapshot.defaultLocale) }));
}

/** The page a path shows in a snapshot of the content; `search` answers the FAQ page's `?q=`. */
export async function planPage(
  site: SiteAccess,
  snapshot: Snapshot,
  url: URL,
  link?: (path: string) => string,
  pathname: string = url.pathname,
): Promise<Plan> {
  const resolved = resolvePath(pathname, snapshot);
  const settings = site.settings;
  if (resolved.kind === 'redirect') {
    return { ...notFound(snapshot, settings, snapshot.defaultLocale, link), status: 301, redirect: resolved.to };
  }
  if (resolved.kind === 'not-found') return notFound(snapshot, settings, resolved.locale, link);
  const { locale, route } = resolved;
  const ctx = pageContext(snapshot, locale, settings, link);
  const { words, content } = ctx;
  const hero = content.heroes[0];
  const heroImage = hero ? pictureOf(hero, 'image', '100vw', settings.mediaBase)?.src : undefined;
  const base = {
    status: 200,
    locale,
    ctx,
    path: pathOf(route, locale, snapshot.defaultLocale),
    alternates: alternatesOf(snapshot, route),
  };
  const page = (title: string, description: string, view: ViewOf, extra: Partial<Meta> = {}): Plan => ({
    status: base.status,
    locale,
    route,
    ctx,
    View: view.View,
    props: { ...view.props, ctx },
    meta: {
      title,
      description: summary(description || settings.name),
      alternates: base.alternates,
      path: base.path,
      image: heroImage,
      type: 'website',
      jsonLd: [organization(settings)],
      ...extra,
    },
  });
  const heroText = plainText(hero?.description);

  switch (route.page) {
    case 'home':
      return page(hero?.title ?? settings.name, heroText, { View: HomeView, props: {} });
    case 'apply': {
      const steps = content.steps[0];
      const text = steps ? steps.steps.map((s) => s.step).join(' ') : heroText;
      return page(steps?.title ?? words.howToApply, text, { View: ApplyView, props: {} });
    }
    case 'faqs': {
      const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
      const faqs = q ? await site.searchFaqs(locale, q) : content.faqs;
      const open = Number(url.searchParams.get('open')) || undefined;
      const faqPage = {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faqs.map((faq) => ({
          '@type': 'Question',
          name: faq.title,
          acceptedAnswer: { '@type': 'Answer', text: faq.description ?? '' },
        })),
      };
      const description = faqs.map((faq) => faq.title).join(' · ');
      return page(
        words.faqsTitle,
        description,
        { View: FaqsView, props: { q, faqs, open } },
        {
          jsonLd: [organization(settings), faqPage],
        },
      );
    }
    case 'stories': {
      const stories = content['success-stories'];
      return page(words.storiesTitle, stories.map((s) => s.student_name).join(' · '), {
        View: StoriesView,
        props: {},
      });
    }
    case 'story': {
      const story = content['success-stories'].find((s) => s.id === route.id);
      if (!story) return notFound(snapshot, settings, locale, link);
      const image = pictureOf(story, 'image', '100vw', settings.mediaBase)?.src;
      return page(
        story.student_name ?? '',
        plainText(story.story),
        { View: StoryView, props: { story } },
        {
          type: 'article',
          image: image ?? heroImage,
        },
      );
    }
    case 'about': {
      const about = content['about-heroes'][0];
      return page(about?.title ?? words.about, plainText(about?.description) || heroText, {
        View: AboutView,
        props: {},
      });
    }
    case 'news':
      return page(words.newsTitle, content.content.map((item) => item.title).join(' · '), {
        View: NewsView,
        props: {},
      });
    case 'news-item': {
      const item = content.content.find((i) => i.id === route.id);
      if (!item) return notFound(snapshot, settings, locale, link);
      return page(
        item.title ?? '',
        item.excerpt || plainText(item.body),
        { View: NewsItemView, props: { item } },
        {
          type: 'article',
        },
      );
    }
  }
}

function notFound(snapshot: Snapshot, settings: Settings, locale: string, link?: (path: string) => string): Plan {
  const { words, lang } = wordsFor(locale);
  const ctx = snapshot.content.has(locale) ? pageContext(snapshot, locale, settings, link) : undefined;
  const home = pathOf({ page: 'home' }, locale, snapshot.defaultLocale);
  return {
    status: 404,
    locale,
    ...(ctx ? { ctx } : {}),
    View: MessageView,
    props: {
      title: words.notFoundTitle,
      text: words.notFoundText,
      link: { href: link ? link(home) : home, label: words.backHome },
      lang: lang === locale ? undefined : lang,
    },
    meta: {
      title: words.notFoundTitle,
      description: words.notFoundText,
      alternates: [],
      path: home,
      type: 'website',
      jsonLd: [],
    },
  };
}
