import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../auth/account-input.ts';
import { requirePermission } from '../auth/permissions.ts';
import { appendLogs, WEBHOOKS_LOG_SECTION } from '../audit/log-writes.ts';
import { signedIn } from '../auth/signed-in.ts';
import type { Db } from '../db/types.ts';
import { documented } from '../lib/api-doc.ts';
import { emptyJsonBodyIsEmptyObject } from '../lib/empty-json-body.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import { parseParams } from '../lib/params.ts';
import { parseQuery } from '../lib/query.ts';
import { setTotalCount } from '../lib/reply-headers.ts';
import { checkedAddress, parseWebhookUrl, RefusedAddressError } from '../lib/outbound-addresses.ts';
import { attemptDeliveries } from './deliver.ts';
import { listDeliveries, queuePing, queueRetry, toDeliveryView } from './deliveries.ts';
import { deliveriesPage, deliveryParams, schemas, webhookParams } from './routes-schemas.ts';
import { findWebhook, insertWebhook, listWebhooks, storeNewSecret, toView } from './store.ts';
import { newWebhookBody, webhookChangeBody } from './webhook-input.ts';
import type { WebhookWorker } from './worker.ts';

const SECRET_SHOWN_ONCE =
  'Keep this secret now: it is shown only once. The receiver checks each delivery’s webhook-signature with it.';

const webhookId = (request: FastifyRequest) => parseParams(webhookParams, request).id;

/** Webhooks: administrators only. Every change is in the audit log; the secret is answered once, never again. */
export function registerWebhookRoutes(app: FastifyInstance, worker: WebhookWorker, kick: () => void) {
  const { db } = app;
  const deps = worker.deps;
  const admin = requirePermission(app, 'webhooks:manage');
  const now = () => deps.now().toISOString();

  const checkUrl = async (raw: string) => {
    try {
      await checkedAddress(parseWebhookUrl(raw), deps.allowPrivate, deps.resolve);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw new ValidationError([{ path: 'url', message: error.message }]);
      throw error;
    }
  };
  const log = (
    trx: Db,
    request: FastifyRequest,
    id: number,
    url: string,
    action: 'create' | 'update' | 'delete',
    what: string,
    at: string,
  ) =>
    appendLogs(
      trx,
      [
        {
          action,
          // the host only: a URL's path or query may hold a token
          content: `Webhook #${id} (${new URL(url).host}) ${what}`,
          section: WEBHOOKS_LOG_SECTION,
          recordId: id,
          username: signedIn(request).username,
        },
      ],
      null,
      at,
    );

  app.get('/api/webhooks', documented(schemas.list, admin), async () => listWebhooks(db));

  app.post('/api/webhooks', documented(schemas.add, admin), async (request, reply) => {
    const input = parseBody(newWebhookBody, request.body);
    await checkUrl(input.url);
    const at = now();
    const created = await db.transaction().execute(async (trx) => {
      const made = await insertWebhook(trx, deps.box, { ...input, description: input.description ?? '' }, at);
      await log(trx, request, made.view.id, made.view.url, 'create', 'created', at);
      return made;
    });
    void reply.status(201);
    return { webhook: created.view, secret: created.secret, message: SECRET_SHOWN_ONCE };
  });

  app.get('/api/webhooks/:id', documented(schemas.one, admin), async (request) =>
    toView(await findWebhook(db, webhookId(request))),
  );

  app.patch('/api/webhooks/:id', documented(schemas.change, admin), async (request) => {
    const id = webhookId(request);
    const change = parseBody(webhookChangeBody, request.body);
    await findWebhook(db, id);
    if (change.url !== undefined) await checkUrl(change.url);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await findWebhook(trx, id);
      await trx
        .updateTable('webhooks')
        .set({
          ...(change.url !== undefined ? { url: change.url } : {}),
          ...(change.events !== undefined ? { events: JSON.stringify(change.events) } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0, disabled_reason: null } : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      const what =
        change.enabled === undefined ? 'updated' : change.enabled ? 'updated: turned on' : 'updated: turned off';
      await log(trx, request, id, change.url ?? before.url, 'update', what, at);
      return toView(await findWebhook(trx, id));
    });
  });

  app.delete('/api/webhooks/:id', documented(schemas.remove, admin), async (request) => {
    const id = webhookId(request);
    const at = now();
    await db.transaction().execute(async (trx) => {
      const before = await findWebhook(trx, id);
      await trx.deleteFrom('webhooks').where('id', '=', id).execute();
      await log(trx, request, id, before.url, 'delete', 'deleted', at);
    });
    return { message: 'Webhook deleted, with its deliveries.' };
  });

  app.post('/api/webhooks/:id/rotate-secret', documented(schemas.rotate, admin), async (request) => {
    const id = webhookId(request);
    const at = now();
    const secret = await db.transaction().execute(async (trx) => {
      const before = await findWebhook(trx, id);
      const made = await storeNewSecret(trx, deps.box, id, at);
      await log(trx, request, id, before.url, 'update', 'updated: new secret', at);
      return made;
    });
    return { secret, message: SECRET_SHOWN_ONCE };
  });

  app.get('/api/webhooks/:id/deliveries', documented(schemas.deliveries, admin), async (request, reply) => {
    const id = webhookId(request);
    await findWebhook(db, id);
    const page = parseQuery(deliveriesPage, request);
    const limit = page.limit ?? 50;
    const offset = page.offset ?? 0;
    const { rows, total } = await listDeliveries(db, id, { limit, offset });
    setTotalCount(reply, total);
    return rows;
  });

  app.post(
    '/api/webhooks/:id/deliveries/:delivery_id/retry',
    documented(schemas.retry, admin),
    async (request, reply) => {
      const { id, delivery_id: deliveryId } = parseParams(deliveryParams, request);
      await enabledWebhook(db, id);
      const row = await db.transaction().execute((trx) => queueRetry(trx, id, deliveryId, now()));
      kick();
      void reply.status(202);
      return toDeliveryView(row);
    },
  );

  void app.register(async (scope) => {
    emptyJsonBodyIsEmptyObject(scope);
    scope.post('/api/webhooks/:id/ping', documented(schemas.ping, admin), async (request) => {
      const id = webhookId(request);
      await enabledWebhook(db, id);
      const row = await queuePing(db, id, now());
      await attemptDeliveries(deps, [row]);
      return toDeliveryView(
        await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
      );
    });
  });
}

async function enabledWebhook(db: Db, id: number) {
  const hook = await findWebhook(db, id);
  if (Number(hook.enabled) === 0) throw new ConflictError('The webhook is turned off; turn it on first.');
  return hook;
}
