import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * What each kind of write changes is read again at once, so no screen shows the state before it until a reload: the
 * lists, the dashboard's cards and schedules, Site health and Media. Each kind names what it refreshes here, once; the
 * screens only read.
 */

/**
 * A record's save, draft, publish, unpublish, discard, schedule, delete or restore, or a change of its sub-items: its
 * section's lists, records and histories, the audit log (the dashboard's cards), the trash, the media library (the uses
 * and alternative texts a save changes), Site health (the problems a save fixes or brings) and the schedules.
 */
export async function refreshAfterRecordWrite(queryClient: QueryClient, slug: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sections.all(slug) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.logs.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.trash.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.media.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.siteHealth() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.schedules() }),
  ]);
}

/**
 * An image's alternative text or focal point, changed on its own: every section's records (their answers carry the
 * text of the images they show) and Site health. The library's pages are updated in place by the change itself.
 */
export async function refreshAfterImageChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sections.root() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.siteHealth() }),
  ]);
}
