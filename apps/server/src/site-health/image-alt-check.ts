import { sections, type SectionDef, type SiteHealthProblem } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { tableOf } from '../db/naming.ts';
import { readableTitle } from '../audit/log-writes.ts';
import { imageFieldsOf, imageNameOf } from '../media/image-fields.ts';
import { fieldsAs, pendingRecordsOf } from './record-reads.ts';

interface ImageUse {
  section: SectionDef;
  id: number;
  title: string;
  field: string;
  sha256: string;
}

/** The images of a record's image fields (published content and waiting changes), each once per field. */
function imagesOf(
  section: SectionDef,
  id: number,
  records: Record<string, unknown>[],
  fields: readonly string[],
): ImageUse[] {
  const uses: ImageUse[] = [];
  for (const record of records)
    for (const field of fields) {
      const sha256 = imageNameOf(record[field])?.sha256;
      if (sha256 && !uses.some((use) => use.field === field && use.sha256 === sha256))
        uses.push({ section, id, title: readableTitle(record[section.titleField]), field, sha256 });
    }
  return uses;
}

/**
 * Image fields whose image has no alternative text. The text belongs to the image and changes in the media library
 * without any record write, so this is checked when asked; the sections with image fields hold few records.
 */
export async function imagesWithoutAlt(db: Db): Promise<SiteHealthProblem[]> {
  const uses: ImageUse[] = [];
  for (const section of sections) {
    const fields = imageFieldsOf(section);
    if (fields.length === 0) continue;
    const { rows } = await sql<Record<string, unknown> & { id: number | string }>`
      select id, ${fieldsAs([section.titleField, ...fields])}
      from ${sql.table(tableOf(section))} where status = 'published' order by id`.execute(db);
    const pendingOf = await pendingRecordsOf(db, section);
    for (const row of rows) {
      const id = Number(row.id);
      const waiting = pendingOf.get(id);
      uses.push(...imagesOf(section, id, waiting ? [row, waiting] : [row], fields));
    }
  }
  if (uses.length === 0) return [];
  // an image that is not stored at all is reported as broken when its record is saved, not here
  const stored = await db
    .selectFrom('media')
    .select(['sha256', 'alt'])
    .where('sha256', 'in', [...new Set(uses.map((use) => use.sha256))])
    .execute();
  const undescribed = new Set(stored.filter((row) => row.alt.trim() === '').map((row) => row.sha256));
  return uses
    .filter((use) => undescribed.has(use.sha256))
    .map((use) => ({
      check: 'missing-alt-text' as const,
      severity: 'warning' as const,
      section: use.section.slug,
      id: use.id,
      title: use.title,
      field: use.field,
      message: `The image in "${use.section.fields[use.field]?.label ?? use.field}" has no alternative text, so people who cannot see it miss what it shows. Describe it in the Alternative text field beside the image.`,
    }));
}
