import type * as React from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { useCan } from '@/lib/permissions';
import { ConfirmDeleteButton } from '../delete/confirm-delete';
import { type ConfirmedDeleteTexts, useDeleteWithToasts } from '../delete/delete-record';
import { fieldText } from '@/lib/record-text';
import { EditLink } from './header-buttons';

interface RecordActionsProps {
  editTo: string;
  /** What the record is called, to name its buttons for screen readers. */
  name: string;
  deleteTitle: string;
  deleteText: string;
  onDelete: () => void;
  deleting: boolean;
}

/** Edit and Delete for one record of a collection; Delete asks first. A viewer gets neither. */
export function RecordActions({ editTo, name, deleteTitle, deleteText, onDelete, deleting }: RecordActionsProps) {
  if (!useCan('content:write')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <EditLink to={editTo} name={name} />
      <ConfirmDeleteButton
        title={deleteTitle}
        description={deleteText}
        onConfirm={onDelete}
        pending={deleting}
        triggerName={`Delete ${name}`}
      />
    </div>
  );
}

/**
 * Edit and Delete for each record of a collection page: the edit link, the confirmation asked in
 * the section's words (about the record's title field), the delete and its toasts. `nameOf` is
 * what the page shows as the record's name, which names the buttons.
 */
export function useRecordActions(
  section: SectionDef,
  texts: ConfirmedDeleteTexts,
  nameOf: (record: SectionRecord) => string,
): (record: SectionRecord) => React.ReactNode {
  const { remove, pendingId } = useDeleteWithToasts(section.slug, texts);
  return (record) => (
    <RecordActions
      editTo={`/${section.slug}/edit/${record.id}`}
      name={nameOf(record)}
      deleteTitle={texts.confirmTitle}
      deleteText={texts.confirmText(fieldText(record, section.titleField))}
      onDelete={() => remove(record.id)}
      deleting={pendingId === record.id}
    />
  );
}
