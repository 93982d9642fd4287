import type { SectionRecord } from '@bursary/shared';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import type { ResolvedSection } from '../descriptor/console-section';
import { fieldText, snippet, fieldTextOr } from '@/lib/record-text';
import { EditLink, EditOrSetupButton, NewButton } from './header-buttons';
import { SectionListPage } from './list-page';
import { useRecordActions } from './record-actions';
import { ActionsCell, ActionsHead, RecordCard, RecordGrid, RecordTable } from './record-views';

/** One field of a record as a list shows it: rich text as a snippet, dates the British way. */
function shown(resolved: ResolvedSection, record: SectionRecord, name: string): string {
  const kind = resolved.section.fields[name]?.kind;
  const value = fieldText(record, name);
  if (kind === 'richtext') return snippet(value);
  if (kind === 'date') return formatDate(value || null);
  return value;
}

/**
 * The list page of a section with no bespoke page (the shared list pattern): its columns in the
 * List view and on Grid cards, Edit and Delete per record of a collection, Edit or Setup for a
 * single-record section.
 */
export function DefaultListPage({ resolved }: { resolved: ResolvedSection }) {
  const { section, columns } = resolved;
  const nameOf = (record: SectionRecord) => fieldTextOr(record, section.titleField, 'Untitled');
  const deleteActions = useRecordActions(section, resolved.deleteTexts, nameOf);
  const single = section.kind === 'single';
  const actions = (record: SectionRecord) =>
    single ? <EditLink to={`/${section.slug}/edit/${record.id}`} name={nameOf(record)} /> : deleteActions(record);
  const label = (name: string) => section.fields[name]?.label ?? name;
  return (
    <SectionListPage
      resolved={resolved}
      views={{ initial: 'grid' }}
      actions={(records) =>
        single ? (
          <EditOrSetupButton section={section} records={records} />
        ) : (
          <NewButton to={`/${section.slug}/create`} label={`New ${section.singular}`} />
        )
      }
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record) => (
              <RecordCard title={nameOf(record)}>
                {columns
                  .filter((name) => name !== section.titleField)
                  .map((name) => (
                    <p key={name} className="text-muted-foreground">
                      {shown(resolved, record, name)}
                    </p>
                  ))}
                {actions(record)}
              </RecordCard>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                {columns.map((name) => (
                  <TableHead key={name}>{label(name)}</TableHead>
                ))}
                <ActionsHead />
              </>
            }
            cells={(record) => (
              <>
                {columns.map((name) => (
                  <TableCell key={name}>{shown(resolved, record, name)}</TableCell>
                ))}
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
