import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { NewWebhookAnswer, SecretAnswer, Webhook, WebhookDelivery, WebhookInput } from './webhook-types';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.all(),
    queryFn: async ({ signal }) => (await apiRequest<Webhook[]>('GET', '/api/webhooks', { auth: true, signal })).data,
  });
}

/** A webhook's newest delivery attempts, newest first; `limit` 1 is its last delivery. */
export function useDeliveries(id: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id, limit),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<WebhookDelivery[]>('GET', `/api/webhooks/${id}/deliveries`, {
          query: { limit },
          auth: true,
          signal,
        })
      ).data,
  });
}

/**
 * The webhooks API's writes; each refreshes the webhooks and their deliveries after. Answers that
 * carry a secret are not kept by the query cache (`gcTime: 0`), and the screen resets them when
 * their dialog closes, so the secret is in memory only while it is shown.
 */
export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() });
  return {
    create: useMutation({
      mutationFn: async (input: WebhookInput) =>
        (await apiRequest<NewWebhookAnswer>('POST', '/api/webhooks', { json: input })).data,
      onSettled: settled,
      gcTime: 0,
    }),
    update: useMutation({
      mutationFn: async ({ id, change }: { id: number; change: Partial<WebhookInput> & { enabled?: boolean } }) =>
        (await apiRequest<Webhook>('PATCH', `/api/webhooks/${id}`, { json: change })).data,
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => (await apiRequest<MessageResponse>('DELETE', `/api/webhooks/${id}`)).data,
      onSettled: settled,
    }),
    rotate: useMutation({
      mutationFn: async (id: number) =>
        (await apiRequest<SecretAnswer>('POST', `/api/webhooks/${id}/rotate-secret`)).data,
      onSettled: settled,
      gcTime: 0,
    }),
    ping: useMutation({
      mutationFn: async (id: number) => (await apiRequest<WebhookDelivery>('POST', `/api/webhooks/${id}/ping`)).data,
      onSettled: settled,
    }),
    retry: useMutation({
      mutationFn: async ({ id, deliveryId }: { id: number; deliveryId: number }) =>
        (await apiRequest<WebhookDelivery>('POST', `/api/webhooks/${id}/deliveries/${deliveryId}/retry`)).data,
      onSettled: settled,
    }),
  };
}
