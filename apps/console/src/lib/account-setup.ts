import type { User } from '@bursary/shared';

/**
 * Where a signed-in user finishes their account before anything else (decision 012):
 * until then the server answers 403 to every other call, so no other screen may open.
 */
export const ACCOUNT_SETUP_PATH = '/account/setup';

export type AccountSetupStep = 'password' | 'two-factor';

/** What the server still asks of this account, the temporary password first; null when nothing. */
export function accountSetupStep(user: User): AccountSetupStep | null {
  if (user.must_change_password) return 'password';
  if (user.must_set_up_2fa) return 'two-factor';
  return null;
}
