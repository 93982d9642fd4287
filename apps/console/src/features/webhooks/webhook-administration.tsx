import { useState } from 'react';
import { Plus } from 'lucide-react';
import { EmptyState, ErrorPanel, ListLoading } from '@/components/list-states';
import { ShownOnceDialog, type ShownOnce } from '@/components/shown-once-dialog';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/lib/use-is-mobile';
import { ConfirmAction } from '@/components/row-actions';
import { DeliveriesSheet } from './deliveries-sheet';
import { type WebhookAction, webhookActionTexts } from './webhook-actions';
import { WebhookActionsMenu } from './webhook-actions-menu';
import { WebhookCards, WebhookTable } from './webhook-list';
import { WebhookSheet } from './webhook-sheet';
import type { Webhook } from './webhook-types';
import { useWebhookRunner } from './use-webhook-runner';
import { useWebhooks } from './webhooks-api';

type Panel = { mode: 'add' } | { mode: 'edit'; webhook: Webhook };
interface Chosen {
  action: WebhookAction;
  webhook: Webhook;
}

/** /webhooks for administrators: where content changes are sent, and how each delivery went. */
export function WebhookAdministration() {
  const webhooks = useWebhooks();
  const isMobile = useIsMobile();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [asking, setAsking] = useState<Chosen | null>(null);
  const [watching, setWatching] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<ShownOnce | null>(null);
  const edited = panel?.mode === 'edit' ? panel.webhook : null;
  const runner = useWebhookRunner({ edited, closePanel: () => setPanel(null), showSecret: setSecret });

  // an action that takes something away is asked about first; the deliveries open their panel
  const choose = (chosen: Chosen) => {
    if (chosen.action === 'deliveries') setWatching(chosen.webhook);
    else if (webhookActionTexts(chosen.action).confirm) setAsking(chosen);
    else void runner.run(chosen.action, chosen.webhook);
  };

  let body;
  if (webhooks.isPending) body = <ListLoading noun="webhooks" />;
  else if (webhooks.isError) body = <ErrorPanel noun="webhooks" error={webhooks.error} />;
  else if (webhooks.data.length === 0)
    body = <EmptyState title="No webhooks yet" text="Add one to tell another system when content changes." />;
  else {
    const List = isMobile ? WebhookCards : WebhookTable;
    body = (
      <List
        webhooks={webhooks.data}
        actions={(webhook) => (
          <WebhookActionsMenu
            webhook={webhook}
            pending={runner.running === webhook.id}
            onEdit={(chosen) => setPanel({ mode: 'edit', webhook: chosen })}
            onAction={(action, chosen) => choose({ action, webhook: chosen })}
          />
        )}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Webhooks</h1>
          <p className="text-muted-foreground">Tell other systems when content changes, with signed deliveries.</p>
        </div>
        <Button type="button" onClick={() => setPanel({ mode: 'add' })}>
          <Plus aria-hidden />
          Add webhook
        </Button>
      </div>
      {body}
      <WebhookSheet
        open={panel !== null}
        onOpenChange={(open) => {
          if (!open) setPanel(null);
        }}
        webhook={edited}
        onSave={runner.save}
      />
      <DeliveriesSheet webhook={watching} onClose={() => setWatching(null)} />
      <ConfirmAction
        texts={asking && webhookActionTexts(asking.action)}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void runner.run(asking.action, asking.webhook);
          setAsking(null);
        }}
      />
      <ShownOnceDialog
        shown={secret}
        onClose={() => {
          setSecret(null);
          runner.forgetSecret();
        }}
      />
    </div>
  );
}
