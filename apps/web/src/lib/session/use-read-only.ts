// The read-only cabinet of spec 000 §6: until the current partner confirms the cooperation terms every
// screen hides or disables its actions. One cached query of offer statuses feeds every screen.
import { useQuery } from '@tanstack/react-query';
import { RpcCode } from '@moda/contracts/constants';
import { api } from '../api/client';
import type { Result } from '../api/rpc-client';
import { isRpcError } from '../api/rpc-error';
import { useSession } from './session';

export type OfferPartnerStatus = Result<'v1.offers.statuses.list'>['items'][number];

/** The server's reason for a change refused while the terms are not confirmed. */
export const OFFER_RESTRICTED_REASON = 'offer.restricted';

/** Keys of the statuses query: invalidate `offerStatusKeys.all` after signing or linking partners. */
export const offerStatusKeys = {
  all: ['offers', 'statuses'] as const,
  of: (userId: string) => ['offers', 'statuses', userId] as const,
};

/** Statuses change only when someone signs or a version is published: five minutes is fresh enough. */
const STATUSES_STALE_MS = 5 * 60 * 1000;

export interface ReadOnlyState {
  /** The cabinet is read-only for the current partner: actions are hidden or disabled. */
  readOnly: boolean;
  /** A new version of the terms waits for a signature, while the cabinet stays fully usable. */
  needsSignature: boolean;
  /** The current partner's status, or null when unknown (loading, failed, no partner, staff). */
  status: OfferPartnerStatus | null;
  /** The statuses could not be read: the cause, for screens that report it. */
  error: unknown;
}

/** Spec 000 §4 Offers: restricted as the server says; a signature is asked for only when not restricted. */
export function readOnlyStateOf(status: OfferPartnerStatus | null | undefined): Omit<ReadOnlyState, 'error'> {
  if (!status) return { readOnly: false, needsSignature: false, status: null };
  return { readOnly: status.restricted, needsSignature: !status.restricted && status.hasPending, status };
}

/** The offer statuses of the user's partners, cached for every screen. */
export function useOfferStatuses() {
  const state = useSession();
  const userId = state.status === 'ready' ? state.user.id : '';
  return useQuery({
    queryKey: offerStatusKeys.of(userId),
    queryFn: () => api.call('v1.offers.statuses.list', {}),
    enabled: state.status === 'ready' && state.partner !== null,
    staleTime: STATUSES_STALE_MS,
  });
}

/**
 * Whether the current partner's cabinet is read-only. While the statuses load or when they fail the
 * screens stay usable: the server is the authority and refuses with `offer.restricted` anyway.
 */
export function useReadOnly(): ReadOnlyState {
  const state = useSession();
  const statuses = useOfferStatuses();
  const partnerId = state.status === 'ready' ? state.partner?.partnerId : undefined;
  // The fake servers of tests and an old server may answer without items.
  const items: readonly OfferPartnerStatus[] = statuses.data?.items ?? [];
  const status = partnerId === undefined ? null : (items.find((s) => s.partnerId === partnerId) ?? null);
  return { ...readOnlyStateOf(status), error: statuses.error };
}

/** A change the server refused because the terms are not confirmed (50403 `offer.restricted`). */
export function isOfferRestrictedError(error: unknown): boolean {
  return (
    isRpcError(error) &&
    (error.code === RpcCode.Forbidden || error.status === 403) &&
    error.data?.reason === OFFER_RESTRICTED_REASON
  );
}
