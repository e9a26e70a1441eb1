// The REST side of orders (spec 001 §7, apps/server/src/rest/orders.ts): issuing pack numbers (multipart
// packQuantity) and the labels PDF — one order's packs, or many orders in one file — all through the API
// client so the bearer token goes along and an expired one is renewed.
import type { LabelSize } from '@moda/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/transfer';

export type LabelSizeValue = z.infer<typeof LabelSize>;

export interface PackNumbersAnswer {
  orderNr: string;
  packBarcodes: string[];
}

const orderPath = (orderNr: string) => `/api/v1/orders/${encodeURIComponent(orderNr)}`;

export async function createPackNumbers(
  partnerId: number,
  orderNr: string,
  packQuantity: number,
): Promise<PackNumbersAnswer> {
  const form = new FormData();
  form.set('partnerId', String(partnerId));
  form.set('packQuantity', String(packQuantity));
  const response = await api.rest(`${orderPath(orderNr)}/pack-numbers`, { method: 'POST', body: form });
  return (await response.json()) as PackNumbersAnswer;
}

/** The labels of all of one order's packs, saved as a PDF; returns the file name. */
export function printOrderLabels(partnerId: number, orderNr: string, size: LabelSizeValue): Promise<string> {
  const query = new URLSearchParams({ partnerId: String(partnerId), orderNr, size, multiPacks: 'true' });
  return downloadFile(`/api/v1/reports/label/stream?${query.toString()}`, `label_${orderNr}.pdf`);
}

/** One PDF with the labels of many orders (the list's bulk action); returns the file name. */
export function printBatchLabels(
  partnerId: number,
  orderNrs: readonly string[],
  size: LabelSizeValue,
): Promise<string> {
  return downloadFile('/api/v1/reports/label/batch', 'labels.pdf', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partnerId, orderNrs, size }),
  });
}
