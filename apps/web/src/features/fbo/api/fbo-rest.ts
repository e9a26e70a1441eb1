// The REST side of FBO (spec 001 §7): the supply file's template and its upload (POST /rest/api/v1/files with
// type fbo_supply and warehouse_code), the uploaded file and its error file, box and pallet labels, the
// acceptance report and the forecast report — all through the API client so an expired token is renewed.
import type { FileRecord } from '@moda/contracts';
import { downloadFile, uploadWithProgress, type UploadProgress } from '../../../lib/api/transfer';
import { fboText } from '../locale';

export const downloadSupplyTemplate = () =>
  downloadFile('/api/v1/fulfilment-shipments/template', fboText.templateFileName);

export function uploadSupplyFile(
  partnerId: number,
  warehouseCode: string,
  file: File,
  onProgress?: (p: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('type', 'fbo_supply');
  form.append('partner_code', String(partnerId));
  form.append('warehouse_code', warehouseCode);
  form.append('file', file, file.name);
  return uploadWithProgress<FileRecord>('/api/v1/files', form, onProgress);
}

export const downloadUploadedFile = (id: string, name: string) => downloadFile(`/api/v1/files/${id}`, name);

export const downloadErrorFile = (file: Pick<FileRecord, 'id' | 'name'>) =>
  downloadFile(`/api/v1/files/${file.id}/result/download`, `${file.name.split('.')[0] || 'file'}_error.csv`);

export function printSupplyLabels(partnerId: number, id: string, kind: 'box' | 'pallet', count?: number) {
  const query = new URLSearchParams({ partnerId: String(partnerId), kind });
  if (count) query.set('count', String(count));
  return downloadFile(`/api/v1/fulfilment-shipments/${id}/labels?${query.toString()}`, `labels_${kind}.pdf`);
}

export const downloadAcceptanceReport = (partnerId: number, id: string) =>
  downloadFile(
    `/api/v1/fulfilment-shipments/${id}/acceptance-report?partnerId=${partnerId}`,
    'acceptance_report.xlsx',
  );

export function downloadForecast(partnerId: number, filter: Record<string, string | string[] | undefined>) {
  const query = new URLSearchParams({ partnerId: String(partnerId) });
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || (Array.isArray(v) && !v.length) || v === '') continue;
    query.set(k, Array.isArray(v) ? v.join(',') : v);
  }
  return downloadFile(`/api/v1/stock-report/download?${query.toString()}`, 'forecast.xlsx');
}
