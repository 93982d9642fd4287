import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SessionInfo, TotpConfirmResponse, TotpSetupResponse, User } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getSession, getToken, updateStoredUser } from '@/lib/session';

// The signed-in user's own account: any role may call these.

/**
 * Reads the user again after a change whose answer does not carry it, so its flags are the
 * server's. The change is done either way: if the read fails, what it must have changed is stored.
 */
async function refreshStoredUser(changed: Partial<User>): Promise<void> {
  const session = getSession();
  if (!session) return;
  let user: unknown;
  try {
    user = (await apiRequest<User>('GET', '/api/me', { auth: true })).data;
  } catch {
    user = { ...session.user, ...changed };
  }
  updateStoredUser(session.token, user);
}

export interface ProfileChange {
  name: string;
  email: string;
}

/** PATCH /api/me: the answer is the user, stored at once (the sidebar greets by name). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (change: ProfileChange) => {
      const token = getToken();
      const { data } = await apiRequest<User>('PATCH', '/api/me', { json: change });
      updateStoredUser(token, data);
      return data;
    },
  });
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** PUT /api/me/password; it ends the user's other sessions and clears a temporary password's flag. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (change: PasswordChange) => {
      const { data } = await apiRequest<MessageResponse>('PUT', '/api/me/password', { json: change });
      await refreshStoredUser({ must_change_password: false });
      return data;
    },
  });
}

/** POST /api/me/totp: a new secret to scan; nothing is on until it is confirmed. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async () => (await apiRequest<TotpSetupResponse>('POST', '/api/me/totp')).data,
  });
}

/** PUT /api/me/totp: the first code confirms it; the answer holds the recovery codes, this once. */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiRequest<TotpConfirmResponse>('PUT', '/api/me/totp', { json: { code } })).data,
  });
}

/** Stores the user as the server now has it, once the recovery codes have been seen. */
export function useRefreshStoredUser() {
  return useMutation({ mutationFn: () => refreshStoredUser({ two_factor: true, must_set_up_2fa: false }) });
}

export interface TwoFactorOff {
  password: string;
  code: string;
}

/** DELETE /api/me/totp: both the password and a code, so a stolen session alone cannot weaken the account. */
export function useTurnOffTwoFactor() {
  return useMutation({
    mutationFn: async (proof: TwoFactorOff) => {
      const { data } = await apiRequest<MessageResponse>('DELETE', '/api/me/totp', { json: proof });
      await refreshStoredUser({ two_factor: false });
      return data;
    },
  });
}

/** GET /api/me/sessions: every live sign-in of the user, this one marked `current`. */
export function useMySessions() {
  return useQuery({
    queryKey: queryKeys.mySessions(),
    queryFn: async () => (await apiRequest<SessionInfo[]>('GET', '/api/me/sessions', { auth: true })).data,
  });
}

/** DELETE /api/me/sessions: every session but this one ends. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<MessageResponse & { ended: number }>('DELETE', '/api/me/sessions')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions() }),
  });
}
