import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SectionDef } from '@bursary/shared';
import { COMPRESS_THRESHOLD, preferredEncoding } from '../lib/content-coding.ts';
import { type BuiltList, type CachedList, contentTag, pageTag } from './list-cache.ts';
import { listIn, readSingleIn } from './view-reads.ts';
import type { Db } from '../db/types.ts';
import type { LocaleRead } from './localized-read.ts';
import { addVary, notModified, setTotalCount } from '../lib/reply-headers.ts';

/**
 * The whole public list of a section as JSON bytes: published records only, as the cache may hold nothing else. A single-record section keeps its record's tag: the
 * editor saves with it as If-Match. A collection's tag is a digest of the bytes, as is a list in a language (what it
 * answers moves with the languages too).
 */
export async function buildList(
  db: Db,
  section: SectionDef,
  answered: (records: unknown) => unknown = (records) => records,
  locale?: LocaleRead,
): Promise<BuiltList> {
  const { records, total } = await listIn(db, section, 'public', {}, locale);
  const body = Buffer.from(JSON.stringify(answered(records)));
  const single = section.kind === 'single' && !locale ? await readSingleIn(db, section, 'public') : undefined;
  return { body, total, etag: single?.etag ?? contentTag(body) };
}

/** 304 for a tag the client holds; else the bytes, pre-compressed when the client accepts it. */
export function sendList(request: FastifyRequest, reply: FastifyReply, list: CachedList): FastifyReply {
  setTotalCount(reply, list.total);
  addVary(reply, 'Accept-Encoding');
  if (notModified(request, reply, list.etag)) return reply.send();
  void reply.type('application/json; charset=utf-8');
  const encoding =
    list.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(list.body);
  return reply.header('Content-Encoding', encoding).send(list.encoded(encoding));
}

/**
 * A public list with a query (a page, a search): sent as bytes with a tag of them and of the total, since the
 * same page of records may sit in a longer list; 304 when the client holds it.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, records: unknown, total: number): FastifyReply {
  const body = Buffer.from(JSON.stringify(records));
  if (notModified(request, reply, pageTag(body, total))) return reply.send();
  return reply.type('application/json; charset=utf-8').send(body);
}
