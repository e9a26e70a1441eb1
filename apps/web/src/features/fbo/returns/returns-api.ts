// Server data of FBO returns through the RPC client: the list, a card, the stock a return may take, the
// moves (each answering with the card, which replaces the cached one and refreshes the lists and the FBO
// stock), and the REST side: the template, the return file's upload and the files of a return.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FboReturnCard, FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import type { Params } from '../../../lib/api/rpc-client';
import { downloadFile, uploadWithProgress, type UploadProgress } from '../../../lib/api/transfer';
import { fboKeys } from '../api/fbo-keys';
import { fboReturnsText } from './locale';

export type ReturnListParams = Omit<Params<'v1.supplier-fulfilment-returns.list'>, 'partnerId'>;
type Warehouse = Params<'v1.supplier-fulfilment-returns.stock'>['warehouseCode'];

export const returnKeys = {
  all: (partnerId: number) => [...fboKeys.partner(partnerId), 'returns'] as const,
  lists: (partnerId: number) => [...returnKeys.all(partnerId), 'list'] as const,
  list: (partnerId: number, params: ReturnListParams) => [...returnKeys.lists(partnerId), params] as const,
  card: (partnerId: number, id: string) => [...returnKeys.all(partnerId), 'card', id] as const,
  stock: (partnerId: number, warehouse: string) =>
    [...returnKeys.all(partnerId), 'stock', warehouse] as const,
};

export function useReturns(partnerId: number, params: ReturnListParams) {
  return useQuery({
    queryKey: returnKeys.list(partnerId, params),
    queryFn: () => api.call('v1.supplier-fulfilment-returns.list', { partnerId, ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useReturn(partnerId: number, id: string) {
  return useQuery({
    queryKey: returnKeys.card(partnerId, id),
    queryFn: () => api.call('v1.supplier-fulfilment-returns.get', { partnerId, id }),
  });
}

export function useReturnStock(partnerId: number, warehouseCode: Warehouse | undefined) {
  return useQuery({
    queryKey: returnKeys.stock(partnerId, warehouseCode ?? ''),
    queryFn: () =>
      api.call('v1.supplier-fulfilment-returns.stock', { partnerId, warehouseCode: warehouseCode! }),
    enabled: Boolean(warehouseCode),
  });
}

/** After a change: the card goes into the cache; the lists, the stock a return may take and the FBO stock screen are read again. */
function useReturnUpdate(partnerId: number) {
  const client = useQueryClient();
  return (card: FboReturnCard) => {
    client.setQueryData(returnKeys.card(partnerId, card.id), card);
    void client.invalidateQueries({ queryKey: returnKeys.lists(partnerId) });
    void client.invalidateQueries({ queryKey: [...returnKeys.all(partnerId), 'stock'] });
    void client.invalidateQueries({ queryKey: fboKeys.stock(partnerId) });
  };
}

export function useCreateReturn(partnerId: number) {
  const update = useReturnUpdate(partnerId);
  return useMutation({
    mutationFn: (p: Omit<Params<'v1.supplier-fulfilment-returns.create'>, 'partnerId'>) =>
      api.call('v1.supplier-fulfilment-returns.create', { partnerId, ...p }),
    onSuccess: update,
  });
}

export function useCreateReturnFromFile(partnerId: number) {
  const update = useReturnUpdate(partnerId);
  return useMutation({
    mutationFn: (fileId: string) => api.call('v1.supplier-return.create-from-file', { partnerId, fileId }),
    onSuccess: update,
  });
}

const move = (name: 'v1.supplier-fulfilment-returns.confirm' | 'v1.supplier-fulfilment-returns.cancel') =>
  function useMove(partnerId: number) {
    const update = useReturnUpdate(partnerId);
    return useMutation({
      mutationFn: (id: string) => api.call(name, { partnerId, id }),
      onSuccess: update,
    });
  };
export const useConfirmReturn = move('v1.supplier-fulfilment-returns.confirm');
export const useCancelReturn = move('v1.supplier-fulfilment-returns.cancel');

export function useBookReturnSlot(partnerId: number) {
  const update = useReturnUpdate(partnerId);
  return useMutation({
    mutationFn: (p: { id: string; date: string; fromHour: number }) =>
      api.call('v1.supplier-fulfilment-returns.book-slot', { partnerId, ...p }),
    onSuccess: update,
  });
}

export const downloadReturnTemplate = () =>
  downloadFile('/api/v1/supplier-fulfilment-returns/template', fboReturnsText.templateFileName);

export function uploadReturnFile(
  partnerId: number,
  warehouseCode: string,
  file: File,
  onProgress?: (p: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('type', 'fbo_return');
  form.append('partner_code', String(partnerId));
  form.append('warehouse_code', warehouseCode);
  form.append('file', file, file.name);
  return uploadWithProgress<FileRecord>('/api/v1/files', form, onProgress);
}

export const downloadReturnFile = (partnerId: number, id: string, fileId: string, name: string) =>
  downloadFile(`/api/v1/supplier-fulfilment-returns/${id}/files/${fileId}?partnerId=${partnerId}`, name);
