import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { recordApiPath } from '@/lib/publishing';
import { queryKeys } from '@/lib/query-keys';
import { asList } from '@/lib/section-api';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import { altFieldOf } from '@/components/fields/alt-text-input';
import { imageFields } from '../form/form-model';

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

/** A version of the record in one language and the ETag its next write sends back as If-Match. */
export interface LanguageVersion {
  record: SectionRecord;
  etag: string | null;
}

/**
 * A record as one language other than the default has it: live, read in that language with its publishing state
 * (`has_changes` says whether changes wait in that language), and that language's waiting changes, if any.
 */
export interface RecordInLanguage {
  live: LanguageVersion | null;
  waiting: LanguageVersion | null;
}

export function recordInLanguageQuery(section: SectionDef, id: string | number, code: string) {
  return queryOptions({
    queryKey: queryKeys.sections.language(section.slug, id, code),
    queryFn: async ({ signal }): Promise<RecordInLanguage> => {
      const path = recordApiPath(section, id);
      const read = await apiRequest<unknown>('GET', path, {
        signal,
        auth: true,
        query: { locale: code, status: 'all' },
      });
      const [record = null] = asList(read.data);
      if (!record) return { live: null, waiting: null };
      const live = { record, etag: read.etag };
      if (record.has_changes !== true) return { live, waiting: null };
      try {
        const changes = await apiRequest<SectionRecord>('GET', `${recordApiPath(section, record.id)}/changes`, {
          signal,
          auth: true,
          query: { locale: code },
        });
        return { live, waiting: { record: changes.data, etag: changes.etag } };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { live, waiting: null };
        throw error;
      }
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
  /**
   * 'Publish now' over this language's waiting changes, which the form showed: saved live, they are its text now, so
   * they are dropped rather than left waiting with nothing new in them.
   */
  publishNow?: boolean;
}

/**
 * Saves a record's text in one language (`PUT …?locale=CODE`): live on a published record, kept off the website on a
 * draft. 'Publish now' over that language's waiting changes saves them live and drops them.
 */
export function useSaveTranslation(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ record, code, values, etag, publishNow }: TranslationSave) => {
      const path = recordApiPath(section, record.id);
      const response = await apiRequest('PUT', path, { json: values, ifMatch: etag, query: { locale: code } });
      if (publishNow && record.status === 'draft') await apiRequest('POST', `${path}/publish`);
      // the save itself is done: should the drop fail, the changes still wait and the banner offers to discard them
      else if (publishNow) await apiRequest('DELETE', `${path}/changes`, { query: { locale: code } }).catch(() => null);
      return response;
    },
    onSuccess: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}

/**
 * 'Save as draft' in one language on a published record: that language's text is kept as its waiting changes
 * (`PUT …/changes?locale=CODE`, translated fields only: shared ones are the default language's). A changed alternative
 * text goes too, for the server to refuse with its reason: it would show at once, before the changes it came with.
 */
export function useSaveTranslationDraft(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, code, values, etag }: TranslationSave) => {
      const path = recordApiPath(section, record.id);
      const alts = new Set(imageFields(section).map(altFieldOf));
      const translated = Object.fromEntries(
        Object.entries(values).filter(
          ([name]) => section.fields[name]?.translated || name === section.subItems?.field || alts.has(name),
        ),
      );
      return apiRequest('PUT', `${path}/changes`, { json: translated, ifMatch: etag, query: { locale: code } });
    },
    onSuccess: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}

interface MarkCurrent {
  record: SectionRecord;
  code: string;
  /** The translated fields (or the sub-item list) to mark. */
  fields: string[];
  etag: string | null;
}

/**
 * Marks a record's text in one language as up to date with the default language's (`POST
 * …/translations/{code}/current`): the fields named are no longer outdated, without changing their text.
 */
export function useMarkTranslationCurrent(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, code, fields, etag }: MarkCurrent) =>
      apiRequest('POST', `${recordApiPath(section, record.id)}/translations/${encodeURIComponent(code)}/current`, {
        json: { fields },
        ifMatch: etag,
      }),
    onSuccess: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}
