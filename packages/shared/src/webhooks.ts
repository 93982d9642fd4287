/** The wire shapes of the webhooks API, as its routes answer them; the server checks its answers against them. */
export interface Webhook {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** Why the server turned it off (a receiver that answered 410, say); null when an administrator did. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** One attempt to deliver an event, as the deliveries list answers it. */
export interface WebhookDelivery {
  id: number;
  event_id: string;
  type: string;
  attempt: number;
  state: 'pending' | 'sent' | 'failed';
  status_code: number | null;
  duration_ms: number | null;
  /** The first 4 KB of the receiver's answer. */
  response: string | null;
  error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
}

/** Every event a webhook can ask for; `*` stands for all of them, those added later included. */
export const WEBHOOK_EVENTS = [
  'record.created',
  'record.updated',
  'record.deleted',
  'record.restored',
  'record.published',
  'record.unpublished',
  'schedule.failed',
  'site.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
