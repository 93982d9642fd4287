import type { WebhookEvent } from '@bursary/shared';
import { ALL_EVENTS } from './webhook-types';

/** What 'Send test' delivers: no webhook asks for it, every webhook can be sent it. */
const TEST_EVENT = 'ping';

/**
 * What each webhook event means, in words: the one table the form, the list and the delivery log read. The
 * event's own name (`record.published`) stays beside the words, as the receiving website reads it.
 */
const EVENT_WORDS: Record<WebhookEvent | typeof ALL_EVENTS | typeof TEST_EVENT, string> = {
  [ALL_EVENTS]: 'Every event, those added later too',
  [TEST_EVENT]: 'A test sent from the console',
  'record.created': 'A record was created',
  'record.updated': 'A record was updated',
  'record.deleted': 'A record was deleted',
  'record.restored': 'A record was restored',
  'record.published': 'A record was published',
  'record.unpublished': 'A record was unpublished',
  'schedule.failed': 'A scheduled publish or unpublish failed',
  'site.changed': 'The website’s content changed',
};

/** The words for an event; one this console does not know yet keeps its own name. */
function eventWords(event: string): string {
  return Object.hasOwn(EVENT_WORDS, event) ? EVENT_WORDS[event as keyof typeof EVENT_WORDS] : event;
}

/** An event in words, its own name after them in small type. */
export function EventName({ event }: { event: string }) {
  const words = eventWords(event);
  return (
    <span>
      <span>{words}</span>
      {words !== event && (
        <>
          {' '}
          <span className="font-mono text-xs text-muted-foreground">{event}</span>
        </>
      )}
    </span>
  );
}
