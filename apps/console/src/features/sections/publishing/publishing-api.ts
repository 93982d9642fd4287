import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { apiRequest, toRequestBody } from '@/lib/api-client';
import { type FocalPoint, setNewFocalPoints } from '@/lib/new-image-focal';
import { publishingOf, recordApiPath } from '@/lib/publishing';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import { scheduleItemsOf } from '@/lib/schedules-api';

/** After a publishing write everything that shows the record reads again. */
function useRefresh(section: SectionDef) {
  const queryClient = useQueryClient();
  return () => refreshAfterRecordWrite(queryClient, section.slug);
}

/** A record's scheduled actions and its last failed one: GET …/schedule. */
export function recordScheduleQuery(section: SectionDef, record: SectionRecord) {
  return queryOptions({
    queryKey: queryKeys.sections.schedule(section.slug, record.id),
    queryFn: async ({ signal }) => {
      const path = `${recordApiPath(section, record.id)}/schedule`;
      return scheduleItemsOf((await apiRequest<unknown>('GET', path, { signal, auth: true })).data);
    },
  });
}

/**
 * Publish (the draft or the pending changes go live), Discard changes (the pending changes are dropped) and Unpublish
 * (the website stops showing the record; it is kept as a draft). With `locale` (a language other than the default),
 * Publish and Discard changes are that language's waiting changes'; a draft is published whole.
 */
export function usePublishingActions(section: SectionDef, record: SectionRecord, locale?: string) {
  const refresh = useRefresh(section);
  const base = recordApiPath(section, record.id);
  const query = locale && publishingOf(record).status === 'published' ? { locale } : undefined;
  const publish = useMutation({
    mutationFn: () => apiRequest('POST', `${base}/publish`, { query }),
    onSuccess: refresh,
  });
  const discard = useMutation({
    mutationFn: () => apiRequest('DELETE', `${base}/changes`, { query }),
    onSuccess: refresh,
  });
  const unpublish = useMutation({
    mutationFn: () => apiRequest('POST', `${base}/unpublish`),
    onSuccess: refresh,
  });
  return { publish, discard, unpublish };
}

/** The times a schedule sets, each ISO 8601 with the browser's offset; a time left out is not changed. */
export interface ScheduleTimes {
  publish_at?: string;
  unpublish_at?: string;
}

export function useScheduleActions(section: SectionDef, record: SectionRecord) {
  const refresh = useRefresh(section);
  const path = `${recordApiPath(section, record.id)}/schedule`;
  const save = useMutation({
    mutationFn: (times: ScheduleTimes) => apiRequest('PUT', path, { json: times }),
    onSuccess: refresh,
  });
  const clear = useMutation({ mutationFn: () => apiRequest('DELETE', path), onSuccess: refresh });
  return { save, clear };
}

/** POST /api/preview-tokens: `url` is where the website previews the record, null when it has no preview page. */
interface PreviewToken {
  token: string;
  expires_at: string;
  url: string | null;
}

export async function requestPreview(
  section: SectionDef,
  record: SectionRecord,
  locale?: string,
): Promise<PreviewToken> {
  const { data } = await apiRequest<PreviewToken>('POST', '/api/preview-tokens', {
    json: { section: section.slug, id: record.id, ...(locale ? { locale } : {}) },
  });
  return data;
}

interface DraftSave {
  values: Record<string, unknown>;
  /** The record being edited, null on create (or when a single-record section is set up). */
  record: SectionRecord | null;
  etag: string | null;
  /** The ETag of the pending changes, when the published record has some. */
  pendingEtag: string | null;
  /** The focal points picked on its new images, by image field. */
  focal?: Map<string, FocalPoint>;
}

function writeDraft(section: SectionDef, { values, record, etag, pendingEtag }: DraftSave) {
  if (!record) return apiRequest('POST', `/api/${section.slug}`, toRequestBody({ ...values, status: 'draft' }));
  const path = recordApiPath(section, record.id);
  if (publishingOf(record).status === 'draft')
    return apiRequest('PUT', path, { ...toRequestBody({ ...values, status: 'draft' }), ifMatch: etag });
  return apiRequest('PUT', `${path}/changes`, { ...toRequestBody(values), ifMatch: pendingEtag });
}

/**
 * 'Save as draft' keeps a change off the website: a new record is created as a draft, a draft is saved in place, and
 * a published record's change is saved as its pending changes (the live version stays as it is).
 */
export function useSaveDraft(section: SectionDef) {
  const refresh = useRefresh(section);
  return useMutation({
    mutationFn: async ({ values, record, etag, pendingEtag, focal = new Map() }: DraftSave) => {
      const response = await writeDraft(section, { values, record, etag, pendingEtag });
      await setNewFocalPoints(response.data, focal);
      return response;
    },
    onSuccess: refresh,
  });
}
