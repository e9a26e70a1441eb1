// How supplies look: the tag colour of each status, the list's sortable columns, days as DD.MM.YY.
import {
  FBO_SUPPLY_STATUS_LABELS,
  FBO_WAREHOUSE_NAMES,
  type FboSupplyState,
  type FboWarehouseCode,
} from '@moda/contracts';

export const STATUS_COLOR: Record<FboSupplyState, string> = {
  draft: 'default',
  validation: 'processing',
  validationError: 'error',
  readyForShipment: 'blue',
  unloadingNeeded: 'gold',
  unloading: 'orange',
  unloaded: 'cyan',
  processing: 'purple',
  closed: 'success',
  rejected: 'default',
  cancelPending: 'warning',
  changeWarehouse: 'warning',
};

export const statusName = (s: FboSupplyState) => FBO_SUPPLY_STATUS_LABELS[s];
export const warehouseName = (w: FboWarehouseCode) => FBO_WAREHOUSE_NAMES[w];

/** A calendar day YYYY-MM-DD as DD.MM.YY (no time zone: the slot's day is Moscow's). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y!.slice(2)}`;
}

/** Which list column sorts by which server field (FBO_SORT_FIELDS). */
export const COLUMN_SORT: Record<string, string> = {
  number: 'number',
  plannedDate: 'planned_date',
  itemsQuantity: 'items',
  priceSum: 'price_sum',
  status: 'status',
  createdAt: 'created_at',
};

/** A count with no-break spaces between thousands, as sums are written: 5447 → «5 447»; none → «—». */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}
