import type { Webhook } from '@bursary/shared';
import type { Selectable } from 'kysely';
import type { SecretBox } from '../auth/secret-box.ts';
import type { Database, Db } from '../db/types.ts';
import { NotFoundError } from '../lib/errors.ts';
import { newSecret, secretContext } from './signing.ts';

type Row = Selectable<Database['webhooks']>;

/** A webhook as the API answers it: never its secret. */
export type WebhookView = Webhook;

export const toView = (row: Row): WebhookView => ({
  id: Number(row.id),
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as string[],
  enabled: Number(row.enabled) !== 0,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function listWebhooks(db: Db): Promise<WebhookView[]> {
  return (await db.selectFrom('webhooks').selectAll().orderBy('id').execute()).map(toView);
}

export async function findWebhook(db: Db, id: number): Promise<Row> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(`No webhook with id ${id}.`);
  return row;
}

/** Stores a new webhook with a new secret, sealed for its row; the secret is answered once. */
export async function insertWebhook(
  trx: Db,
  box: SecretBox,
  input: { url: string; events: string[]; description: string },
  now: string,
): Promise<{ view: WebhookView; secret: string }> {
  const { id } = await trx
    .insertInto('webhooks')
    .values({ ...input, events: JSON.stringify(input.events), secret: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const secret = await storeNewSecret(trx, box, Number(id), now);
  return { view: toView(await findWebhook(trx, Number(id))), secret };
}

/** Replaces a webhook's secret; the old one no longer signs anything sent from now on. */
export async function storeNewSecret(trx: Db, box: SecretBox, id: number, now: string): Promise<string> {
  const secret = newSecret();
  await trx
    .updateTable('webhooks')
    .set({ secret: box.seal(secret, secretContext(id)), updated_at: now })
    .where('id', '=', id)
    .execute();
  return secret;
}

export const openSecret = (box: SecretBox, row: Pick<Row, 'id' | 'secret'>): string =>
  box.open(row.secret, secretContext(Number(row.id)));

/** Whether a webhook's event list asks for `type`. */
export const subscribes = (events: readonly string[], type: string): boolean =>
  events.includes('*') || events.includes(type);
