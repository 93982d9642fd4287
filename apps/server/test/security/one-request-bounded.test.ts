// Promise 22 of the security testing plan: no single anonymous request holds more than one core or 256 MB, and the
// server answers others while it runs. The server runs as its own process, so its memory and CPU are its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { storeImage } from '../../src/media/store.ts';
import { type RunningServer, startServer } from '../reliability/server-process.ts';

const PORT = 3571;
const MB = 1024 * 1024;

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
const statusBytes = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
/** User and system CPU time of a process so far, in seconds (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('one anonymous request’s share of the server', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bursary-bounded-'));
    server = await startServer({ port: PORT, dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('converts a 49-megapixel image without w within one core and 256 MB, answering health meanwhile', async () => {
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    let url: string;
    try {
      const bytes = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      url = await storeImage(db, { bytes }, 20 * MB);
    } finally {
      await db.destroy();
    }
    const { pid } = server;
    // warm: sharp loads with the first image, once per process, and is not this request's cost
    expect((await fetch(`${server.base}${url}?w=160&fm=webp`)).status).toBe(200);
    const before = statusBytes(pid, 'VmRSS');
    // "5" resets the peak (VmHWM) to the present size, so the peak read after is this request's
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    let done = false;
    const conversion = fetch(`${server.base}${url}?fm=avif`).finally(() => (done = true));
    const health: number[] = [];
    while (!done) {
      const answer = await fetch(`${server.base}/api/health`);
      health.push(answer.status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = await conversion;
    const wallSeconds = (performance.now() - started) / 1000;
    expect(answer.status).toBe(200);
    const grewMb = (statusBytes(pid, 'VmHWM') - before) / MB;
    const cores = (cpuSeconds(pid) - cpuBefore) / wallSeconds;
    console.log(`conversion: ${wallSeconds.toFixed(1)} s, +${grewMb.toFixed(0)} MB at peak, ${cores.toFixed(2)} cores`);
    expect(grewMb).toBeLessThanOrEqual(256);
    // a core's worth, with room for the event loop answering health and the collector beside the image's thread
    expect(cores).toBeLessThanOrEqual(1.2);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
    expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(1920);
  });
});
