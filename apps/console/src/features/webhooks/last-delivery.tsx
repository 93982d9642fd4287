import { BreakableText } from '@/components/breakable-text';
import { formatDate } from '@/lib/format-date';
import { DeliveryState, deliveryTime, statusText } from './delivery-outcome';
import { useDeliveries } from './webhooks-api';
import type { Webhook } from './webhook-types';

/** A webhook's newest attempt: when, and how it went. */
export function LastDelivery({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id, 1);
  if (deliveries.isPending) return <span className="text-muted-foreground">Loading…</span>;
  if (deliveries.isError) return <span className="text-muted-foreground">Could not load</span>;
  const last = deliveries.data[0];
  if (!last) return <span className="text-muted-foreground">None yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={deliveryTime(last)}>{formatDate(deliveryTime(last))}</time>
      <DeliveryState delivery={last} />
      <span className="text-muted-foreground">
        <BreakableText text={statusText(last)} />
      </span>
    </span>
  );
}
