import type { SectionDef } from '@bursary/shared';
import type { ScheduleAction } from '../db/types.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';

/**
 * A schedule acts with the rights its setter has when it comes due: one whose setter was since deleted, disabled or
 * made a viewer is not carried out as them.
 */
export class SetterCannotPublishError extends Error {
  readonly username: string;

  constructor(username: string) {
    super(`${username} can no longer publish`);
    this.username = username;
  }
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why a scheduled action could not be done, in a sentence an editor understands; undefined when
 * the error says nothing about the record (a busy database, a lost connection): the schedule then
 * stays pending and is tried again.
 */
export function failureReason(error: unknown, section: SectionDef, action: ScheduleAction): string | undefined {
  const kind = section.singular;
  if (error instanceof SetterCannotPublishError)
    return `It was set by ${error.username}, who can no longer publish; someone who can may set it again.`;
  if (error instanceof NotFoundError) return `The ${kind} was deleted before its scheduled ${action}.`;
  if (error instanceof ValidationError) {
    const reasons = error.fields?.map((field) => field.message).join('; ') || error.message;
    return `Its changes no longer pass the checks: ${sentence(reasons)}`;
  }
  if (error instanceof ConflictError) return `The ${kind} could not be ${action}ed: ${sentence(error.message)}`;
  return undefined;
}

/** A schedule naming a section this server no longer has cannot run. */
export const unknownSectionReason = (slug: string) => `The section "${slug}" no longer exists.`;
