import { BreakableText } from '@/components/breakable-text';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { DeliveryState, deliveryTime, statusLabel, statusText } from './delivery-outcome';
import { EventName } from './event-words';
import type { WebhookDelivery } from './webhook-types';

interface DeliveryListProps {
  deliveries: WebhookDelivery[];
  /** The delivery being retried, if any. */
  retrying: number | null;
  onRetry: (delivery: WebhookDelivery) => void;
}

const duration = (ms: number | null) => (ms === null ? 'None' : `${ms} ms`);

/** Each attempt with its outcome and the start of the receiver's answer; a failed one can be sent again. */
export function DeliveryList({ deliveries, retrying, onRetry }: DeliveryListProps) {
  if (deliveries.length === 0) return <p className="text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul className="grid gap-3">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="grid gap-2 rounded-md border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium">
              <EventName event={delivery.type} />
            </span>
            <DeliveryState delivery={delivery} />
          </div>
          {/* labels kept on one line, so every card's values start at the same place */}
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Time</dt>
            <dd>
              <time dateTime={deliveryTime(delivery)}>{formatDate(deliveryTime(delivery))}</time>
            </dd>
            <dt className="text-muted-foreground">Attempt</dt>
            <dd>{delivery.attempt}</dd>
            <dt className="text-muted-foreground">{statusLabel(delivery)}</dt>
            <dd>
              <BreakableText text={statusText(delivery)} />
            </dd>
            <dt className="text-muted-foreground">Duration</dt>
            <dd>{duration(delivery.duration_ms)}</dd>
          </dl>
          {delivery.response && (
            // the receiver's words as plain text: React escapes them, nothing in them is run or styled
            <pre
              aria-label={`Answer to attempt ${delivery.attempt}`}
              tabIndex={0}
              className="max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs"
            >
              {delivery.response}
            </pre>
          )}
          {delivery.state === 'failed' && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              loading={retrying === delivery.id}
              onClick={() => onRetry(delivery)}
            >
              Retry
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
