import type { Revision, SectionDef } from '@bursary/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useCan } from '@/lib/permissions';
import type { CurrentRecord } from './history-api';
import { differencesByLanguage, type VersionTranslations } from '@/lib/record-diff';
import { LanguageContentList, LanguageDifferenceList } from './language-differences';
import { RestoreButton } from './restore-button';
import { actionLabel } from './version-list';

interface VersionDetailsProps {
  section: SectionDef;
  version: Revision | null;
  current: CurrentRecord;
  /** The current record's text in its other languages (its newest revision keeps them). */
  currentTranslations: VersionTranslations;
}

/** The chosen version: how the record changed since, or its content when the record is deleted; and its restore. */
export function VersionDetails({ section, version, current, currentTranslations }: VersionDetailsProps) {
  const canEdit = useCan('content:write');
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
  const groups = record ? differencesByLanguage(section, version.record, record, currentTranslations) : [];
  const changed = groups.some((group) => group.differences.length > 0);
  const restorable = record === null || changed;
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
            {changed && (
              <p className="text-sm text-muted-foreground">
                What has changed since this version, up to the current one. Added words are highlighted, removed words
                struck through.
              </p>
            )}
            <LanguageDifferenceList groups={groups} />
          </>
        ) : (
          <>
            <p>
              This record is deleted, so there is no current version to compare with. This is the version's content.
            </p>
            <LanguageContentList section={section} version={version.record} />
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
