import { RowActionsMenu } from '@/components/row-actions';
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
    <RowActionsMenu
      name={webhook.url}
      actions={actionsFor(webhook)}
      textsOf={webhookActionTexts}
      pending={pending}
      onEdit={() => onEdit(webhook)}
      onAction={(action) => onAction(action, webhook)}
    />
  );
}
