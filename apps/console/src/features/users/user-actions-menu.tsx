import { ChevronDown } from 'lucide-react';
import type { UserSummary } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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
    // not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in it
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" loading={pending} aria-label={`Actions for ${user.username}`}>
          Actions{!pending && <ChevronDown aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(user)}>Edit</DropdownMenuItem>
        <DropdownMenuSeparator />
        {actionsFor(user, ownId).map((action) => {
          const { label, confirm } = accountActionTexts(action, user, ownId);
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action, user)}>
              {confirm ? `${label}…` : label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
