// The team's queries and mutations: one key factory; each change reloads the team list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';

export const teamKeys = {
  all: ['team'] as const,
  list: (partnerId: number) => [...teamKeys.all, 'list', partnerId] as const,
};

export function useTeam(partnerId: number) {
  return useQuery({
    queryKey: teamKeys.list(partnerId),
    queryFn: () => api.call('v1.team.list', { partnerId }),
    retry: false,
  });
}

function useTeamMutation<
  M extends 'v1.team.invite' | 'v1.team.change-role' | 'v1.team.remove' | 'v1.team.cancel-invitation',
>(method: M) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<M>) => api.call(method, params),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useInvite = () => useTeamMutation('v1.team.invite');
export const useChangeRole = () => useTeamMutation('v1.team.change-role');
export const useRemoveMember = () => useTeamMutation('v1.team.remove');
export const useCancelInvitation = () => useTeamMutation('v1.team.cancel-invitation');
