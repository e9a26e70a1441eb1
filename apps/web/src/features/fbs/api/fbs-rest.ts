// The REST side of FBS (spec 001 §7): a shipment's transfer act and pallet labels as PDF, and the shipment
// file (POST /rest/api/v1/import/shipments_ac), through the API client so an expired token is renewed.
import { downloadFile, uploadWithProgress, type UploadProgress } from '../../../lib/api/transfer';

export const downloadAct = (partnerId: number, id: string) =>
  downloadFile(`/api/v1/shipments/${id}/act?partnerId=${partnerId}`, 'act.pdf');

export const downloadPalletLabels = (partnerId: number, id: string) =>
  downloadFile(`/api/v1/shipments/${id}/pallet-labels?partnerId=${partnerId}`, 'pallets.pdf');

/** The server's answer to a shipment file taken whole. */
export interface ShipmentFileSaved {
  fileId: string;
  shipmentId: string | null;
  orders: number;
}

/** The server's answer (HTTP 400) to a file with refused rows: nothing is saved, the errors are in its error file. */
export interface ShipmentFileRefused {
  fileId: string;
  message: string;
  errors: { field: string; message: string }[];
}

export function uploadShipmentFile(partnerId: number, file: File, onProgress?: (p: UploadProgress) => void) {
  const form = new FormData();
  // The partner before the file: the server reads it first to check the caller and the limit.
  form.append('partner_code', String(partnerId));
  form.append('file', file, file.name);
  return uploadWithProgress<ShipmentFileSaved>('/api/v1/import/shipments_ac', form, onProgress);
}

export const downloadShipmentErrorFile = (fileId: string, name: string) =>
  downloadFile(
    `/api/v1/files/${fileId}/result/download`,
    `${name.replace(/\.[^.]*$/, '') || 'shipment'}_error.csv`,
  );
