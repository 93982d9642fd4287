import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** The words of one action on a row of an administration table (a user, a webhook). */
export interface ActionTexts {
  /** The menu item and the confirming button. */
  label: string;
  /** Asked first, when the action takes something away or cannot be taken back. */
  confirm?: { title: string; text: string };
  /** The success toast's title; the server's message, when it sends one, is its description. */
  done: string;
  /** The failure toast's title; the server's reason is its description. */
  failed: string;
}

interface RowActionsMenuProps<A extends string> {
  /** Names the row in the button's accessible name: "Actions for …". */
  name: string;
  actions: readonly A[];
  textsOf: (action: A) => ActionTexts;
  /** Whether an action on this row is under way. */
  pending: boolean;
  onEdit: () => void;
  onAction: (action: A) => void;
}

/** Everything an administrator can do to one row or card, under one button: Edit, then its actions. */
export function RowActionsMenu<A extends string>({
  name,
  actions,
  textsOf,
  pending,
  onEdit,
  onAction,
}: RowActionsMenuProps<A>) {
  return (
    // not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in it
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" loading={pending} aria-label={`Actions for ${name}`}>
          Actions{!pending && <ChevronDown aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>Edit</DropdownMenuItem>
        <DropdownMenuSeparator />
        {actions.map((action) => {
          const { label, confirm } = textsOf(action);
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action)}>
              {confirm ? `${label}…` : label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface ConfirmActionProps {
  /** The action asked about; none (or one that asks nothing) closes the question. */
  texts: ActionTexts | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The yes/no question before an action that takes something away or cannot be taken back. */
export function ConfirmAction({ texts, onConfirm, onCancel }: ConfirmActionProps) {
  return (
    <ConfirmDialog
      open={texts?.confirm !== undefined}
      onClose={onCancel}
      title={texts?.confirm?.title ?? ''}
      description={texts?.confirm?.text}
      confirmLabel={texts?.label ?? ''}
      onConfirm={onConfirm}
    />
  );
}
