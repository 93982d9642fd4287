import { Webhook, type WebhookUnbrandedRequiredHeaders, WebhookVerificationError as Refused } from 'standardwebhooks';

/**
 * What verifyWebhook throws for a delivery it refuses: standardwebhooks' own error class (`instanceof` holds for
 * what the library throws), declared here so that the client's declarations do not load the library's, which name
 * Node's `Buffer`: a project needs no `@types/node` for them.
 */
export type WebhookVerificationError = Error;
export const WebhookVerificationError: new (message: string) => WebhookVerificationError = Refused;

/** Every event Bursary sends to a webhook (`ping` is the test delivery of POST /api/webhooks/{id}/ping). */
export type WebhookEventType =
  | 'record.created'
  | 'record.updated'
  | 'record.deleted'
  | 'record.restored'
  | 'record.published'
  | 'record.unpublished'
  | 'schedule.failed'
  | 'site.changed'
  | 'ping';

/** What Bursary sends to a webhook: the event, when, and what changed. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: {
    section?: string;
    id?: number;
    title?: string | null;
    action?: string;
    revision_id?: number | null;
    username?: string;
    /** The language written (null when only shared fields changed). */
    locale?: string | null;
    [more: string]: unknown;
  };
}

/**
 * A request's headers: fetch's `Headers` (anything with `get(name)`), or a plain record such as Node's
 * `IncomingHttpHeaders`. Typed without DOM or Node types, so a project needs neither to use it.
 */
export type WebhookHeaders =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The three signature headers, whatever the case of their names. */
function signatureHeaders(headers: WebhookHeaders): WebhookUnbrandedRequiredHeaders {
  const found: Record<string, string> = {};
  const get = (headers as { get?: unknown }).get;
  if (typeof get === 'function') {
    for (const name of SIGNATURE_HEADERS) {
      const value: unknown = get.call(headers, name);
      if (typeof value === 'string') found[name] = value;
    }
  } else {
    for (const [name, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
      const first = typeof value === 'string' ? value : value?.[0];
      const lower = name.toLowerCase();
      if (first !== undefined && (SIGNATURE_HEADERS as readonly string[]).includes(lower)) found[lower] = first;
    }
  }
  return found as unknown as WebhookUnbrandedRequiredHeaders;
}

/**
 * Checks that a delivery comes from Bursary and was sent lately (Standard Webhooks: the signature over id,
 * timestamp and body, with the `whsec_…` secret shown when the webhook was made), and answers its payload.
 * Throws WebhookVerificationError otherwise. `body` must be the raw text received, not JSON parsed again.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string | Uint8Array): WebhookPayload {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(text, signatureHeaders(headers)) as WebhookPayload;
}
