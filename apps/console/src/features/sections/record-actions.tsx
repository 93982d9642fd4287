import { ConfirmDeleteButton } from './confirm-delete';
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

/** Edit and Delete for one record of a collection; Delete asks first (SPEC.md 4.5). */
export function RecordActions({ editTo, name, deleteTitle, deleteText, onDelete, deleting }: RecordActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <EditLink to={editTo} name={name} />
      <ConfirmDeleteButton title={deleteTitle} description={deleteText} onConfirm={onDelete} pending={deleting} triggerName={`Delete ${name}`} />
    </div>
  );
}
