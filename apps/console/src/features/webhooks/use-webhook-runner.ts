import { useState } from 'react';
import type { ShownOnce } from '@/components/shown-once-dialog';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { type WebhookAction, webhookActionTexts } from './webhook-actions';
import type { Webhook, WebhookDelivery, WebhookInput } from './webhook-types';
import { useWebhookMutations } from './webhooks-api';

interface RunnerOptions {
  /** The webhook the panel edits; none when it adds one. */
  edited: Webhook | null;
  closePanel: () => void;
  showSecret: (shown: ShownOnce) => void;
}

const secretOf = (value: string, message: string): ShownOnce => ({
  title: 'Signing secret',
  label: 'Secret',
  value,
  message: `${message} It will not be shown again.`,
});

/** How a test went, in words: the receiver's status code, or why there was none. */
function pingOutcome(delivery: WebhookDelivery): { ok: boolean; text: string } {
  if (delivery.state === 'sent') return { ok: true, text: `The receiver answered ${delivery.status_code ?? ''}.` };
  const why = delivery.status_code !== null ? `it answered ${delivery.status_code}` : (delivery.error ?? 'no answer');
  return { ok: false, text: `The receiver did not accept it: ${why}.` };
}

/** The webhook screen's writes, each told in a toast; a new secret goes to the shown-once dialog. */
export function useWebhookRunner({ edited, closePanel, showSecret }: RunnerOptions) {
  const mutations = useWebhookMutations();
  const [running, setRunning] = useState<number | null>(null);

  const save = async (values: WebhookInput) => {
    try {
      if (edited) {
        await mutations.update.mutateAsync({ id: edited.id, change: values });
        closePanel();
        toast({ title: 'Webhook saved' });
        return;
      }
      const created = await mutations.create.mutateAsync(values);
      closePanel();
      toast({ title: 'Webhook added' });
      showSecret(secretOf(created.secret, created.message));
    } catch (error) {
      toastFailure(edited ? 'Could not save the webhook' : 'Could not add the webhook', error);
      throw error;
    }
  };

  const run = async (action: WebhookAction, webhook: Webhook) => {
    const texts = webhookActionTexts(action);
    setRunning(webhook.id);
    try {
      if (action === 'ping') {
        const outcome = pingOutcome(await mutations.ping.mutateAsync(webhook.id));
        toast({ variant: outcome.ok ? undefined : 'destructive', title: texts.done, description: outcome.text });
        return;
      }
      if (action === 'rotate') showSecret(secretOf(...(await rotate(webhook.id))));
      else if (action === 'delete') await mutations.remove.mutateAsync(webhook.id);
      else await mutations.update.mutateAsync({ id: webhook.id, change: { enabled: action === 'enable' } });
      toast({ title: texts.done });
    } catch (error) {
      toastFailure(texts.failed, error);
    } finally {
      setRunning(null);
    }
  };

  const rotate = async (id: number): Promise<[string, string]> => {
    const answer = await mutations.rotate.mutateAsync(id);
    return [answer.secret, answer.message];
  };

  // closing the dialog forgets the secret: the mutations that answered it
  const forgetSecret = () => {
    mutations.create.reset();
    mutations.rotate.reset();
  };

  return { running, save, run, forgetSecret };
}
