import { Badge } from '@/components/ui/badge';
import type { WebhookDelivery } from './webhook-types';

const STATE: Record<WebhookDelivery['state'], { label: string; variant: 'green' | 'red' | 'grey' }> = {
  sent: { label: 'Sent', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  pending: { label: 'Pending', variant: 'grey' },
};

/** A delivery's state as a badge: Sent, Failed or Pending (waiting for its next try). */
export function DeliveryState({ delivery }: { delivery: WebhookDelivery }) {
  const { label, variant } = STATE[delivery.state];
  return <Badge variant={variant}>{label}</Badge>;
}

/** When an attempt happened: when it was sent, else when it was queued. */
export const deliveryTime = (delivery: WebhookDelivery) => delivery.sent_at ?? delivery.created_at;

/** What the value beside it is: the receiver's status code, else why there is none. */
export function statusLabel(delivery: WebhookDelivery): string {
  if (delivery.status_code === null && delivery.error) return 'Error';
  return 'Status code';
}

/** '200', or why there is no status code ('Timed out' and the like). */
export function statusText(delivery: WebhookDelivery): string {
  if (delivery.status_code !== null) return String(delivery.status_code);
  return delivery.error ?? 'No answer yet';
}
