import type { ServerResponse } from 'node:http';

/**
 * The answers a section's list route sent from a kept list (SectionListCache), by response: the version the list is
 * current for. Whatever serves those answers again without the route (http/list-replay.ts) may do so only while the counter still has that value, and only for an answer noted here: a list too long to be kept is built
 * anew on every read, and must not be held in memory elsewhere either.
 */
const versions = new WeakMap<ServerResponse, ListVersion>();

/** What a kept list is current for: its section's counter (`7`), with the languages' for a list in a language. */
export type ListVersion = number | string;

/** The version of a section's list in one language: `7.2`, the section's counter then the languages'. */
export const languageListVersion = (section: number, languages: number): string => `${section}.${languages}`;

export function noteKeptListAnswer(response: ServerResponse, version: ListVersion): void {
  versions.set(response, version);
}

/** The version of the kept list this response sent; undefined when it sent anything else. */
export function keptListVersionOf(response: ServerResponse): ListVersion | undefined {
  return versions.get(response);
}
