import type { SectionRecord } from '@bursary/shared';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import { fieldText } from '@/lib/record-text';
import { EmptyState } from '@/components/list-states';
import {
  ActionsHead,
  ActionsCell,
  NewButton,
  RecordActions,
  SectionListPage,
  useDeleteWithToasts,
  RecordCard,
  RecordGrid,
  RecordTable,
  type SectionPageProps,
} from '@/features/sections';

/** The content items, read and written at /api/content. */
export function ContentPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const { remove, pendingId } = useDeleteWithToasts('content', texts);
  const actions = (record: SectionRecord) => (
    <RecordActions
      editTo={`/content/edit/${record.id}`}
      name={fieldText(record, 'title')}
      deleteTitle={texts.confirmTitle}
      deleteText={texts.confirmText(fieldText(record, 'title'))}
      onDelete={() => remove(record.id)}
      deleting={pendingId === record.id}
    />
  );
  return (
    <SectionListPage
      resolved={resolved}
      title="Content"
      subtitle="Manage your content items"
      noun="content"
      search={{ placeholder: 'Search content...', fields: ['title', 'excerpt'] }}
      views={{ initial: 'grid' }}
      paged
      actions={() => <NewButton to="/content/create" label="New Content" />}
      renderNoResults={() => <EmptyState title="No content found" text="Try adjusting your search query" />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record) => (
              <RecordCard title={fieldText(record, 'title')}>
                <p className="line-clamp-3 text-muted-foreground">{fieldText(record, 'excerpt')}</p>
                <p className="text-sm text-muted-foreground">{formatDate(fieldText(record, 'updatedAt') || null)}</p>
                {actions(record)}
              </RecordCard>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                <TableHead>Title</TableHead>
                <TableHead className="hidden md:table-cell">Excerpt</TableHead>
                <TableHead className="hidden md:table-cell">Updated</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record) => (
              <>
                <TableCell className="font-medium">{fieldText(record, 'title')}</TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">
                  {fieldText(record, 'excerpt')}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {formatDate(fieldText(record, 'updatedAt') || null)}
                </TableCell>
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
