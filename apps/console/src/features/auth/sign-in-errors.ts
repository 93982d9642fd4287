import { ApiError, NetworkError, errorField } from '@/lib/api-client';

/** The text of the 'Login failed' toast, the first rule that applies. */
export function signInFailureText(error: unknown): string {
  const field = errorField(error);
  if (field) return field;
  if (error instanceof ApiError) return `Login failed (Status: ${error.status})`;
  if (error instanceof NetworkError) return 'Could not connect to the server. Please check your network.';
  return 'An unexpected error occurred. Please try again.';
}
