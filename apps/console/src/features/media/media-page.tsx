import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MediaItem } from '@bursary/shared/media';
import { ALT_TEXT_HINT } from '@/components/fields/alt-text-input';
import { EmptyState, ErrorPanel, ListLoading } from '@/components/list-states';
import { ConfirmAction, type ActionTexts } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import { LabelledSelect } from '@/components/labelled-select';
import { languageLabel, useEditLanguages, useLocales } from '@/lib/locales-api';
import { ListWindowContext, WindowedGrid } from '@/features/sections';
import { toastFailure } from '@/lib/failure-toast';
import { type MediaFilters, useDeleteMedia, useMediaPages } from '@/lib/media-api';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import { useAltDrafts } from './alt-drafts';
import { MediaCard } from './media-card';
import { mediaLabel } from '@/lib/media-label';

const deleteTexts = (item: MediaItem): ActionTexts => ({
  label: 'Delete',
  confirm: {
    title: 'Delete this image?',
    text: `${mediaLabel(item)} is not used by any record. Deleting it removes the file for good.`,
  },
  done: 'Image deleted',
  failed: 'Image not deleted',
});

/** The filters live in the address (`?unused=1&missing_alt=1`), so a link can open the library filtered. */
const FILTERS = [
  { key: 'unused', param: 'unused', label: 'Unused' },
  { key: 'missingAlt', param: 'missing_alt', label: 'Missing alternative text' },
] as const;

/** A line of cards' height before it is measured: the thumbnail, the file's facts and the text's editor. */
export const CARD_LINE_ESTIMATE = 520;

const nameOf = (item: MediaItem) => item.name;

/**
 * The filters, shown as ticked at once: the address follows them (a navigation, which completes later) and is read
 * only when the screen opens.
 */
function useFilters(): [MediaFilters, (key: keyof MediaFilters, on: boolean) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<MediaFilters>(() => ({
    unused: params.get('unused') === '1',
    missingAlt: params.get('missing_alt') === '1',
  }));
  const show = (next: MediaFilters) => {
    setFilters(next);
    const query = new URLSearchParams();
    for (const filter of FILTERS) if (next[filter.key]) query.set(filter.param, '1');
    setParams(query, { replace: true });
  };
  return [filters, (key, on) => show({ ...filters, [key]: on }), () => show({ unused: false, missingAlt: false })];
}

/**
 * /media: every stored image, newest first, read a page at a time as the reader scrolls; only the cards on and near
 * the screen are built.
 */
export function MediaPage() {
  const [filters, setFilter, clearFilters] = useFilters();
  // with two or more languages, each image's text in each; the cards show and edit the language chosen
  const languages = useEditLanguages();
  const { isPending: languagesPending } = useLocales();
  const [chosen, setChosen] = useState<string | null>(null);
  const language = languages.find((l) => l.code === chosen) ?? languages.find((l) => l.default);
  // read once the languages are known, so a library in two languages is not read first in one
  const library = useMediaPages(filters, languages.length > 0, !languagesPending);
  const removal = useDeleteMedia();
  const canEdit = useCan('media:write');
  const hintId = useId();
  const [asking, setAsking] = useState<MediaItem | null>(null);
  const drafts = useAltDrafts();
  const { fetchNextPage, hasNextPage, isFetchingNextPage, total } = library;
  const readMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const filtered = filters.unused || filters.missingAlt;
  const scope = useMemo(
    () => ({
      restartKey: `${filters.unused} ${filters.missingAlt}`,
      total,
      onNearEnd: hasNextPage && !isFetchingNextPage ? readMore : undefined,
    }),
    [filters.unused, filters.missingAlt, total, hasNextPage, isFetchingNextPage, readMore],
  );

  const remove = (item: MediaItem) => {
    const texts = deleteTexts(item);
    removal.mutate(item.name, {
      onSuccess: () => toast({ title: texts.done, description: mediaLabel(item) }),
      // 409: a record or a kept version uses it; the server's sentence says which
      onError: (error) => toastFailure(texts.failed, error),
    });
  };

  let body: ReactNode;
  if (library.isPending) body = <ListLoading noun="images" />;
  else if (library.isError) body = <ErrorPanel noun="images" error={library.error} />;
  else if (library.items.length === 0 && filtered)
    body = (
      <EmptyState
        title="No image matches these filters"
        action={
          <Button variant="outline" onClick={clearFilters}>
            Show all images
          </Button>
        }
      />
    );
  else if (library.items.length === 0)
    body = <EmptyState title="No images yet" text="Images uploaded to a section's records appear here." />;
  else
    body = (
      <>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {`Showing ${library.items.length} of ${library.total} ${library.total === 1 ? 'image' : 'images'}`}
        </p>
        <ListWindowContext value={scope}>
          <WindowedGrid
            items={library.items}
            itemKey={nameOf}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4"
            lineEstimate={CARD_LINE_ESTIMATE}
          >
            {(item) => (
              <MediaCard
                item={item}
                hintId={hintId}
                drafts={drafts}
                canEdit={canEdit}
                deleting={removal.isPending && removal.variables === item.name}
                onDelete={setAsking}
                languages={languages}
                language={language}
              />
            )}
          </WindowedGrid>
        </ListWindowContext>
        {library.isFetchingNextPage && <ListLoading noun="more images" />}
      </>
    );

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Media</h1>
        <p className="text-muted-foreground">
          Every uploaded image, newest first, with the records that show it.
          {canEdit ? '' : ' You can view these but not change them.'}
        </p>
      </div>
      <div className="grid gap-3">
        <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <legend className="mb-2 text-sm font-medium">Show only</legend>
          {FILTERS.map((filter) => (
            <label key={filter.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={filters[filter.key]}
                onChange={(event) => setFilter(filter.key, event.target.checked)}
              />
              {filter.label}
            </label>
          ))}
        </fieldset>
        {language && (
          <LabelledSelect label="Language" value={language.code} onChange={setChosen}>
            {languages.map((locale) => (
              <option key={locale.code} value={locale.code}>
                {languageLabel(locale)}
              </option>
            ))}
          </LabelledSelect>
        )}
        {canEdit && (
          <p id={hintId} className="text-sm text-muted-foreground">
            {`Alternative text: ${ALT_TEXT_HINT}`}
          </p>
        )}
      </div>
      {body}
      <ConfirmAction
        texts={asking && deleteTexts(asking)}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) remove(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}
