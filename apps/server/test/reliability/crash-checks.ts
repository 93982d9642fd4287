import { createHash } from 'node:crypto';
import type { Inspector } from './database.ts';
import { type Acked, isWhole, type WriterLedger } from './writers.ts';

/** The crash suite's checks of a restarted database: integrity, the ledger, log rows and revisions. */
interface FaqRow {
  id: number | string;
  title: string;
  description: string;
  version: number | string;
}
interface LogCount {
  section: string;
  record_id: number | string;
  creates: number | string;
  updates: number | string;
}

/** Checks one restarted database against the ledger; settles in-flight updates into it. */
export async function checkDatabase(
  db: Inspector,
  ledger: WriterLedger,
): Promise<{ problems: string[]; integrityOk: boolean; missing: number; rows: number }> {
  const problems = await db.integrity();
  const integrityOk = problems.length === 0;
  const faqs = new Map(
    (await db.all<FaqRow>('select id, title, description, version from faqs')).map((row) => [Number(row.id), row]),
  );
  const testimonials = new Map(
    (
      await db.all<{ id: number | string; university_name: string; image: string | null }>(
        'select id, university_name, image from disbursement_testimonials',
      )
    ).map((row) => [Number(row.id), row]),
  );
  const media = new Map(
    (await db.all<{ sha256: string; ext: string; bytes: Uint8Array }>('select sha256, ext, bytes from media')).map(
      (row) => [`/media/${row.sha256}.${row.ext}`, row],
    ),
  );
  let missing = 0;
  const pendingTitles = new Map(
    ledger.inFlight.filter((p) => p.id !== undefined).map((p) => [p.id as number, String(p.fields.title)]),
  );

  for (const [key, acked] of ledger.acked) {
    if (acked.section === 'faqs') {
      const row = faqs.get(acked.id);
      if (!row) {
        missing += 1;
        problems.push(`${key} acknowledged but missing`);
        continue;
      }
      const allowed = [acked.fields.title, pendingTitles.get(acked.id)];
      if (!allowed.includes(row.title) || row.description !== acked.fields.description) {
        problems.push(`${key} differs from what was acknowledged: ${JSON.stringify(row).slice(0, 200)}`);
      } else if (row.title !== acked.fields.title) {
        // the in-flight update landed whole: it is now the state to hold
        const settled: Acked = {
          ...acked,
          fields: { title: row.title, description: row.description },
          version: Number(row.version),
        };
        ledger.acked.set(key, settled);
      }
    } else {
      const row = testimonials.get(acked.id);
      if (!row) {
        missing += 1;
        problems.push(`${key} acknowledged but missing`);
        continue;
      }
      if (row.university_name !== acked.fields.university_name || row.image !== acked.fields.image)
        problems.push(`${key} differs from what was acknowledged`);
    }
  }
  for (const row of faqs.values()) {
    if (!isWhole(row.title, row.description))
      problems.push(`faqs/${row.id} is not whole: ${JSON.stringify(row).slice(0, 200)}`);
  }
  for (const row of testimonials.values()) {
    const stored = row.image ? media.get(row.image) : undefined;
    if (!stored) {
      problems.push(`disbursement-testimonials/${row.id} names an image that is not stored`);
      continue;
    }
    if (createHash('sha256').update(stored.bytes).digest('hex') !== stored.sha256)
      problems.push(`media ${stored.sha256} bytes do not match their name`);
  }
  problems.push(...(await checkLogs(db, faqs, testimonials)));
  problems.push(...(await checkRevisions(db, faqs)));
  ledger.inFlight.length = 0;
  return { problems, integrityOk, missing, rows: faqs.size + testimonials.size };
}

/** Records and log rows one for one: a create row per record, an update row per version step, none for nothing. */
async function checkLogs(
  db: Inspector,
  faqs: Map<number, FaqRow>,
  testimonials: Map<number, unknown>,
): Promise<string[]> {
  const problems: string[] = [];
  const counts = await db.all<LogCount>(`select section, record_id,
      sum(case when action = 'create' then 1 else 0 end) as creates,
      sum(case when action = 'update' then 1 else 0 end) as updates
    from logs where section in ('faqs', 'disbursement-testimonials') group by section, record_id`);
  const seen = new Set<string>();
  for (const count of counts) {
    const id = Number(count.record_id);
    seen.add(`${count.section}/${id}`);
    const faq = count.section === 'faqs' ? faqs.get(id) : undefined;
    const exists = count.section === 'faqs' ? faq !== undefined : testimonials.has(id);
    if (!exists) {
      problems.push(`log rows for ${count.section}/${id}, which is not stored`);
      continue;
    }
    const updates = faq ? Number(faq.version) - 1 : 0;
    if (Number(count.creates) !== 1 || Number(count.updates) !== updates) {
      problems.push(
        `${count.section}/${id}: ${count.creates} create and ${count.updates} update log rows, wanted 1 and ${updates}`,
      );
    }
  }
  for (const id of faqs.keys()) if (!seen.has(`faqs/${id}`)) problems.push(`faqs/${id} has no log row`);
  for (const id of testimonials.keys())
    if (!seen.has(`disbursement-testimonials/${id}`)) problems.push(`disbursement-testimonials/${id} has no log row`);
  return problems;
}

interface RevisionCount {
  section: string;
  record_id: number | string;
  logs: number | string;
  linked: number | string;
  revisions: number | string;
  latest_version: number | string | null;
}

/**
 * Log rows and revisions one for one: every log row names a revision of its record,
 * no revision stands without its log row, and a FAQ's latest revision holds its stored version.
 */
async function checkRevisions(db: Inspector, faqs: Map<number, FaqRow>): Promise<string[]> {
  const problems: string[] = [];
  const counts = await db.all<RevisionCount>(`select l.section, l.record_id, count(*) as logs,
      sum(case when r.record_id = l.record_id and r.section = l.section then 1 else 0 end) as linked,
      (select count(*) from revisions v where v.section = l.section and v.record_id = l.record_id) as revisions,
      (select max(v.version) from revisions v where v.section = l.section and v.record_id = l.record_id) as latest_version
    from logs l left join revisions r on r.id = l.revision_id
    where l.section in ('faqs', 'disbursement-testimonials') group by l.section, l.record_id`);
  for (const count of counts) {
    const key = `${count.section}/${Number(count.record_id)}`;
    if (Number(count.linked) !== Number(count.logs) || Number(count.revisions) !== Number(count.logs)) {
      problems.push(
        `${key}: ${count.logs} log rows, ${count.linked} linked to their revision, ${count.revisions} revisions; wanted one for one`,
      );
    }
    const faq = count.section === 'faqs' ? faqs.get(Number(count.record_id)) : undefined;
    if (faq && Number(count.latest_version) !== Number(faq.version))
      problems.push(`${key}: latest revision is version ${count.latest_version}, the row is at ${faq.version}`);
  }
  // a set difference, not a correlated "not exists": logs.revision_id has no index, and the subquery made each
  // cycle's check quadratic in the records written so far (46 s at 25,000 records, against 25 ms for this)
  const orphans = await db.all<{ n: number | string }>(`select count(*) as n from (
      select id from revisions where section in ('faqs', 'disbursement-testimonials')
      except select revision_id from logs) as orphaned`);
  if (Number(orphans[0]?.n ?? 0) !== 0) problems.push(`${orphans[0]?.n} revisions without their log row`);
  return problems;
}
