import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { recordApiPath } from '@/lib/publishing';
import { queryKeys } from '@/lib/query-keys';
import { asList } from '@/lib/section-api';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';

/** The record with every translated field in every language, and the ETag its save sends back as If-Match. */
export interface RecordInEveryLanguage {
  record: SectionRecord | null;
  etag: string | null;
}

/**
 * One record in every language (`?locale=*`): a collection's by id, a single-record section's as its one record. A
 * snapshot, like the default language's edit screen reads: a background read must not change the ETag under the
 * editor.
 */
export function recordInEveryLanguageQuery(section: SectionDef, id: string | number) {
  return queryOptions({
    queryKey: queryKeys.sections.translations(section.slug, id),
    queryFn: async ({ signal }): Promise<RecordInEveryLanguage> => {
      const { data, etag } = await apiRequest<unknown>('GET', recordApiPath(section, id), {
        signal,
        auth: true,
        query: { locale: '*', status: 'all' },
      });
      const [record = null] = asList(data);
      return { record, etag };
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
}

/**
 * Saves a record's text in one language (`PUT …?locale=CODE`). Waiting changes are the default language's only, so
 * the text is saved as the record is: live on a published record, kept off the website on a draft.
 */
export function useSaveTranslation(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, code, values, etag }: TranslationSave) =>
      apiRequest('PUT', recordApiPath(section, record.id), { json: values, ifMatch: etag, query: { locale: code } }),
    onSuccess: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}
