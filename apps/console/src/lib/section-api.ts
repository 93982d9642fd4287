import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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

export function sectionListQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.sections.list(slug),
    queryFn: async ({ signal }): Promise<SectionList> => {
      const { data, etag } = await apiRequest<unknown>('GET', `/api/${slug}`, { signal });
      return { records: asList(data), etag };
    },
  });
}

export function useSectionList(slug: string, enabled = true) {
  return useQuery({ ...sectionListQuery(slug), enabled });
}

/** One record opened for editing, with the ETag its save sends back as If-Match. */
export interface EditableRecord {
  record: SectionRecord | null;
  etag: string | null;
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
      if (byId) {
        const { data, etag } = await apiRequest<SectionRecord>('GET', `/api/${section.slug}/${id}`, { signal });
        return { record: data, etag };
      }
      const { data, etag } = await apiRequest<unknown>('GET', `/api/${section.slug}`, { signal });
      const [record] = asList(data);
      return { record: record ?? null, etag: record ? etag : null };
    },
    // the form edits a snapshot: a background refetch must not replace the ETag under the editor
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * Every successful write refreshes that section's data (and the audit log and the trash, which deletes and restores
 * change).
 */
export async function refreshSection(queryClient: QueryClient, slug: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sections.all(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.logs.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.trash.all() }),
  ]);
}
