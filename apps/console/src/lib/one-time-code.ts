// The codes of two-factor sign-in, checked alike at sign-in, at set-up and to turn it off.

/** An authenticator code: six digits, spaces allowed as apps show them ("123 456"). */
const TOTP_CODE = /^\d{6}$/;

/** The input attributes of an authenticator code: the browser may offer the code, phones show digits. */
export const AUTHENTICATOR_INPUT = { autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false } as const;
/** A recovery code's: typed from a saved list, never offered or corrected. */
export const RECOVERY_INPUT = { autoComplete: 'off', inputMode: 'text', spellCheck: false } as const;

export type CodeKind = 'authenticator' | 'recovery' | 'either';

/** The code to send, or the sentence saying what to type instead. */
export function checkCode(typed: string, kind: CodeKind): { code: string } | { error: string } {
  // recovery codes hold no spaces either, so removing them is safe for both kinds
  const code = typed.replace(/\s/g, '');
  if (kind === 'recovery' || (kind === 'either' && !/^\d+$/.test(code))) {
    return code
      ? { code }
      : {
          error:
            kind === 'recovery'
              ? 'Enter one of your recovery codes'
              : 'Enter a code from your authenticator app or a recovery code',
        };
  }
  return TOTP_CODE.test(code) ? { code } : { error: 'Enter the 6-digit code from your authenticator app' };
}
