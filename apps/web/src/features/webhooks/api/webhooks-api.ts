// The webhooks tab's queries and mutations: one key factory; each change reloads the endpoints and their logs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (partnerId: number) => [...webhookKeys.all, 'list', partnerId] as const,
  deliveries: (partnerId: number, id: string, page: number) =>
    [...webhookKeys.all, 'deliveries', partnerId, id, page] as const,
};

export function useWebhooks(partnerId: number) {
  return useQuery({
    queryKey: webhookKeys.list(partnerId),
    queryFn: () => api.call('v1.webhooks.list', { partnerId }),
    retry: false,
  });
}

export function useDeliveries(partnerId: number, id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(partnerId, id, page),
    queryFn: () => api.call('v1.webhooks.deliveries', { partnerId, id, page, limit: 20 }),
    // Pending deliveries change on their own: the log refreshes while it is open.
    refetchInterval: 5000,
  });
}

function useWebhookMutation<
  M extends
    | 'v1.webhooks.create'
    | 'v1.webhooks.delete'
    | 'v1.webhooks.enable'
    | 'v1.webhooks.test'
    | 'v1.webhooks.replay',
>(method: M) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<M>) => api.call(method, params),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () => useWebhookMutation('v1.webhooks.create');
export const useDeleteWebhook = () => useWebhookMutation('v1.webhooks.delete');
export const useEnableWebhook = () => useWebhookMutation('v1.webhooks.enable');
export const useTestWebhook = () => useWebhookMutation('v1.webhooks.test');
export const useReplayWebhook = () => useWebhookMutation('v1.webhooks.replay');
