import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { ApiError, apiRequest, toRequestBody } from '@/lib/api-client';
import { publishingOf, recordApiPath } from '@/lib/publishing';
import { queryKeys } from '@/lib/query-keys';
import { asList } from '@/lib/section-api';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';

/** The record with every translated field in every language, and the ETag its save sends back as If-Match. */
export interface RecordInEveryLanguage {
  record: SectionRecord | null;
  etag: string | null;
  /** Its pending changes in the language edited, when the published record has some there. */
  pending: { record: SectionRecord; etag: string | null } | null;
}

const EVERY_LANGUAGE = { locale: '*', status: 'all' } as const;

async function readPendingIn(path: string, code: string, signal: AbortSignal) {
  try {
    const { data, etag } = await apiRequest<SectionRecord>('GET', `${path}/changes`, {
      signal,
      auth: true,
      query: { locale: code, fallback: 'none' },
    });
    return { record: data, etag };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * One record in every language (`?locale=*`), for editing it in `code`: a collection's by id, a single-record
 * section's as its one record; with its pending changes in that language when it has some.
 */
export function recordInEveryLanguageQuery(section: SectionDef, id: string | number, code: string) {
  return queryOptions({
    queryKey: [...queryKeys.sections.translations(section.slug, id), code] as const,
    queryFn: async ({ signal }): Promise<RecordInEveryLanguage> => {
      const path = recordApiPath(section, id);
      const { data, etag } = await apiRequest<unknown>('GET', path, { signal, auth: true, query: EVERY_LANGUAGE });
      const [record = null] = asList(data);
      const pending = record && publishingOf(record).hasChanges ? await readPendingIn(path, code, signal) : null;
      return { record, etag, pending };
    },
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

interface TranslationSave {
  record: SectionRecord;
  code: string;
  values: Record<string, unknown>;
  etag: string | null;
  pendingEtag: string | null;
}

/**
 * Saves a record's text in one language (`?locale=CODE`): a draft stays a draft, a published record with pending
 * changes keeps them waiting (`/changes?locale=CODE`), any other record is saved live.
 */
export function useSaveTranslation(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, code, values, etag, pendingEtag }: TranslationSave) => {
      const path = recordApiPath(section, record.id);
      const state = publishingOf(record);
      const query = { locale: code };
      if (state.status === 'draft')
        return apiRequest('PUT', path, { ...toRequestBody({ ...values, status: 'draft' }), ifMatch: etag, query });
      if (state.hasChanges)
        return apiRequest('PUT', `${path}/changes`, { ...toRequestBody(values), ifMatch: pendingEtag, query });
      return apiRequest('PUT', path, { ...toRequestBody(values), ifMatch: etag, query });
    },
    onSuccess: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}
