import type { UseFormReturn } from 'react-hook-form';
import { describedByOf, errorIdOf } from '@/components/fields/field-shell';
import { EventName } from './event-words';
import { ALL_EVENTS, WEBHOOK_EVENTS, type WebhookInput } from './webhook-types';

const HELP = 'Each event is sent as it happens; * sends every event, those added later too, and wins over the others.';
const ID = 'webhook-events';

/** A checkbox per event type in words, and * for all of them, with the server's refusal under the list. */
export function EventsPicker({ form }: { form: UseFormReturn<WebhookInput> }) {
  const error = form.formState.errors.events?.message;
  const options = [ALL_EVENTS, ...WEBHOOK_EVENTS];
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={describedByOf(ID, { help: HELP, error })}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium leading-none">
        Events
        <span className="text-destructive" aria-hidden>
          {' '}
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((event) => (
          <label key={event} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={event}
              className="size-4 shrink-0 accent-primary"
              {...form.register('events', { validate: (list) => list.length > 0 || 'Choose at least one event' })}
            />
            <EventName event={event} />
          </label>
        ))}
      </div>
      <p id={`${ID}-help`} className="text-sm text-muted-foreground">
        {HELP}
      </p>
      {error && (
        <p id={errorIdOf(ID)} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
