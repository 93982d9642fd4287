import { useForm } from 'react-hook-form';
import { pinServerFieldErrors } from '@/components/fields/server-field-errors';
import { TextField } from '@/components/fields/text-field';
import { Button } from '@/components/ui/button';
import { EventsPicker } from './events-picker';
import { ALL_EVENTS, type Webhook, type WebhookInput } from './webhook-types';

const URL_HELP = 'Where each event is sent, as a POST signed with the webhook’s secret.';

interface WebhookFormProps {
  /** The webhook edited; none when one is added. */
  webhook: Webhook | null;
  submitLabel: string;
  /** Saves; a refusal is thrown back so that a 400's fields are shown at their inputs. */
  onSubmit: (values: WebhookInput) => Promise<unknown>;
}

/** Add or edit a webhook: its URL, the events it is sent and a description. */
export function WebhookForm({ webhook, submitLabel, onSubmit }: WebhookFormProps) {
  const form = useForm<WebhookInput>({
    defaultValues: {
      url: webhook?.url ?? '',
      events: webhook?.events ?? [],
      description: webhook?.description ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    // * already covers every event; the server refuses it beside another
    const events = values.events.includes(ALL_EVENTS) ? [ALL_EVENTS] : values.events;
    try {
      await onSubmit({ url: values.url.trim(), events, description: values.description.trim() });
    } catch (error) {
      pinServerFieldErrors(form, error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        form={form}
        idPrefix="webhook"
        name="url"
        label="URL"
        type="url"
        required
        help={URL_HELP}
        rules={{ required: 'URL is required' }}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <EventsPicker form={form} />
      <TextField form={form} idPrefix="webhook" name="description" label="Description" autoComplete="off" />
      <Button type="submit" className="w-fit justify-self-end" loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
