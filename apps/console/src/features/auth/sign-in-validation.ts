import type { LoginRequest } from '@bursary/shared';

/** The sign-in checks. */
const MIN_PASSWORD_LENGTH = 6;

export type SignInErrors = Partial<Record<keyof LoginRequest, string>>;

export type SignInCheck = { ok: true; credentials: LoginRequest } | { ok: false; errors: SignInErrors };

/** Every failing field's message at once; the username is sent trimmed, the password as typed. */
export function checkSignIn({ username, password }: LoginRequest): SignInCheck {
  const errors: SignInErrors = {};
  const trimmed = username.trim();
  if (trimmed.length === 0) errors.username = 'Username is required';
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters';
  if (errors.username || errors.password) return { ok: false, errors };
  return { ok: true, credentials: { username: trimmed, password } };
}
