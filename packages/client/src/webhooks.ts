import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** What Bursary sends to a webhook: the event, when, and what changed. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: {
    section?: string;
    id?: number;
    title?: string | null;
    action?: string;
    revision_id?: number | null;
    username?: string;
    [more: string]: unknown;
  };
}

/** A request's headers as Node (`IncomingHttpHeaders`) or fetch (`Headers`) hands them over. */
type RequestHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/** The three signature headers, whatever the case of their names. */
function signatureHeaders(headers: RequestHeaders): Record<string, string> {
  const entries: [string, string | string[] | undefined][] =
    headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const found: Record<string, string> = {};
  for (const [name, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && SIGNATURE_HEADERS.includes(name.toLowerCase())) found[name.toLowerCase()] = first;
  }
  return found;
}

/**
 * Checks that a delivery comes from Bursary and was sent lately (Standard Webhooks: the signature over id,
 * timestamp and body, with the `whsec_…` secret shown when the webhook was made), and answers its payload.
 * Throws WebhookVerificationError otherwise. `body` must be the raw text received, not JSON parsed again.
 */
export function verifyWebhook(secret: string, headers: RequestHeaders, body: string | Uint8Array): WebhookPayload {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(text, signatureHeaders(headers)) as WebhookPayload;
}
