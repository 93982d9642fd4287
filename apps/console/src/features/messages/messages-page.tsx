import { memo } from 'react';
import type { SectionRecord } from '@bursary/shared';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import { snippet, fieldText, fieldTextOr } from '@/lib/record-text';
import {
  ActionsHead,
  ActionsCell,
  NewButton,
  RecordActions,
  SectionListPage,
  useDeleteWithToasts,
  type ConfirmedDeleteTexts,
  type SectionPageProps,
  RecordBadges,
  recordKey,
  WindowedTable,
} from '@/features/sections';

interface MessageCellsProps {
  record: SectionRecord;
  deleting: boolean;
  remove: (id: SectionRecord['id']) => void;
  texts: ConfirmedDeleteTexts;
}

/**
 * One message's cells: its snippet parses the message's HTML, so they render again only when the record or its
 * deleting state changes, not on each keystroke in the search box.
 */
const MessageCells = memo(function MessageCells({ record, deleting, remove, texts }: MessageCellsProps) {
  return (
    <>
      <TableCell className="font-medium">
        <span className="grid justify-items-start gap-1">
          {fieldText(record, 'sender')}
          <RecordBadges record={record} />
        </span>
      </TableCell>
      <TableCell>{fieldText(record, 'recipient')}</TableCell>
      <TableCell className="text-muted-foreground">{snippet(fieldText(record, 'message'))}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(fieldText(record, 'updated_at') || null)}</TableCell>
      <ActionsCell>
        <RecordActions
          editTo={`/messages/edit/${record.id}`}
          name={`message from ${fieldTextOr(record, 'sender', 'unknown sender')}`}
          deleteTitle={texts.confirmTitle}
          deleteText={texts.confirmText(fieldText(record, 'sender'))}
          onDelete={() => remove(record.id)}
          deleting={deleting}
        />
      </ActionsCell>
    </>
  );
});

/** The Messages list, on the shared list pattern. */
export function MessagesPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const { remove, pendingId } = useDeleteWithToasts('messages', texts);
  return (
    <SectionListPage
      resolved={resolved}
      search={{ placeholder: 'Search sender, recipient or message...' }}
      actions={() => <NewButton to="/messages/create" label="New Message" />}
    >
      {(records) => (
        <WindowedTable
          items={records}
          itemKey={recordKey}
          heads={
            <>
              <TableHead>Sender</TableHead>
              <TableHead>Recipient</TableHead>
              <TableHead>Message</TableHead>
              <TableHead>Updated</TableHead>
              <ActionsHead />
            </>
          }
          cells={(record) => (
            <MessageCells record={record} deleting={pendingId === record.id} remove={remove} texts={texts} />
          )}
        />
      )}
    </SectionListPage>
  );
}
