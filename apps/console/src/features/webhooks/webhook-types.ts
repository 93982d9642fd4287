import type { Webhook } from '@bursary/shared';

export type { Webhook, WebhookDelivery } from '@bursary/shared';
export { WEBHOOK_EVENTS } from '@bursary/shared';

export interface WebhookInput {
  url: string;
  events: string[];
  description: string;
}

export interface NewWebhookAnswer {
  webhook: Webhook;
  secret: string;
  message: string;
}

export interface SecretAnswer {
  secret: string;
  message: string;
}

export const ALL_EVENTS = '*';
