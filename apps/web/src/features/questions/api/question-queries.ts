// Server data of the questions area through the app's RPC client: the list with its counts and the
// timely-answer share, templates, the settings' feedback section, the moderation queue and size fit; and
// the changes, each refreshing what it touches through the key factory.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { questionKeys } from './question-keys';

type ListParams = Omit<Params<'v1.questions.list'>, 'partnerId'>;
export type FeedbackKind = NonNullable<Params<'v1.feedback.templates.list'>['kind']>;

export function useQuestionList(partnerId: number, params: ListParams) {
  return useQuery({
    queryKey: questionKeys.list(partnerId, params),
    queryFn: () => api.call('v1.questions.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionsMeta(partnerId: number) {
  return useQuery({
    queryKey: questionKeys.meta(partnerId),
    queryFn: () => api.call('v1.questions.meta', { partnerId }),
  });
}

export function useQuestionsStats(partnerId: number) {
  return useQuery({
    queryKey: questionKeys.stats(partnerId),
    queryFn: () => api.call('v1.questions.stats', { partnerId }),
    staleTime: 60_000,
  });
}

export function useTemplates(partnerId: number, kind: FeedbackKind, search = '') {
  return useQuery({
    queryKey: questionKeys.templateList(partnerId, kind, search),
    queryFn: () => api.call('v1.feedback.templates.list', { partnerId, kind, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function useFeedbackSettings(partnerId: number) {
  return useQuery({
    queryKey: questionKeys.settings(partnerId),
    queryFn: () => api.call('v1.feedback.seller-feedback.get', { partnerId }),
  });
}

export function useModerationQueue(enabled: boolean) {
  return useQuery({
    queryKey: questionKeys.moderation(),
    queryFn: () => api.call('v1.feedback.moderation.list', { pageSize: 100 }),
    enabled,
  });
}

export function useSizeFit(partnerId: number, sellerParentSku: string) {
  return useQuery({
    queryKey: questionKeys.sizeFit(partnerId, sellerParentSku),
    queryFn: () => api.call('v1.feedback.size-fit.get', { partnerId, sellerParentSku }),
    enabled: sellerParentSku !== '',
  });
}

/** A change of the partner's feedback: everything of the partner is read again, and the queue. */
function useFeedbackMutation<P, R>(partnerId: number, call: (params: P) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: questionKeys.partner(partnerId) }),
        client.invalidateQueries({ queryKey: questionKeys.moderation() }),
      ]),
  });
}

export const useAnswer = (partnerId: number) =>
  useFeedbackMutation(partnerId, (p: { id: string; text: string }) =>
    api.call('v1.questions.answer', { partnerId, ...p }),
  );

export const useCancelAnswers = (partnerId: number) =>
  useFeedbackMutation(partnerId, (questionIds: string[]) =>
    api.call('v1.feedback.delete-items', { partnerId, questionIds }),
  );

export const useSaveTemplate = (partnerId: number) =>
  useFeedbackMutation(partnerId, (p: Omit<Params<'v1.feedback.templates.save'>, 'partnerId'>) =>
    api.call('v1.feedback.templates.save', { partnerId, ...p }),
  );

export const useDeleteTemplate = (partnerId: number) =>
  useFeedbackMutation(partnerId, (id: string) => api.call('v1.feedback.templates.delete', { partnerId, id }));

export const useActivateAnswers = (partnerId: number) =>
  useFeedbackMutation(partnerId, (active: boolean) =>
    api.call('v1.feedback.seller-feedback.activate', { partnerId, active }),
  );

export const useDeleteStrike = (partnerId: number) =>
  useFeedbackMutation(partnerId, (id: string) => api.call('v1.feedback.strikes.delete', { partnerId, id }));

export const useDecide = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: Params<'v1.feedback.moderation.decide'>) => api.call('v1.feedback.moderation.decide', p),
    onSuccess: (_r, p) =>
      Promise.all([
        client.invalidateQueries({ queryKey: questionKeys.moderation() }),
        client.invalidateQueries({ queryKey: questionKeys.partner(p.partnerId) }),
      ]),
  });
};

/** The seller parent SKU of a product by its id (the product card's address names a size's id). */
export function useParentSku(partnerId: number, productId: string) {
  return useQuery({
    queryKey: [...questionKeys.partner(partnerId), 'parent-of', productId],
    queryFn: async () =>
      (await api.call('v1.nomenclatures.card.get', { partnerId, id: productId })).card.sellerParentSku,
    staleTime: Infinity,
  });
}
