// The API tab's queries and mutations: one key factory; issuing and revoking reload the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: (partnerId: number) => [...apiTokenKeys.all, 'list', partnerId] as const,
  usage: (partnerId: number, id: string) => [...apiTokenKeys.all, 'usage', partnerId, id] as const,
};

export function useApiTokens(partnerId: number) {
  return useQuery({
    queryKey: apiTokenKeys.list(partnerId),
    queryFn: () => api.call('v1.api-tokens.list', { partnerId }),
    retry: false,
  });
}

export function useApiTokenUsage(partnerId: number, id: string | null) {
  return useQuery({
    queryKey: apiTokenKeys.usage(partnerId, id ?? ''),
    queryFn: () => api.call('v1.api-tokens.usage', { partnerId, id: id! }),
    enabled: id !== null,
  });
}

function useTokenMutation<M extends 'v1.api-tokens.issue' | 'v1.api-tokens.revoke'>(method: M) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<M>) => api.call(method, params),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export const useIssueToken = () => useTokenMutation('v1.api-tokens.issue');
export const useRevokeToken = () => useTokenMutation('v1.api-tokens.revoke');
