import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of the key's bytes. */
const PREFIX = 'whsec_';

export const newSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** Each webhook's secret is sealed for its own row: moved to another webhook, it no longer opens. */
export const secretContext = (webhookId: number): string => `webhook:${webhookId}`;

/**
 * The three Standard Webhooks headers of a message: the signature is the base64 HMAC-SHA256, under the secret's
 * decoded bytes, of "id.timestamp.body".
 */
export function signedHeaders(secret: string, eventId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
