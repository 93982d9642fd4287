import type { Api, Json } from './api.ts';

/** Bearer-token calls of the languages API and of records read or written in one language. */
async function call<T>(api: Api, method: string, url: string, data?: Json): Promise<T> {
  const response = await api.ctx.fetch(url, { method, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Adds a language (not on the website unless `shown`), deleting first what an earlier run may have left. */
export async function addLanguage(api: Api, code: string, name: string, shown = false): Promise<void> {
  await removeLanguage(api, code);
  await call(api, 'POST', '/api/locales', { code, name });
  if (shown) await call(api, 'PATCH', `/api/locales/${code}`, { public: true });
}

/** Deletes a language with its translations; nothing when there is none. */
export async function removeLanguage(api: Api, code: string): Promise<void> {
  const response = await api.ctx.fetch(`/api/locales/${code}`, { method: 'DELETE' });
  if (!response.ok() && response.status() !== 404)
    throw new Error(`DELETE /api/locales/${code} answered ${response.status()}: ${await response.text()}`);
}

/** A record (or a single-record section's list) as the console reads it, every translated field by language code. */
export const readInEveryLanguage = <T = Json>(api: Api, path: string) =>
  call<T>(api, 'GET', `${path}?status=all&locale=*`);

/** PUT of a record in one language. */
export const putInLanguage = (api: Api, path: string, code: string, data: Json) =>
  call<Json>(api, 'PUT', `${path}?locale=${code}`, data);

/**
 * A FAQ written in a language that is added, on the website, for the test: `translation` is its text there. `run`
 * gets the FAQ; the language and the FAQ are removed after it, whether it passed or not.
 */
export async function withFaqInLanguage(
  api: Api,
  language: { code: string; name: string },
  faq: { title: string; description: string },
  translation: Json,
  run: (faq: { id: number }) => Promise<void>,
): Promise<void> {
  const created = await api.create('faqs', faq);
  await addLanguage(api, language.code, language.name, true);
  try {
    await putInLanguage(api, `/api/faqs/${created.id}`, language.code, translation);
    await run(created);
  } finally {
    await removeLanguage(api, language.code);
    await api.remove('faqs', created.id);
  }
}
