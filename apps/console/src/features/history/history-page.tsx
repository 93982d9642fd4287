import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { findSection, type SectionDef, UNSUPPORTED_SECTION } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useIsMobile } from '@/lib/use-is-mobile';
import { fieldText } from '@/lib/record-text';
import { translationsOfVersion } from '@/lib/record-diff';
import { ErrorPanel, EmptyState } from '@/components/list-states';
import { currentRecordQuery, revisionsQuery } from './history-api';
import { VersionDetails } from './version-details';
import { VersionList } from './version-list';

/** /:slug/history/:id (a collection's record) and /:slug/history (a single-record section's). */
export function HistoryPage() {
  const { slug = '', id } = useParams();
  const section = findSection(slug);
  if (!section) return <h1 className="mx-auto max-w-3xl text-2xl font-semibold">{UNSUPPORTED_SECTION}</h1>;
  if (section.kind === 'collection' && id === undefined) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <h1 className="text-3xl font-bold tracking-tight">History</h1>
        <EmptyState
          title="No record chosen"
          text="Open a record's history with the History button of its edit screen."
        />
      </div>
    );
  }
  return <RecordHistory key={`${slug}/${id ?? ''}`} section={section} id={id} />;
}

/** ?revision=N: the version shown, chosen here or by a log row's link. */
function useSelectedRevision(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('revision'));
  const select = (revision: number) =>
    setParams({ revision: String(revision) }, { replace: true, preventScrollReset: true });
  return [Number.isInteger(wanted) && wanted > 0 ? wanted : null, select];
}

function RecordHistory({ section, id }: { section: SectionDef; id: string | undefined }) {
  const versions = useInfiniteQuery(revisionsQuery(section, id));
  const current = useQuery(currentRecordQuery(section, id));
  const [selectedId, select] = useSelectedRevision();
  const isMobile = useIsMobile();
  const details = useRef<HTMLDivElement>(null);

  const loaded = versions.data?.pages.flatMap((page) => page.items) ?? [];
  const total = versions.data?.pages.at(-1)?.total ?? 0;
  const selected = loaded.find((version) => version.id === selectedId) ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = versions;

  // a linked version older than the pages read: read on until it is found
  useEffect(() => {
    if (selectedId !== null && !selected && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [selectedId, selected, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const record = current.data?.record ?? null;
  const newest = loaded[0];
  const shown = record ?? newest?.record;
  const title = shown ? fieldText(shown, section.titleField) : '';
  const back =
    section.kind === 'single' ? `/${section.slug}` : record ? `/${section.slug}/edit/${record.id}` : `/${section.slug}`;

  const choose = (revision: number) => {
    select(revision);
    // on a phone the details sit under the list: bring them into view
    if (isMobile) details.current?.scrollIntoView({ block: 'start' });
  };

  let body: React.ReactNode;
  if (versions.isPending || current.isPending) {
    body = (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner className="size-8" label="Loading history" />
      </div>
    );
  } else if (versions.isError || current.isError) {
    const error = versions.error ?? current.error;
    body =
      error instanceof ApiError && error.status === 404 ? (
        <EmptyState title="No history" text={error.message} />
      ) : (
        <ErrorPanel noun="this history" error={error} />
      );
  } else if (loaded.length === 0) {
    body = <EmptyState title="No versions yet" text="Versions appear here once the record is saved." />;
  } else {
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Versions</CardTitle>
          </CardHeader>
          <CardContent>
            <VersionList
              versions={loaded}
              selectedId={selectedId}
              currentId={record && newest?.action !== 'delete' ? (newest?.id ?? null) : null}
              onSelect={choose}
              total={total}
              more={{ has: hasNextPage, loading: isFetchingNextPage, load: () => void fetchNextPage() }}
            />
          </CardContent>
        </Card>
        <div ref={details} className="scroll-mt-20">
          <VersionDetails
            section={section}
            version={selected}
            current={current.data}
            currentTranslations={record && newest?.action !== 'delete' ? translationsOfVersion(newest?.record) : {}}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">History</h1>
          <p className="text-muted-foreground">
            {title ? `${section.singular} "${title}"` : section.singular}: every saved version, newest first
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={back}>
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
      </div>
      {body}
    </div>
  );
}
