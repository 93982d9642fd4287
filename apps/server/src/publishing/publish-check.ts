import type { Locale } from '@bursary/shared';
import { ValidationError } from '../lib/errors.ts';

/**
 * Runs the check of waiting changes about to be published. They were valid when saved, but the rules, the images they
 * name or the record's sub-items may have changed since: each publish checks them again as a save would check them
 * now, and refuses them in one sentence with the reasons. A language's reasons name it, since publishing every
 * language at once may be refused for any one of them.
 */
export async function checkedForPublishing<T>(check: () => Promise<T>, locale?: Pick<Locale, 'name'>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const named = (message: string) => (locale ? `${locale.name}: ${message}` : message);
    const fields = (error.fields ?? []).map((field) => ({ ...field, message: named(field.message) }));
    const reasons = fields.map((field) => field.message).join('; ') || named(error.message);
    throw new ValidationError(
      fields,
      // a reason that is a sentence of its own keeps one full stop before the advice
      `These changes cannot be published: ${reasons.replace(/\.$/, '')}. Edit the changes, then publish again.`,
    );
  }
}
