import type { UserSummary } from '@bursary/shared';
import { RowActionsMenu } from '@/components/row-actions';
import { type AccountAction, accountActionTexts, actionsFor } from './account-actions';

interface UserActionsMenuProps {
  user: UserSummary;
  ownId: number | undefined;
  /** Whether an action on this user is under way. */
  pending: boolean;
  onEdit: (user: UserSummary) => void;
  onAction: (action: AccountAction, user: UserSummary) => void;
}

/** Everything an administrator can do to one user, under one button per row or card. */
export function UserActionsMenu({ user, ownId, pending, onEdit, onAction }: UserActionsMenuProps) {
  return (
    <RowActionsMenu
      name={user.username}
      actions={actionsFor(user, ownId)}
      textsOf={(action) => accountActionTexts(action, user, ownId)}
      pending={pending}
      onEdit={() => onEdit(user)}
      onAction={(action) => onAction(action, user)}
    />
  );
}
