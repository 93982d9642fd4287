import type { ActionTexts } from '@/components/row-actions';
import type { Webhook } from './webhook-types';

/** What the Actions menu offers beside Edit; those that take something away are asked about first. */
export type WebhookAction = 'deliveries' | 'ping' | 'enable' | 'disable' | 'rotate' | 'delete';

export function actionsFor(webhook: Webhook): WebhookAction[] {
  return ['deliveries', 'ping', webhook.enabled ? 'disable' : 'enable', 'rotate', 'delete'];
}

export function webhookActionTexts(action: WebhookAction): ActionTexts {
  switch (action) {
    case 'deliveries':
      return { label: 'Deliveries', done: '', failed: 'Could not load the deliveries' };
    case 'ping':
      return { label: 'Send test', done: 'Test sent', failed: 'Could not send the test' };
    case 'enable':
      return { label: 'Enable', done: 'Webhook enabled', failed: 'Could not enable the webhook' };
    case 'disable':
      return { label: 'Disable', done: 'Webhook disabled', failed: 'Could not disable the webhook' };
    case 'rotate':
      return {
        label: 'Rotate secret',
        confirm: {
          title: 'Rotate the secret?',
          text: 'A new secret signs every delivery from now on; the receiver must be given it, as the old one stops working at once.',
        },
        done: 'Secret rotated',
        failed: 'Could not rotate the secret',
      };
    case 'delete':
      return {
        label: 'Delete',
        confirm: {
          title: 'Delete this webhook?',
          text: 'It is deleted with all its deliveries, and nothing more is sent to its URL. This cannot be undone.',
        },
        done: 'Webhook deleted',
        failed: 'Could not delete the webhook',
      };
  }
}
