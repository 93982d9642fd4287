import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedUserResponse,
  MessageResponse,
  NewUserRequest,
  Role,
  TemporaryPasswordResponse,
  UserSummary,
} from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getSession, updateStoredUser } from '@/lib/session';

/** PATCH /api/users/{id}: any of these; an empty email clears it. */
export interface UserChange {
  name?: string;
  email?: string;
  role?: Role;
  disabled?: boolean;
}

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users(),
    queryFn: async ({ signal }) => (await apiRequest<UserSummary[]>('GET', '/api/users', { auth: true, signal })).data,
  });
}

/**
 * An administrator who changes their own name or role sees it at once: the sidebar shows the
 * name, and a demoted administrator's controls go with the role.
 */
function followOwnChange({ id, name, email, role }: UserSummary): void {
  const session = getSession();
  if (session?.user.id === id) updateStoredUser(session.token, { name, email, role });
}

/**
 * The users API's writes; each refreshes the list after. Answers that carry a temporary password
 * are not kept by the query cache (`gcTime: 0`), and the screen resets them when their dialog
 * closes, so the password is in memory only while it is shown.
 */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: queryKeys.users() });
  return {
    create: useMutation({
      mutationFn: async (input: NewUserRequest) =>
        (await apiRequest<CreatedUserResponse>('POST', '/api/users', { json: input })).data,
      onSettled: settled,
      gcTime: 0,
    }),
    update: useMutation({
      mutationFn: async ({ id, change }: { id: number; change: UserChange }) =>
        (await apiRequest<UserSummary>('PATCH', `/api/users/${id}`, { json: change })).data,
      onSuccess: followOwnChange,
      onSettled: settled,
    }),
    resetPassword: useMutation({
      mutationFn: async (id: number) =>
        (await apiRequest<TemporaryPasswordResponse>('POST', `/api/users/${id}/reset-password`)).data,
      onSettled: settled,
      gcTime: 0,
    }),
    signOutEverywhere: useMutation({
      mutationFn: async (id: number) => (await apiRequest<MessageResponse>('DELETE', `/api/users/${id}/sessions`)).data,
      onSettled: settled,
    }),
    turnOffTwoFactor: useMutation({
      mutationFn: async (id: number) => (await apiRequest<MessageResponse>('DELETE', `/api/users/${id}/totp`)).data,
      onSettled: settled,
    }),
  };
}
