import { buildTestApp } from '../helper.ts';

type Json = Record<string, unknown>;

/** The API document as the app serves it: assembled from the routes' own declarations. */
export async function apiDocument(): Promise<Json> {
  const t = await buildTestApp({ signIn: false });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    return res.json() as Json;
  } finally {
    await t.close();
  }
}
