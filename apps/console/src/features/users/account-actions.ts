import type { UserSummary } from '@bursary/shared';
import type { ActionTexts } from '@/components/row-actions';

/** What an administrator can do to an account besides editing it. */
export type AccountAction = 'disable' | 'enable' | 'reset-password' | 'sign-out' | 'turn-off-2fa';

const you = (user: UserSummary, ownId: number | undefined) =>
  user.id === ownId ? ' This includes your own session.' : '';

/** The words of each action about one user; `ownId` is the signed-in administrator's id. */
export function accountActionTexts(action: AccountAction, user: UserSummary, ownId: number | undefined): ActionTexts {
  const name = `"${user.username}"`;
  switch (action) {
    case 'disable':
      return {
        label: 'Disable',
        confirm: {
          title: `Disable ${name}?`,
          text: `They are signed out at once and cannot sign in until an administrator enables the account again. Their name stays in the activity log.${you(user, ownId)}`,
        },
        done: `${name} is disabled`,
        failed: 'Could not disable the user',
      };
    case 'enable':
      return { label: 'Enable', done: `${name} is enabled`, failed: 'Could not enable the user' };
    case 'reset-password':
      return {
        label: 'Reset password',
        confirm: {
          title: `Reset the password of ${name}?`,
          text: `Their current password stops working and they are signed out everywhere. You get a temporary password, shown once, to give them; they choose their own at the next sign-in.${you(user, ownId)}`,
        },
        done: 'Password reset',
        failed: 'Could not reset the password',
      };
    case 'sign-out':
      return {
        label: 'Sign out everywhere',
        confirm: {
          title: `Sign ${name} out everywhere?`,
          text: `Every session of this user ends; they sign in again with their password.${you(user, ownId)}`,
        },
        done: 'Signed out everywhere',
        failed: 'Could not sign the user out',
      };
    case 'turn-off-2fa':
      return {
        label: 'Turn off two-factor',
        confirm: {
          title: `Turn off two-factor sign-in for ${name}?`,
          text: 'Their authenticator app and recovery codes stop working, and they sign in with their password alone until they set it up again. Do this when they have lost their second factor.',
        },
        done: 'Two-factor sign-in turned off',
        failed: 'Could not turn off two-factor sign-in',
      };
  }
}

/**
 * The actions offered for a user as they are now: Disable or Enable, and two-factor only when on.
 * One's own password and two-factor sign-in change on the Account page, which asks for the
 * current password (and a code); the server refuses them here, so they are not offered.
 */
export function actionsFor(user: UserSummary, ownId: number | undefined): AccountAction[] {
  const own = user.id === ownId;
  return [
    user.disabled ? 'enable' : 'disable',
    ...(own ? [] : (['reset-password'] as const)),
    'sign-out',
    ...(user.two_factor && !own ? (['turn-off-2fa'] as const) : []),
  ];
}
