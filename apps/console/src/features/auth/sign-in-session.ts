import type { LoginResponse } from '@bursary/shared';
import { clearSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { signInFailureText } from './sign-in-errors';

/** What the card needs to ask for the second factor: the challenge and the name typed for it. */
export interface CodeChallenge {
  mfaToken: string;
  username: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The mfa_token when POST /api/login asks for a second factor (no session yet). */
export function mfaTokenOf(data: unknown): string | null {
  return isObject(data) && data.mfa_required === true && typeof data.mfa_token === 'string' ? data.mfa_token : null;
}

/**
 * Stores the session a sign-in answered and greets, after the password or after
 * the code alike. Storing it is enough to move on: the sign-in route sends a signed-in user onward.
 */
export function startSession(data: unknown, typedUsername: string): void {
  const answer = (isObject(data) ? data : {}) as Partial<LoginResponse>;
  // A success without a token and a named user cannot start a session.
  if (typeof answer.token !== 'string' || typeof answer.user?.name !== 'string') {
    throw new Error('The sign-in answer has no session.');
  }
  setSession({ token: answer.token, user: answer.user });
  toast({ title: 'Login successful', description: `Welcome back, ${answer.user.username || typedUsername}!` });
}

/** A failed sign-in clears any stored session and says why. */
export function failSignIn(error: unknown): void {
  clearSession();
  toast({ title: 'Login failed', description: signInFailureText(error), variant: 'destructive' });
}
