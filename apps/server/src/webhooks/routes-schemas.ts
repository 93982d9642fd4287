import { z } from 'zod';
import { ALWAYS, answer, BODY, errors, messageShape, Shape, totalCount } from '../lib/api-doc.ts';
import { idParam, idParamsOf } from '../lib/params.ts';
import { pageQuery } from '../lib/query.ts';
import { newWebhookBody, webhookChangeBody } from './webhook-input.ts';

/** The API declarations of the webhooks API (webhooks/routes.ts). */

const DELIVERIES_MAX_LIMIT = 200;
export const deliveriesPage = z.object(pageQuery(DELIVERIES_MAX_LIMIT));

const text = { type: 'string' };
const nullable = (type: string) => ({ type: [type, 'null'] });
const object = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

const webhookShape = new Shape(
  'Webhook',
  object({
    id: { type: 'integer' },
    url: text,
    description: text,
    events: { type: 'array', items: text },
    enabled: { type: 'boolean' },
    disabled_reason: nullable('string'),
    created_at: text,
    updated_at: text,
  }),
);
const deliveryShape = new Shape(
  'WebhookDelivery',
  object({
    id: { type: 'integer' },
    event_id: { ...text, description: 'The webhook-id header: the same on every attempt of one event' },
    type: text,
    attempt: { type: 'integer' },
    state: { type: 'string', enum: ['pending', 'sent', 'failed'] },
    status_code: nullable('integer'),
    duration_ms: nullable('integer'),
    response: { ...nullable('string'), description: 'The first 4 KB of the answer' },
    error: nullable('string'),
    next_attempt_at: text,
    sent_at: nullable('string'),
    created_at: text,
  }),
);
const secretShape = new Shape(
  'WebhookSecret',
  object({ secret: { ...text, description: 'whsec_ and base64: shown only in this answer' }, message: text }),
);
const newWebhookShape = new Shape('NewWebhook', object({ webhook: webhookShape, secret: text, message: text }));
/** A webhook's address, and one delivery's under it. */
export const webhookParams = idParamsOf('webhook');
export const deliveryParams = z.object({ id: idParam('webhook'), delivery_id: idParam('delivery') });

const FOUND = [...ALWAYS, 401, 404];

export const schemas = {
  list: {
    operationId: 'listWebhooks',
    summary: 'Every webhook (administrators only)',
    token: true,
    answers: { 200: answer('The webhooks', { type: 'array', items: webhookShape }), ...errors(...ALWAYS, 401) },
  },
  add: {
    operationId: 'createWebhook',
    summary: 'Add a webhook; the answer holds its signing secret, shown once (administrators only)',
    token: true,
    body: newWebhookBody,
    answers: {
      201: answer('The webhook and its secret', newWebhookShape),
      ...errors(...ALWAYS, ...BODY, 401),
    },
  },
  one: {
    operationId: 'getWebhook',
    summary: 'One webhook (administrators only)',
    token: true,
    params: webhookParams,
    answers: { 200: answer('The webhook', webhookShape), ...errors(...FOUND) },
  },
  change: {
    operationId: 'updateWebhook',
    summary: "Change a webhook's url, events, description or enabled (administrators only)",
    token: true,
    params: webhookParams,
    body: webhookChangeBody,
    answers: { 200: answer('The webhook', webhookShape), ...errors(...FOUND, ...BODY) },
  },
  remove: {
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook and its deliveries (administrators only)',
    token: true,
    params: webhookParams,
    answers: { 200: answer('Deleted', messageShape), ...errors(...FOUND, ...BODY) },
  },
  rotate: {
    operationId: 'rotateWebhookSecret',
    summary: 'A new signing secret, shown once; the old one signs nothing more (administrators only)',
    token: true,
    params: webhookParams,
    answers: { 200: answer('The new secret', secretShape), ...errors(...FOUND, ...BODY) },
  },
  deliveries: {
    operationId: 'listWebhookDeliveries',
    summary: "A webhook's delivery attempts, newest first (administrators only)",
    token: true,
    params: webhookParams,
    query: deliveriesPage,
    answers: {
      200: answer('The attempts', { type: 'array', items: deliveryShape }, totalCount),
      ...errors(...FOUND),
    },
  },
  retry: {
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now, under the same webhook-id (administrators only)',
    token: true,
    params: deliveryParams,
    answers: { 202: answer('The new attempt, queued', deliveryShape), ...errors(...FOUND, ...BODY, 409) },
  },
  ping: {
    operationId: 'pingWebhook',
    summary: 'Send a test delivery now and answer its outcome (administrators only)',
    token: true,
    params: webhookParams,
    answers: { 200: answer('The attempt and its outcome', deliveryShape), ...errors(...FOUND, ...BODY, 409) },
  },
};
