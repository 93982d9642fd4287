import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@bursary/shared';

/** The bodies of the webhook routes: the routes parse with these and the API description shows them. */
const noNul = (text: string) => !text.includes('\u0000');
const url = z
  .string('url is required')
  .trim()
  .min(1, 'url is required')
  .max(2000, 'url is at most 2000 characters')
  .refine(noNul, 'url must not contain a NUL character');
const events = z
  .array(
    z.enum(['*', ...WEBHOOK_EVENTS], `each event must be * or one of ${WEBHOOK_EVENTS.join(', ')}`),
    'events must be a list of event types',
  )
  .min(1, 'events must name at least one event type (or *)')
  .refine((list) => new Set(list).size === list.length, 'events must not name an event type twice');
const description = z
  .string('description must be text')
  .trim()
  .max(500, 'description is at most 500 characters')
  .refine(noNul, 'description must not contain a NUL character');

export const newWebhookBody = z.strictObject({ url, events, description: description.optional() });
export const webhookChangeBody = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean('enabled must be true or false').optional(),
});
