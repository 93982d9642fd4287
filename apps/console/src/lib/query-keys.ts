/**
 * Every query key in one place, so reads, prefetches and invalidations agree.
 * What each kind of write invalidates is listed once, in write-refresh.ts.
 */
export type ListParams = Record<string, string | number | boolean | undefined>;

export const queryKeys = {
  sections: {
    root: () => ['sections'] as const,
    all: (slug: string) => ['sections', slug] as const,
    lists: (slug: string) => ['sections', slug, 'list'] as const,
    list: (slug: string, params: ListParams = {}) => ['sections', slug, 'list', params] as const,
    details: (slug: string) => ['sections', slug, 'detail'] as const,
    detail: (slug: string, id: string | number) => ['sections', slug, 'detail', String(id)] as const,
    /** A record's versions and the current record they are compared with; any write of the section refreshes them. */
    history: (slug: string, id: string | number) => ['sections', slug, 'history', String(id)] as const,
    /** A record's scheduled actions and its last failed one. */
    schedule: (slug: string, id: string | number) => ['sections', slug, 'schedule', String(id)] as const,
    /** A section's records with their translated fields in every language (`?locale=*`), by id or 'single'. */
    translations: (slug: string, id: string | number) => ['sections', slug, 'translations', String(id)] as const,
    /** A record as one language other than the default has it: live (with its publishing state) and waiting. */
    language: (slug: string, id: string | number, code: string) =>
      ['sections', slug, 'language', String(id), code] as const,
  },
  /** The website's languages (GET /api/locales); a change of them changes every record's translations. */
  locales: () => ['locales'] as const,
  logs: {
    all: () => ['logs'] as const,
    list: (params: ListParams = {}) => ['logs', 'list', params] as const,
    summary: () => ['logs', 'summary'] as const,
  },
  trash: {
    all: () => ['trash'] as const,
    page: (params: ListParams) => ['trash', params] as const,
  },
  /** What is wrong with the website's content (GET /api/site-health); any content write may change it. */
  siteHealth: () => ['site-health'] as const,
  /** Every scheduled publish and unpublish (the dashboard's lists); a record's own are under its section. */
  schedules: () => ['schedules'] as const,
  me: () => ['me'] as const,
  users: () => ['users'] as const,
  /** Every live preview token (administrators); under the users' key, so a change to a user refreshes it too. */
  previewTokens: () => ['users', 'preview-tokens'] as const,
  webhooks: {
    all: () => ['webhooks'] as const,
    /** A webhook's delivery attempts; `limit` 1 is the list's last delivery. */
    deliveries: (id: number, limit: number) => ['webhooks', id, 'deliveries', limit] as const,
  },
  media: {
    all: () => ['media'] as const,
    /** The library's pages as the /media screen reads them, by filter. */
    allPages: () => ['media', 'pages'] as const,
    pages: (params: ListParams) => ['media', 'pages', params] as const,
    /** One image, as the focal-point picker of a form reads it. */
    item: (name: string) => ['media', 'item', name] as const,
  },
  /** The signed-in user's own sessions (GET /api/me/sessions), apart from the session check's key. */
  mySessions: () => ['my-sessions'] as const,
};
