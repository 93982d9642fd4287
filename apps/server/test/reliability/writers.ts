import { createHash, randomBytes } from 'node:crypto';
import { encodePng } from '@bursary/shared/png';

/**
 * Self-checking writers for the crash suite: each write carries
 * its writer, its sequence and a hash of both, so a torn or mixed-up record is recognised.
 * The harness notes every acknowledged write and every write still in flight when the server died.
 */
export interface Acked {
  section: 'faqs' | 'disbursement-testimonials';
  id: number;
  /** The fields exactly as the server answered them. */
  fields: Record<string, unknown>;
  version: number;
}

interface InFlight {
  section: string;
  id?: number;
  fields: Record<string, unknown>;
}

export interface WriterLedger {
  acked: Map<string, Acked>;
  /** Writes sent whose answer never came: each may have landed whole, or not at all. */
  inFlight: InFlight[];
  requests: number;
  /** Writes the server acknowledged (creates, updates and uploads). */
  acknowledged: number;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** A FAQ whose title and answer check each other. */
function selfChecking(writer: number, seq: number): { title: string; description: string } {
  const nonce = randomBytes(6).toString('hex');
  const stamp = `w${writer} s${seq} ${nonce}`;
  return {
    title: `${stamp} ${hash(stamp).slice(0, 16)}`,
    description: `<p>${stamp} <strong>${hash(`${stamp}!`)}</strong></p>`,
  };
}

/** True when a stored FAQ is whole: its title's hash matches its stamp and its answer matches its title. */
export function isWhole(title: string, description: string): boolean {
  const match = /^(w\d+ s\d+ [0-9a-f]{12})( u\d+)? ([0-9a-f]{16})$/.exec(title);
  if (!match) return false;
  const [, stamp = '', , check] = match;
  return hash(stamp).slice(0, 16) === check && description === `<p>${stamp} <strong>${hash(`${stamp}!`)}</strong></p>`;
}

export interface WriterOptions {
  base: string;
  token: string;
  writer: number;
  ledger: WriterLedger;
  /** Stops the loop once the server is gone. */
  stopped: () => boolean;
  /** Sequence numbers stay unique across cycles. */
  nextSeq: () => number;
}

async function call(
  opts: WriterOptions,
  method: string,
  path: string,
  body: string | FormData,
  headers: Record<string, string>,
): Promise<Response> {
  opts.ledger.requests += 1;
  return fetch(`${opts.base}${path}`, {
    method,
    body,
    headers: { authorization: `Bearer ${opts.token}`, ...headers },
    signal: AbortSignal.timeout(20_000),
  });
}

/**
 * One writer: creates a FAQ, then updates it with If-Match (a new title keeping its stamp), and
 * writer 0 uploads a testimonial image every few writes so some kills land mid-upload.
 */
export async function runWriter(opts: WriterOptions): Promise<void> {
  const { ledger } = opts;
  while (!opts.stopped()) {
    const seq = opts.nextSeq();
    const upload = opts.writer === 0 && seq % 3 === 0;
    const fields = selfChecking(opts.writer, seq);
    const pending: InFlight = { section: upload ? 'disbursement-testimonials' : 'faqs', fields };
    ledger.inFlight.push(pending);
    try {
      if (upload) {
        const form = new FormData();
        form.set('university_name', fields.title);
        form.set(
          'image',
          new Blob([encodePng(16, 16, (x, y) => [(x * 13 + seq) % 256, (y * 7 + opts.writer) % 256, seq % 256])], {
            type: 'image/png',
          }),
          'logo.png',
        );
        const res = await call(opts, 'POST', '/api/disbursement-testimonials', form, {});
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        const record = (await res.json()) as Record<string, unknown>;
        ledger.acknowledged += 1;
        ledger.acked.set(`disbursement-testimonials/${String(record.id)}`, {
          section: 'disbursement-testimonials',
          id: Number(record.id),
          fields: { university_name: record.university_name, image: record.image },
          version: 1,
        });
      } else {
        const created = await call(opts, 'POST', '/api/faqs', JSON.stringify(fields), {
          'content-type': 'application/json',
        });
        if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
        const record = (await created.json()) as { id: number; title: string; description: string };
        ledger.acknowledged += 1;
        ledger.acked.set(`faqs/${record.id}`, {
          section: 'faqs',
          id: record.id,
          fields: { title: record.title, description: record.description },
          version: 1,
        });
        const etag = created.headers.get('etag') ?? '';
        const title = record.title.replace(/ ([0-9a-f]{16})$/, ` u${seq} $1`);
        pending.id = record.id;
        pending.fields = { title, description: record.description };
        const updated = await call(opts, 'PUT', `/api/faqs/${record.id}`, JSON.stringify({ title }), {
          'content-type': 'application/json',
          'if-match': etag,
        });
        if (updated.status !== 200) throw new Error(`update answered ${updated.status}: ${await updated.text()}`);
        const after = (await updated.json()) as { title: string; description: string };
        ledger.acknowledged += 1;
        ledger.acked.set(`faqs/${record.id}`, {
          section: 'faqs',
          id: record.id,
          fields: { title: after.title, description: after.description },
          version: 2,
        });
      }
      ledger.inFlight.splice(ledger.inFlight.indexOf(pending), 1);
    } catch (error) {
      // the kill cut the connection: the write stays in flight. Anything else is a real failure.
      if (!opts.stopped()) throw error;
      return;
    }
  }
}
