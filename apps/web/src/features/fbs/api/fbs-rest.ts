// The REST side of FBS (spec 001 §7): a shipment's transfer act and pallet labels as PDF, through the API
// client so an expired token is renewed.
import { downloadFile } from '../../../lib/api/transfer';

export const downloadAct = (partnerId: number, id: string) =>
  downloadFile(`/api/v1/shipments/${id}/act?partnerId=${partnerId}`, 'act.pdf');

export const downloadPalletLabels = (partnerId: number, id: string) =>
  downloadFile(`/api/v1/shipments/${id}/pallet-labels?partnerId=${partnerId}`, 'pallets.pdf');
