import { request, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL } from './env.ts';

export interface LoginAnswer {
  token: string;
  user: { id: number; username: string; name: string };
}

/** POST /api/login with the suite's known first user. */
export async function login(): Promise<LoginAnswer> {
  const ctx = await request.newContext({ baseURL: BASE_URL });
  try {
    const response = await ctx.post('/api/login', { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
    if (response.status() !== 200)
      throw new Error(`sign-in for seeding failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as LoginAnswer;
  } finally {
    await ctx.dispose();
  }
}

export type Json = Record<string, unknown>;

/** Bearer-token calls that seed and inspect data the way the server tests do. */
export class Api {
  readonly ctx: APIRequestContext;

  constructor(ctx: APIRequestContext) {
    this.ctx = ctx;
  }

  static async open(token: string): Promise<Api> {
    return new Api(
      await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } }),
    );
  }

  private async json<T>(
    method: string,
    url: string,
    options: Parameters<APIRequestContext['fetch']>[1] = {},
  ): Promise<T> {
    const response = await this.ctx.fetch(url, { method, ...options });
    if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  list<T = Json>(slug: string, q?: string): Promise<T[]> {
    return this.json<T[]>('GET', `/api/${slug}`, q ? { params: { q } } : {});
  }

  get<T = Json>(slug: string, id: number): Promise<T> {
    return this.json<T>('GET', `/api/${slug}/${id}`);
  }

  create<T = Json>(slug: string, data: Json): Promise<T & { id: number }> {
    return this.json<T & { id: number }>('POST', `/api/${slug}`, { data });
  }

  /** A record with an uploaded image, sent as multipart like the console does. */
  createWithImage<T = Json>(
    slug: string,
    fields: Record<string, string>,
    png: Buffer,
    name = 'image.png',
  ): Promise<T & { id: number }> {
    return this.json<T & { id: number }>('POST', `/api/${slug}`, {
      multipart: { ...fields, image: { name, mimeType: 'image/png', buffer: png } },
    });
  }

  update<T = Json>(slug: string, id: number, data: Json): Promise<T> {
    return this.json<T>('PUT', `/api/${slug}/${id}`, { data });
  }

  /** PUT /api/{slug}: creates or replaces the one record of a single-record section. */
  putSingle<T = Json>(slug: string, data: Json): Promise<T & { id: number }> {
    return this.json<T & { id: number }>('PUT', `/api/${slug}`, { data });
  }

  remove(slug: string, id: number): Promise<unknown> {
    return this.json('DELETE', `/api/${slug}/${id}`);
  }

  /** Empties a single-record section, so its empty state can be seen. */
  async clearSingle(slug: string): Promise<void> {
    for (const record of await this.list<{ id: number }>(slug)) await this.remove(slug, record.id);
  }

  logs(
    limit = 20,
  ): Promise<{ id: number; action: string; content: string; section: string; record_id: number | null }[]> {
    return this.json('GET', '/api/logs', { params: { limit } });
  }

  dispose(): Promise<void> {
    return this.ctx.dispose();
  }
}
