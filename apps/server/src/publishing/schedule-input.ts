import type { ScheduleAction } from '../db/types.ts';
import { type FieldIssue, ValidationError } from '../lib/errors.ts';

/** When a record is to be published and taken off, as stored: UTC ISO 8601 with milliseconds. */
export type ScheduleTimes = Partial<Record<ScheduleAction, string>>;

const FIELDS: Record<ScheduleAction, string> = { publish: 'publish_at', unpublish: 'unpublish_at' };

/**
 * A date and time with its offset (`Z` or ±hh:mm): without one the moment would depend on the
 * server's time zone, so a local time is refused rather than guessed.
 */
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The moment a text names, or undefined when it is not a real date and time with an offset. */
function momentOf(text: string): Date | undefined {
  const match = WITH_OFFSET.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map(Number);
  if (month === undefined || month < 1 || month > 12) return undefined;
  if (day === undefined || year === undefined || day < 1 || day > daysIn(year, month)) return undefined;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return undefined;
  if ((offsetHours ?? 0) > 23 || (offsetMinutes ?? 0) > 59) return undefined;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

/**
 * The body of `PUT …/schedule`: `publish_at`, `unpublish_at` or both, each in the future, the
 * unpublish after the publish. Every problem is named at once; nothing is stored unless all pass.
 */
export function parseScheduleBody(body: unknown, now: Date): ScheduleTimes {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError([{ path: 'body', message: 'The body must be a JSON object' }]);
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(body))
    if (key !== FIELDS.publish && key !== FIELDS.unpublish)
      issues.push({ path: key, message: `${key} is not accepted here` });
  const times: ScheduleTimes = {};
  const moments: Partial<Record<ScheduleAction, Date>> = {};
  for (const action of ['publish', 'unpublish'] as const) {
    const field = FIELDS[action];
    const raw = (body as Record<string, unknown>)[field];
    if (raw === undefined || raw === null) continue;
    const moment = typeof raw === 'string' && raw.length <= 40 ? momentOf(raw) : undefined;
    if (!moment) {
      issues.push({
        path: field,
        message: `${field} must be a date and time with its offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z`,
      });
    } else if (moment.getTime() <= now.getTime()) {
      issues.push({ path: field, message: `${field} must be in the future` });
    } else {
      moments[action] = moment;
      times[action] = moment.toISOString();
    }
  }
  if (moments.publish && moments.unpublish && moments.unpublish.getTime() <= moments.publish.getTime())
    issues.push({ path: FIELDS.unpublish, message: 'unpublish_at must be after publish_at' });
  if (issues.length === 0 && !times.publish && !times.unpublish)
    issues.push({ path: 'body', message: 'Give publish_at, unpublish_at or both' });
  if (issues.length > 0) throw new ValidationError(issues, `${issues.map((issue) => issue.message).join('; ')}.`);
  return times;
}

/** `2026-12-01T08:00:00Z`: a stored time as a person reads it, without milliseconds that are all zero. */
export const shownTime = (iso: string): string => iso.replace(/\.000Z$/, 'Z');
