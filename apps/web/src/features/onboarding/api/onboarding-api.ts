// Server data of onboarding through the app's RPC client: the road, the questionnaire, the committee and
// the staff queue, with one key factory; every change invalidates the whole area.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  road: () => [...onboardingKeys.all, 'road'] as const,
  survey: () => [...onboardingKeys.all, 'survey'] as const,
  queue: (queue: 'survey' | 'committee') => [...onboardingKeys.all, 'queue', queue] as const,
  details: (id: string) => [...onboardingKeys.all, 'details', id] as const,
};

export const useRoad = () =>
  useQuery({ queryKey: onboardingKeys.road(), queryFn: () => api.call('v1.onboarding.road.get', {}) });
export const useSurvey = () =>
  useQuery({ queryKey: onboardingKeys.survey(), queryFn: () => api.call('v1.surveys.first.get', {}) });
export const useReviewQueue = (queue: 'survey' | 'committee') =>
  useQuery({ queryKey: onboardingKeys.queue(queue), queryFn: () => api.call('v1.surveys.list', { queue }) });
export const useReviewCase = (id: string | null) =>
  useQuery({
    queryKey: onboardingKeys.details(id ?? ''),
    queryFn: () => api.call('v1.surveys.details', { id: id ?? '' }),
    enabled: id !== null,
  });

function useOnboardingMutation<P, R>(call: (params: P) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}

export const useSavePage = () =>
  useOnboardingMutation((p: Params<'v1.surveys.first.save'>) => api.call('v1.surveys.first.save', p));
export const useSubmitSurvey = () => useOnboardingMutation(() => api.call('v1.surveys.first.submit', {}));
export const useRestartSurvey = () => useOnboardingMutation(() => api.call('v1.surveys.delete', {}));
export const useActNotification = () =>
  useOnboardingMutation((id: string) => api.call('v1.surveys.notification.act', { id }));
export const useAnswerCommittee = () =>
  useOnboardingMutation((p: Params<'v1.surveys.assortment-committee.save'>) =>
    api.call('v1.surveys.assortment-committee.save', p),
  );
export const useFinishOnboarding = () => useOnboardingMutation(() => api.call('v1.onboarding.finish', {}));
export const useReviewSurvey = () =>
  useOnboardingMutation((p: Params<'v1.surveys.review'>) => api.call('v1.surveys.review', p));
export const useDecideCommittee = () =>
  useOnboardingMutation((p: Params<'v1.surveys.assortment-committee.decide'>) =>
    api.call('v1.surveys.assortment-committee.decide', p),
  );
