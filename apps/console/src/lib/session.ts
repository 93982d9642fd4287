import { useSyncExternalStore } from 'react';
import type { User } from '@bursary/shared';

/** The session lives in localStorage under these two keys. */
export const USER_KEY = 'user';
export const TOKEN_KEY = 'token';

export interface Session {
  user: User;
  token: string;
}

type Listener = () => void;

let current: Session | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

function removeStored(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * Reads the stored session. Authenticated means both items are present; anything
 * unreadable counts as corrupt and both items are removed, so a half-written session never lingers.
 */
export function restoreSession(): Session | null {
  const rawUser = localStorage.getItem(USER_KEY);
  const token = localStorage.getItem(TOKEN_KEY);
  if (rawUser === null && token === null) {
    current = null;
    return null;
  }
  let user: unknown;
  try {
    user = rawUser === null ? null : JSON.parse(rawUser);
  } catch {
    user = null;
  }
  if (!isUser(user) || !token) {
    removeStored();
    current = null;
    return null;
  }
  current = { user, token };
  return current;
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function setSession(session: Session): void {
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  localStorage.setItem(TOKEN_KEY, session.token);
  current = session;
  emit();
}

/**
 * Stores what the server now says about the signed-in user (GET /api/me, an account change): a
 * role given or taken away since sign-in, or a pending account step, then shows at once.
 * Only for the session that asked, and only when something changed, so listeners do not run for nothing.
 */
export function updateStoredUser(token: string | null, answered: unknown): void {
  if (!current || current.token !== token || !isUser(answered)) return;
  const user = { ...current.user, ...answered };
  if (JSON.stringify(user) !== JSON.stringify(current.user)) setSession({ token: current.token, user });
}

/** Ends the session in memory and in storage (sign-in failure, logout, expired token). */
export function clearSession(): void {
  removeStored();
  current = null;
  emit();
}

function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; components re-render when it starts or ends. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
