import { measureDraftsRead } from './drafts-read.ts';
import { measurePublishVsPut } from './publish-vs-put.ts';
import type { Part } from './report.ts';
import { measureSchedulesDue } from './schedules-due.ts';
import { measureWebhookDeliveries } from './webhook-deliveries.ts';
import { measureWebhookWrites } from './webhook-writes.ts';

/**
 * The costs of publishing and webhooks, each part on servers and data of its own: drafts on the
 * read path, publish against PUT, schedules due at once, webhooks on the write path and their
 * delivery rate.
 */
export interface PartsOptions {
  quick: boolean;
  seconds: { warm: number; run: number };
  slices: number;
  /** The main run's GET /api/faqs req/s over raw node:http's. */
  mainRatio: number;
}

export async function measurePublishingParts(options: PartsOptions): Promise<Part[]> {
  const { seconds, slices } = options;
  const steps: [string, () => Promise<Part>][] = [
    ['drafts on the read path', () => measureDraftsRead({ seconds, slices, mainRatio: options.mainRatio })],
    ['publish against PUT', () => measurePublishVsPut({ seconds, publishes: options.quick ? 500 : 2_000 })],
    ['10,000 schedules due at once', measureSchedulesDue],
    ['webhooks on the write path', () => measureWebhookWrites({ seconds, slices })],
    ['webhook deliveries', measureWebhookDeliveries],
  ];
  const parts: Part[] = [];
  for (const [name, step] of steps) {
    console.log(`  ${name}…`);
    parts.push(await step());
  }
  return parts;
}

export function printParts(parts: Part[]): void {
  for (const part of parts) {
    console.log(part.title);
    for (const line of part.lines) console.log(line);
  }
}
