// Photos of a card: the ordered list, reorder/delete, the bytes of a thumbnail (they need the bearer
// token, so they come through the client's REST method and are shown as blob URLs), and batch upload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultOf, Methods } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { nomenclatureKeys } from './nomenclature-keys';

export type ProductImage = ResultOf<Methods['v1.nomenclatures.images.list']>['items'][number];
export type MatchingType = 'sellerSku' | 'barcode';
export interface BatchItem {
  fileName: string;
  ok: boolean;
  sellerParentSku?: string;
  imageId?: string;
  error?: { reason: string; message: string };
}

export const BATCH_PATH = '/api/v1/nomenclatures/image-batch';

export function useImages(partnerId: number, sellerParentSku: string) {
  return useQuery({
    queryKey: nomenclatureKeys.images(partnerId, sellerParentSku),
    queryFn: () => api.call('v1.nomenclatures.images.list', { partnerId, sellerParentSku }),
    enabled: Boolean(sellerParentSku),
  });
}

export function useUpdateImages(partnerId: number, sellerParentSku: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) =>
      api.call('v1.nomenclatures.images.update', { partnerId, sellerParentSku, order }),
    onSuccess: (result) => client.setQueryData(nomenclatureKeys.images(partnerId, sellerParentSku), result),
  });
}

/** Uploads one file through the batch endpoint; the fields go before the file, as the server reads them. */
export async function uploadImage(
  partnerId: number,
  matchingType: MatchingType,
  file: File,
): Promise<BatchItem> {
  const body = new FormData();
  body.append('partner_code', String(partnerId));
  body.append('matchingType', matchingType);
  body.append('images', file, file.name);
  const response = await api.rest(BATCH_PATH, { method: 'POST', body });
  const answer = (await response.json()) as { items: BatchItem[] };
  return answer.items[0] ?? { fileName: file.name, ok: false };
}
