import autocannon from 'autocannon';
import { type Measure, errorsText, measure, summarise } from './load.ts';
import { inParallel, ownDataFolder, startOwnServer } from './own-server.ts';
import type { Part } from './report.ts';
import { faqAnswer, insertRows } from './seed.ts';
import { putLoad } from './writes.ts';

/**
 * What publishing costs beside a plain edit: p50 of POST /api/faqs/{id}/publish, each request on a
 * different record whose changes were saved beforehand (PUT …/changes), against p50 of PUT with
 * If-Match as the console saves, both at c=10 on the same server in the same run.
 */
const CONNECTIONS = 10;

export interface PublishOptions {
  seconds: { warm: number; run: number };
  /** Records prepared with waiting changes: one publish each. */
  publishes: number;
}

/** Publishes every record once: a fixed number of requests, each taking the next id. */
async function measurePublishes(base: string, auth: Record<string, string>, ids: number[]): Promise<Measure> {
  const queue = [...ids];
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: ids.length,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, path: `/api/faqs/${queue.shift() ?? 0}/publish`, headers: auth }),
      },
    ],
  });
  return summarise(result, 200);
}

export async function measurePublishVsPut(options: PublishOptions): Promise<Part> {
  const putCount = 20;
  const folder = await ownDataFolder((database) =>
    insertRows(
      database,
      'faqs',
      options.publishes + putCount,
      (n) => ({ title: `Question ${n}`, description: faqAnswer(n) }),
      (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
    ),
  );
  const server = await startOwnServer(folder);
  try {
    const putIds = Array.from({ length: putCount }, (_, n) => n + 1);
    const publishIds = Array.from({ length: options.publishes }, (_, n) => n + putCount + 1);
    let prepared = 0;
    await inParallel(publishIds, CONNECTIONS, async (id) => {
      const res = await fetch(`${server.base}/api/faqs/${id}/changes`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...server.auth },
        body: JSON.stringify({ description: faqAnswer(id + 1) }),
      });
      await res.arrayBuffer();
      if (res.ok) prepared += 1;
    });
    const put = await measure(server.base, putLoad(server.auth, putIds, CONNECTIONS), options.seconds);
    const publish = await measurePublishes(server.base, server.auth, publishIds);
    const ratio = publish.p50 / Math.max(put.p50, 0.01);
    return {
      title: `Publish against PUT (c=${CONNECTIONS}, ${options.publishes} records with waiting changes)`,
      lines: [
        `  changes saved beforehand on ${prepared} of ${options.publishes} records`,
        `  PUT /api/faqs/:id If-Match: p50 ${put.p50} ms, p99 ${put.p99} ms, ${put.reqPerSec} req/s, ${errorsText(put)}`,
        `  POST /api/faqs/:id/publish: p50 ${publish.p50} ms, p99 ${publish.p99} ms, ${publish.reqPerSec} req/s, ${errorsText(publish)}`,
        `  publish p50 / PUT p50: ${ratio.toFixed(2)}×`,
      ],
      goals: [
        {
          goal: 'publish: each request publishes its record',
          value: `${publish.requests - publish.errors} of ${options.publishes} (${prepared} prepared), PUT: ${errorsText(put)}`,
          target: 'all, 0 errors',
          holds: prepared === options.publishes && publish.errors === 0 && put.errors === 0,
        },
      ],
      figures: { prepared, put, publish, ratio },
    };
  } finally {
    await server.stop();
    folder.remove();
  }
}
