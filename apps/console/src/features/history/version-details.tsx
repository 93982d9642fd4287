import type { Revision, SectionDef } from '@bursary/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useCanEdit } from '@/lib/permissions';
import { ContentList, DifferenceList } from '@/components/difference-views';
import type { CurrentRecord } from './history-api';
import { recordDifferences, versionContent } from '@/lib/record-diff';
import { RestoreButton } from './restore-button';
import { actionLabel } from './version-list';

interface VersionDetailsProps {
  section: SectionDef;
  version: Revision | null;
  current: CurrentRecord;
}

/** The chosen version: how the record changed since, or its content when the record is deleted; and its restore. */
export function VersionDetails({ section, version, current }: VersionDetailsProps) {
  const canEdit = useCanEdit();
  if (!version) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Compare a version</CardTitle>
          <CardDescription>Select a version to see what has changed since, and to restore it.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const record = current.record;
  const differences = record ? recordDifferences(section, version.record, record) : [];
  const restorable = record === null || differences.length > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Version of {formatDate(version.created_at)}</CardTitle>
        <CardDescription>
          {actionLabel(version.action)} by {version.username}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {record ? (
          <>
            {differences.length > 0 && (
              <p className="text-sm text-muted-foreground">
                What has changed since this version, up to the current one. Added words are highlighted, removed words
                struck through.
              </p>
            )}
            <DifferenceList differences={differences} />
          </>
        ) : (
          <>
            <p>
              This record is deleted, so there is no current version to compare with. This is the version's content.
            </p>
            <ContentList content={versionContent(section, version.record)} />
          </>
        )}
        {canEdit && restorable && (
          <div>
            <RestoreButton section={section} revision={version} etag={current.etag} deleted={record === null} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
