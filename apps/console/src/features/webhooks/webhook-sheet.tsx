import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { WebhookForm } from './webhook-form';
import type { WebhookInput } from './webhook-types';
import type { Webhook } from './webhook-types';

interface WebhookSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The webhook edited; none when one is added. */
  webhook: Webhook | null;
  onSave: (values: WebhookInput) => Promise<unknown>;
}

/** The panel to add a webhook or edit one, sliding in from the right. */
export function WebhookSheet({ open, onOpenChange, webhook, onSave }: WebhookSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="left-auto right-0 w-full max-w-md overflow-y-auto border-l border-r-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out]">
        <div className="grid gap-1 pr-6">
          <SheetTitle>{webhook ? 'Edit webhook' : 'Add webhook'}</SheetTitle>
          <SheetDescription>
            {webhook
              ? 'Its URL, events and description. The secret stays as it is.'
              : 'Its signing secret is shown once, when it is added.'}
          </SheetDescription>
        </div>
        <WebhookForm
          key={webhook?.id ?? 'new'}
          webhook={webhook}
          submitLabel={webhook ? 'Save changes' : 'Add webhook'}
          onSubmit={onSave}
        />
      </SheetContent>
    </Sheet>
  );
}
