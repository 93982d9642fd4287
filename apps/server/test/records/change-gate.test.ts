import { type SectionDef, sections } from '@bursary/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { changePipeline } from '../../src/change-pipeline.ts';
import type { ChangeGate, ProposedChange } from '../../src/records/change-gate.ts';
import { tablesByName } from '../../src/records/repository.ts';
import { childTableOf, tableOf } from '../../src/db/naming.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { addWebhook } from '../webhooks/receiver.ts';
import { dueSchedules } from '../publishing/schedule-helpers.ts';

const section = (slug: string): SectionDef => sections.find((s) => s.slug === slug)!;
const faqs = section('faqs');
const benefits = section('benefits');
const testimonials = section('disbursement-testimonials');

const REFUSAL = 'Changes to FAQs need approval: save them as changes waiting and submit them for review.';

type Json = Record<string, unknown>;

describe.each(dialects)('the change gate on %s', (dialect) => {
  let t: TestApp;
  let refusing = false;
  const asked: ProposedChange[] = [];
  const gate: ChangeGate = (_trx, change) => {
    asked.push(change);
    return refusing ? { allowed: false, reason: REFUSAL } : { allowed: true };
  };

  const send = async (options: InjectOptions, status = 200): Promise<Json> => {
    const res = await t.injectAs(options);
    expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
    return res.body === '' ? {} : (res.json() as Json);
  };
  const created = async (slug: string, payload: Json) =>
    Number((await send({ method: 'POST', url: `/api/${slug}`, payload }, 201)).id);

  /** Everything a stored change writes: the records, their languages and waiting changes, history, logs, events. */
  const stored = async () => {
    // in one order whatever the table's key, so two reads of the same rows are equal
    const rows = async (table: string) =>
      (await tablesByName(t.db).selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    return {
      records: await Promise.all([faqs, benefits, testimonials].map((s) => rows(tableOf(s)))),
      items: await rows(childTableOf(benefits, benefits.subItems!)),
      revisions: await rows('revisions'),
      logs: await rows('logs'),
      outbox: await rows('webhook_outbox'),
      translations: await rows('translations'),
      pending: await rows('pending_changes'),
      images: await rows('media'),
      imageTexts: await rows('media_alt'),
      pendingTranslations: await rows('pending_translations'),
      siteHealth: await rows('site_health_records'),
    };
  };

  /** Every route that can change what the website shows, each as its request. */
  let routes: [string, InjectOptions][];
  let imageName: string;
  let dueRecord: number;

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      changeGate: gate,
      // the outbox's rows stay as the changes left them: nothing delivers them
      config: { webhookAllowPrivate: true },
      webhooks: { background: false },
    });
    await addWebhook(t, 'http://127.0.0.1:9/hook');
    await send({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } }, 201);
    const image = await storedImageUrl(t.db);
    imageName = image.slice('/media/'.length);

    const live = await created('faqs', { title: 'How do I apply?', description: '<p>Online.</p>' });
    await send({ method: 'PUT', url: `/api/faqs/${live}?locale=fr`, payload: { title: 'Comment postuler ?' } });
    // the French title is now made from an older English one: marking it current has something to do
    await send({ method: 'PUT', url: `/api/faqs/${live}`, payload: { title: 'How do I apply now?' } });
    const [firstRevision] = await t.db
      .selectFrom('revisions')
      .select('id')
      .where('section', '=', 'faqs')
      .where('record_id', '=', live)
      .orderBy('id')
      .execute();
    const draft = await created('faqs', { title: 'Deadlines', status: 'draft' });
    const waiting = await created('faqs', { title: 'Interest rates' });
    await send({ method: 'PUT', url: `/api/faqs/${waiting}/changes`, payload: { title: 'Interest rates in 2027' } });
    await send({ method: 'PUT', url: `/api/faqs/${waiting}?locale=fr`, payload: { title: 'Taux' } });
    await send({ method: 'PUT', url: `/api/faqs/${waiting}/changes?locale=fr`, payload: { title: 'Taux en 2027' } });
    const deleted = await created('faqs', { title: 'Old question' });
    const undo = Number((await send({ method: 'DELETE', url: `/api/faqs/${deleted}` })).revision_id);
    dueRecord = await created('faqs', { title: 'Scheduled', status: 'draft' });
    await dueSchedules(t.db, [{ section: 'faqs', recordId: dueRecord, action: 'publish' }]);

    const single = await send({
      method: 'PUT',
      url: '/api/benefits',
      payload: { title: 'Benefits', benefits: [{ benefit: 'Low rates' }] },
    });
    const [item] = single.benefits as { id: number }[];
    await created('disbursement-testimonials', { university_name: 'Riverside', image });

    routes = [
      ['create a record', { method: 'POST', url: '/api/faqs', payload: { title: 'New question' } }],
      ['update a record', { method: 'PUT', url: `/api/faqs/${live}`, payload: { title: 'Changed' } }],
      ['save a draft live', { method: 'PUT', url: `/api/faqs/${draft}`, payload: { title: 'Deadlines' } }],
      ['delete a record', { method: 'DELETE', url: `/api/faqs/${live}` }],
      ['write a single record', { method: 'PUT', url: '/api/benefits', payload: { title: 'Our benefits' } }],
      ['edit sub-items', { method: 'PUT', url: '/api/benefits/sub-edit', payload: { benefits: [] } }],
      ['add a sub-item', { method: 'POST', url: '/api/benefits/sub', payload: { benefit: 'No fees' } }],
      ['delete a sub-item', { method: 'DELETE', url: `/api/benefits/sub/${item!.id}` }],
      ['write a translation', { method: 'PUT', url: `/api/faqs/${live}?locale=fr`, payload: { title: 'Autre' } }],
      ['mark a translation current', { method: 'POST', url: `/api/faqs/${live}/translations/fr/current`, payload: {} }],
      ['remove a translation', { method: 'DELETE', url: `/api/faqs/${live}/translations/fr` }],
      ['publish a draft', { method: 'POST', url: `/api/faqs/${draft}/publish` }],
      ['publish changes waiting', { method: 'POST', url: `/api/faqs/${waiting}/publish` }],
      ['publish one language', { method: 'POST', url: `/api/faqs/${waiting}/publish?locale=fr` }],
      ['unpublish', { method: 'POST', url: `/api/faqs/${live}/unpublish` }],
      ['restore a revision', { method: 'POST', url: `/api/revisions/${firstRevision!.id}/restore` }],
      ['undo a deletion', { method: 'POST', url: `/api/revisions/${undo}/restore` }],
      ['change an image', { method: 'PATCH', url: `/api/media/${imageName}`, payload: { alt: 'A campus' } }],
      ['move a focal point', { method: 'PATCH', url: `/api/media/${imageName}`, payload: { focal_x: 0.2 } }],
      [
        'change an image in French',
        { method: 'PATCH', url: `/api/media/${imageName}?locale=fr`, payload: { alt: 'Un campus' } },
      ],
    ];
  });

  it('asks the gate about every change and stores it when the gate lets it through', () => {
    expect(new Set(asked.map((change) => change.kind))).toEqual(new Set(['create', 'update', 'delete', 'translation']));
    expect(asked.find((change) => change.kind === 'translation')).toMatchObject({
      section: faqs,
      locale: 'fr',
      status: 'published',
      actor: { username: 'editor', scheduled: false },
    });
  });

  it('refuses each route that can change the website with 409 and its sentence, storing nothing', async () => {
    refusing = true;
    const before = await stored();
    asked.length = 0;
    for (const [what, options] of routes) {
      const res = await t.injectAs(options);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
      expect(res.json(), what).toMatchObject({ error: 'Conflict', message: REFUSAL });
    }
    expect(await stored()).toEqual(before);
    expect(new Set(asked.map((change) => change.kind))).toEqual(
      new Set([
        'create',
        'update',
        'publish',
        'delete',
        'translation',
        'translation marked current',
        'translation removed',
        'unpublish',
        'restore',
        'image details',
      ]),
    );
    refusing = false;
  });

  it('fails a schedule coming due that the gate refuses, with its sentence, and publishes nothing', async () => {
    refusing = true;
    const before = await stored();
    asked.length = 0;
    const runner = {
      actions: scheduledActions,
      changes: t.app.changePipeline,
      onError: (error: unknown) => {
        throw error;
      },
    };
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });
    expect(asked).toMatchObject([{ kind: 'publish', recordId: dueRecord, actor: { scheduled: true } }]);
    const after = await stored();
    expect(after.records).toEqual(before.records);
    expect(after.revisions).toEqual(before.revisions);
    const failed = await t.db
      .selectFrom('schedules')
      .select(['state', 'reason'])
      .where('record_id', '=', dueRecord)
      .executeTakeFirst();
    expect(failed).toEqual({ state: 'failed', reason: `The FAQ could not be published: ${REFUSAL}` });
    refusing = false;
  });

  it('never asks about saving or discarding changes that wait: they leave the website as it is', async () => {
    refusing = true;
    asked.length = 0;
    const { id } = await t.db
      .selectFrom('revisions')
      .select('record_id as id')
      .where('section', '=', 'faqs')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await send({ method: 'PUT', url: `/api/faqs/${id}/changes`, payload: { title: 'Later' } });
    await send({ method: 'DELETE', url: `/api/faqs/${id}/changes` });
    expect(asked).toEqual([]);
    refusing = false;
  });

  it('lets every change through by default', async () => {
    const { gate: open } = changePipeline();
    const change: ProposedChange = {
      section: faqs,
      recordId: 1,
      locale: null,
      kind: 'publish',
      status: 'published',
      actor: { username: 'editor', scheduled: true },
    };
    expect(await open(t.db, change)).toEqual({ allowed: true });
  });
});
