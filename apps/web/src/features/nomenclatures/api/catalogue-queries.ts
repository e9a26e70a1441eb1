// Reference data the stepper reads: categories, a category's attributes and ERP categories, dictionaries
// (size scales, sizes of a scale, TN VED, attribute values), the seller's brands; and the card itself.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ParamsOf, Methods } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { catalogueKeys, nomenclatureKeys } from './nomenclature-keys';

type Category = ParamsOf<Methods['v1.catalogue.attributes.list']>['category'];
const REFERENCE_STALE_MS = 30 * 60_000;

export function useAttributes(category: string | undefined) {
  return useQuery({
    queryKey: catalogueKeys.attributes(category ?? ''),
    queryFn: () => api.call('v1.catalogue.attributes.list', { category: category as Category }),
    enabled: Boolean(category),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useErpCategories(category: string | undefined) {
  return useQuery({
    queryKey: catalogueKeys.erpCategories(category ?? ''),
    queryFn: () => api.call('v1.catalogue.erp-categories.list', { category: category as Category }),
    enabled: Boolean(category),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useDictionary(dictionary: string | null | undefined) {
  return useQuery({
    queryKey: catalogueKeys.dictionary(dictionary ?? ''),
    queryFn: () => api.call('v1.catalogue.attribute-dictionaries.get', { dictionary: dictionary ?? '' }),
    enabled: Boolean(dictionary),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCatalogueBrands(partnerId: number) {
  return useQuery({
    queryKey: catalogueKeys.brands(partnerId),
    queryFn: () => api.call('v1.catalogue.brands.list', { partnerId }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCard(partnerId: number, id: string) {
  return useQuery({
    queryKey: nomenclatureKeys.card(partnerId, id),
    queryFn: () => api.call('v1.nomenclatures.card.get', { partnerId, id }),
  });
}

export function useStoreCard(partnerId: number) {
  return useMutation({
    mutationFn: (card: unknown) =>
      api.call('v1.nomenclatures.store', {
        partnerId,
        // The browser has checked it with the same schema; the server checks it again.
        card: card as ParamsOf<Methods['v1.nomenclatures.store']>['card'],
      }),
  });
}
