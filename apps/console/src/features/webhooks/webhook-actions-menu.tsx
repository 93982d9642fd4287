import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type WebhookAction, actionsFor, webhookActionTexts } from './webhook-actions';
import type { Webhook } from './webhook-types';

interface WebhookActionsMenuProps {
  webhook: Webhook;
  /** Whether an action on this webhook is under way. */
  pending: boolean;
  onEdit: (webhook: Webhook) => void;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
}

/** Everything an administrator can do to one webhook, under one button per row or card. */
export function WebhookActionsMenu({ webhook, pending, onEdit, onAction }: WebhookActionsMenuProps) {
  return (
    // not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in it
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" loading={pending} aria-label={`Actions for ${webhook.url}`}>
          Actions{!pending && <ChevronDown aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(webhook)}>Edit</DropdownMenuItem>
        <DropdownMenuSeparator />
        {actionsFor(webhook).map((action) => {
          const { label, confirm } = webhookActionTexts(action);
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action, webhook)}>
              {confirm ? `${label}…` : label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
