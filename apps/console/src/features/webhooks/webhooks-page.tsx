import { useCan } from '@/lib/permissions';
import { WebhookAdministration } from './webhook-administration';

/** A sentence for editors and viewers, whom the server refuses; administrators manage webhooks here. */
export function WebhooksPage() {
  if (useCan('webhooks:manage')) return <WebhookAdministration />;
  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-4">
      <h1 className="text-3xl font-bold tracking-tight">Webhooks</h1>
      <p className="text-muted-foreground">Webhooks are managed by administrators.</p>
    </div>
  );
}
