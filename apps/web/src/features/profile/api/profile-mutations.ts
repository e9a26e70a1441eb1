// Changes made from the profile screens. Each success refreshes what it changed through the key
// factories: the seller info, the offers and their statuses (so the shell's banner follows), the
// session's partners after linking an account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { session } from '../../../lib/session/session';
import { offerStatusKeys } from '../../../lib/session/use-read-only';
import { offerKeys, profileKeys } from './profile-keys';

export type ContactsParams = Params<'v1.seller.profile.update-contacts'>;

export function useUpdateContacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ContactsParams) => api.call('v1.seller.profile.update-contacts', params),
    onSuccess: (profile) => client.setQueryData(profileKeys.seller(profile.partnerId), profile),
  });
}

export function useApproveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<'v1.offers.approve'>) => api.call('v1.offers.approve', params),
    // Spec 000 §4: after approval the list and the statuses reload.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: offerKeys.lists() }),
        client.invalidateQueries({ queryKey: offerStatusKeys.all }),
      ]),
  });
}

export function useAddAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<'v1.accounts.add'>) => api.call('v1.accounts.add', params),
    // The partner switcher reads the session's dictionary: fetch it again, as the shell does.
    onSuccess: () =>
      Promise.all([session.resetDictionaries(), client.invalidateQueries({ queryKey: offerStatusKeys.all })]),
  });
}

export function useSendSupportRequest() {
  return useMutation({
    mutationFn: (params: Params<'v1.support.email.send'>) => api.call('v1.support.email.send', params),
  });
}

/** POST /rest/api/v1/files: the kind and the partner go before the file, so its limit holds. */
export async function uploadSupportAttachment(partnerId: number, file: File) {
  const body = new FormData();
  body.append('type', 'support_attachment');
  body.append('partner_code', String(partnerId));
  body.append('file', file, file.name);
  const response = await api.rest('/api/v1/files', { method: 'POST', body });
  return (await response.json()) as FileRecord;
}

export function useUploadAttachment() {
  return useMutation({
    mutationFn: ({ partnerId, file }: { partnerId: number; file: File }) =>
      uploadSupportAttachment(partnerId, file),
  });
}
