import type * as React from 'react';
import type { SectionRecord } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSectionList } from '@/lib/section-api';
import { itemsOf, fieldTextOr } from '@/lib/record-text';
import { EditLink, EditOrSetupButton } from '../list/header-buttons';
import { SectionListPage } from '../list/list-page';
import { RecordGrid } from '../list/record-views';
import { SubItemEditor } from './sub-item-editor';
import type { ResolvedSection } from '../descriptor/console-section';

export interface SubItemSectionPageProps {
  /** The section, with its sub-item block's texts. */
  resolved: ResolvedSection;
  defaultTitle: string;
  editLabel?: string;
  /** The card's link to the record's edit page: 'Edit Title', 'Edit Desc.' */
  cardEditLabel: string;
  searchPlaceholder?: string;
  /** The card's body under its title (a description, for most). */
  renderBody?: (record: SectionRecord) => React.ReactNode;
  views?: { initial: 'grid' | 'list'; inert?: boolean };
}

/**
 * A single-record section whose record holds a list of points: Steps, Benefits, Missions,
 * Stakeholders. One card per record with its sub-item editor.
 */
export function SubItemSectionPage({
  resolved,
  defaultTitle,
  editLabel,
  cardEditLabel,
  searchPlaceholder,
  renderBody,
  views,
}: SubItemSectionPageProps) {
  const { section, subItemTexts: texts } = resolved;
  const sub = section.subItems;
  if (!sub || !texts) throw new Error(`${section.slug} has no sub-items, or no words for their texts`);
  const withSub = { ...section, subItems: sub };
  // the editors go back to view mode whenever the data reloads
  const { dataUpdatedAt } = useSectionList(section.slug);
  const itemTexts = (record: SectionRecord) =>
    itemsOf(record, sub.field)
      .map((item) => String(item[sub.itemKey] ?? ''))
      .join('\n');
  return (
    <SectionListPage
      resolved={resolved}
      search={{ placeholder: searchPlaceholder, extra: [itemTexts] }}
      views={views}
      actions={(records) => <EditOrSetupButton section={section} records={records} editLabel={editLabel} />}
    >
      {(records) => (
        <RecordGrid
          records={records}
          className="md:grid-cols-1 xl:grid-cols-1"
          lineEstimate={480}
          card={(record) => {
            const title = fieldTextOr(record, 'title', defaultTitle);
            return (
              <Card>
                <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
                  <CardTitle as="h2">{title}</CardTitle>
                  <EditLink to={`/${section.slug}/edit/${record.id}`} label={cardEditLabel} name={title} />
                </CardHeader>
                <CardContent className="grid gap-4">
                  {renderBody?.(record)}
                  <SubItemEditor key={dataUpdatedAt} section={withSub} record={record} texts={texts} />
                </CardContent>
              </Card>
            );
          }}
        />
      )}
    </SectionListPage>
  );
}
