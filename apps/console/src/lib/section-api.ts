import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { publishingOf, recordApiPath } from '@/lib/publishing';
import { getToken } from '@/lib/session';

/** A section's records as a list page reads them, with the ETag a single-record section answers. */
export interface SectionList {
  records: SectionRecord[];
  etag: string | null;
}

/** A read answer may be one object or an array; either way it is a list. */
export function asList(data: unknown): SectionRecord[] {
  if (Array.isArray(data))
    return data.filter((item): item is SectionRecord => typeof item === 'object' && item !== null);
  if (typeof data === 'object' && data !== null) return [data as SectionRecord];
  return [];
}

/**
 * How the console reads a section: signed in, with `status=all`, so drafts are listed too and every record tells its
 * publishing state; signed out, the public read of what is live.
 */
export function readOptions(query: ApiRequestOptions['query'] = {}): Pick<ApiRequestOptions, 'auth' | 'query'> {
  return getToken() ? { auth: true, query: { ...query, status: 'all' } } : { query };
}

export function sectionListQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.sections.list(slug),
    queryFn: async ({ signal }): Promise<SectionList> => {
      const { data, etag } = await apiRequest<unknown>('GET', `/api/${slug}`, { signal, ...readOptions() });
      return { records: asList(data), etag };
    },
  });
}

export function useSectionList(slug: string, enabled = true) {
  return useQuery({ ...sectionListQuery(slug), enabled });
}

/** A record's version and the ETag a write of it sends back as If-Match. */
interface VersionRead {
  record: SectionRecord | null;
  etag: string | null;
}

/**
 * One record opened for editing, with the ETag its save sends back as If-Match; and, when the published record carries
 * changes the website does not see yet, that pending version (what the form edits).
 */
export interface EditableRecord extends VersionRead {
  pending: VersionRead | null;
}

/** The pending changes of a published record; none answers 404. */
async function readPending(
  section: SectionDef,
  record: SectionRecord,
  signal: AbortSignal,
): Promise<VersionRead | null> {
  if (!publishingOf(record).hasChanges) return null;
  try {
    const path = `${recordApiPath(section, record.id)}/changes`;
    const { data, etag } = await apiRequest<SectionRecord>('GET', path, { signal, auth: true });
    return { record: data, etag };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Collections load a record by id; a single-record section loads its list and takes
 * the one record it holds (none yet means the edit screen sets the section up).
 */
export function sectionRecordQuery(section: SectionDef, id: string | undefined) {
  const byId = section.kind === 'collection' && id !== undefined;
  return queryOptions({
    queryKey: queryKeys.sections.detail(section.slug, byId ? id : 'single'),
    queryFn: async ({ signal }): Promise<EditableRecord> => {
      let live: VersionRead;
      if (byId) {
        const { data, etag } = await apiRequest<SectionRecord>('GET', `/api/${section.slug}/${id}`, {
          signal,
          ...readOptions(),
        });
        live = { record: data, etag };
      } else {
        const { data, etag } = await apiRequest<unknown>('GET', `/api/${section.slug}`, { signal, ...readOptions() });
        const [record] = asList(data);
        live = { record: record ?? null, etag: record ? etag : null };
      }
      const pending = live.record ? await readPending(section, live.record, signal) : null;
      return { ...live, pending };
    },
    // the form edits a snapshot: a background refetch must not replace the ETag under the editor
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
