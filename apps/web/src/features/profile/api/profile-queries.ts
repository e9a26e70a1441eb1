// Server data of the profile screens through the app's RPC client.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { offerKeys, profileKeys } from './profile-keys';

export function useSellerProfile(partnerId: number) {
  return useQuery({
    queryKey: profileKeys.seller(partnerId),
    queryFn: () => api.call('v1.seller.profile.get', { partnerId }),
  });
}

export function useSellerBrands(partnerId: number) {
  return useQuery({
    queryKey: profileKeys.brands(partnerId),
    queryFn: () => api.call('v1.seller.brands.list', { partnerId }),
  });
}

export function useOffers(partnerId: number) {
  return useQuery({
    queryKey: offerKeys.list(partnerId),
    queryFn: () => api.call('v1.offers.list', { partnerId }),
  });
}

/** The reasons change with a support decision, not within a visit. */
export function useSupportReasons() {
  return useQuery({
    queryKey: profileKeys.supportReasons(),
    queryFn: () => api.call('v1.support.reasons.list', {}),
    staleTime: 60 * 60 * 1000,
  });
}
