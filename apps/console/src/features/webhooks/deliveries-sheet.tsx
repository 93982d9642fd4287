import { useState } from 'react';
import { BreakableText } from '@/components/breakable-text';
import { ErrorPanel } from '@/components/list-states';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { DeliveryList } from './delivery-list';
import { useDeliveries, useWebhookMutations } from './webhooks-api';
import type { Webhook, WebhookDelivery } from './webhook-types';

/** The attempts shown at once: the newest, which is where a problem is looked for. */
const SHOWN = 50;

function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id, SHOWN);
  const { retry } = useWebhookMutations();
  const [retrying, setRetrying] = useState<number | null>(null);
  const again = async (delivery: WebhookDelivery) => {
    setRetrying(delivery.id);
    try {
      await retry.mutateAsync({ id: webhook.id, deliveryId: delivery.id });
      toast({ title: 'Retry queued', description: 'It is sent again in a moment, under the same webhook-id.' });
    } catch (error) {
      toastFailure('Could not retry the delivery', error);
    } finally {
      setRetrying(null);
    }
  };
  if (deliveries.isPending)
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner className="size-8" label="Loading deliveries" />
      </div>
    );
  if (deliveries.isError) return <ErrorPanel noun="deliveries" error={deliveries.error} />;
  return <DeliveryList deliveries={deliveries.data} retrying={retrying} onRetry={(d) => void again(d)} />;
}

/** A webhook's delivery attempts, newest first, in a panel sliding in from the right. */
export function DeliveriesSheet({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  return (
    <Sheet
      open={webhook !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent className="left-auto right-0 w-full max-w-xl overflow-y-auto border-l border-r-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out]">
        <div className="grid gap-1 pr-6">
          <SheetTitle>Deliveries</SheetTitle>
          <SheetDescription className="break-words">
            The newest {SHOWN} attempts to <BreakableText text={webhook?.url ?? ''} />, in your time zone.
          </SheetDescription>
        </div>
        {webhook && <Deliveries webhook={webhook} />}
      </SheetContent>
    </Sheet>
  );
}
