import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A preview token that reads now (GET /api/preview-tokens): its issuer is still an active editor or administrator. */
export interface LivePreviewToken {
  id: number;
  created_by: string;
  created_at: string;
  expires_at: string;
}

export function useLivePreviewTokens() {
  return useQuery({
    queryKey: queryKeys.previewTokens(),
    queryFn: async ({ signal }) =>
      (await apiRequest<LivePreviewToken[]>('GET', '/api/preview-tokens', { auth: true, signal })).data,
  });
}

/** DELETE /api/preview-tokens/{id}: the token stops reading at once. */
export function useRevokePreviewToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/preview-tokens/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.previewTokens() }),
  });
}
