import { findSection, type SectionDef } from '@bursary/shared';
import { saveChanges } from '../publishing/changes-writes.ts';
import { createRecord } from '../records/record-writes.ts';
import type { WriteContext } from '../records/write-concurrency.ts';
import { setSchedule } from '../publishing/schedule-writes.ts';

function section(slug: string): SectionDef {
  const found = findSection(slug);
  if (!found) throw new Error(`The registry has no section ${slug}`);
  return found;
}

/** The next Monday at 08:00 UTC after `now`, and the Friday after it at 17:00: a notice's week. */
export function nextNoticeWeek(now: Date): { publish: Date; unpublish: Date } {
  const publish = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8));
  const daysToMonday = (8 - publish.getUTCDay()) % 7 || 7;
  publish.setUTCDate(publish.getUTCDate() + daysToMonday);
  const unpublish = new Date(publish.getTime() + (4 * 24 + 9) * 3_600_000);
  return { publish, unpublish };
}

/**
 * What the demo shows of publishing: a draft FAQ nobody outside sees yet, a live FAQ whose new answer waits,
 * and a notice that goes up next Monday morning and comes down on Friday evening.
 */
export async function seedPublishingDemo(ctx: WriteContext, now: Date = new Date()): Promise<void> {
  const faqs = section('faqs');
  await createRecord(ctx, faqs, {
    body: {
      status: 'draft',
      title: 'Can I apply before my admission letter arrives?',
      description: '<p>Yes: apply with your provisional offer and add the admission letter when you have it.</p>',
    },
    uploads: new Map(),
  });
  const live = await createRecord(ctx, faqs, {
    body: {
      title: 'When are loans paid out?',
      description: '<p>Loans are paid to your university at the start of each semester.</p>',
    },
    uploads: new Map(),
  });
  await saveChanges(ctx, faqs, live.record.id, {
    body: {
      description:
        '<p>Loans are paid to your university at the start of each semester, and living allowances to you within ten days of registration.</p>',
    },
    uploads: new Map(),
  });
  const content = section('content');
  const notice = await createRecord(ctx, content, {
    body: {
      status: 'draft',
      title: 'Applications close on Friday',
      excerpt: 'The application window for this intake closes on Friday at 17:00.',
      body: '<p>Submit your application and supporting documents before Friday at 17:00.</p>',
    },
    uploads: new Map(),
  });
  const week = nextNoticeWeek(now);
  await setSchedule(
    ctx.db,
    content,
    notice.record.id,
    { publish: week.publish.toISOString(), unpublish: week.unpublish.toISOString() },
    ctx.username,
    now,
  );
}
