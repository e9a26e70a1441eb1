// How FBO returns look: the tag colour of each status, the list's status tabs, slots as «DD.MM.YY, 09:00–12:00».
import { FBO_RETURN_STATUS_LABELS, fill, type FboReturnSlot, type FboReturnState } from '@moda/contracts';
import { formatDay } from '../model/supply-look';
import { fboReturnsText } from './locale';

export const RETURN_STATUS_COLOR: Record<FboReturnState, string> = {
  new: 'default',
  initial: 'default',
  confirmed: 'processing',
  sent: 'blue',
  exported: 'purple',
  ok: 'success',
  exportedFail: 'error',
  errorSending: 'error',
  outOfStock: 'warning',
  cancelFailed: 'warning',
  cancelled: 'default',
};

export const returnStatusName = (s: FboReturnState) => FBO_RETURN_STATUS_LABELS[s];

/** The list's tabs: each a set of statuses (all: none chosen). */
export const RETURN_TABS = {
  all: [],
  open: ['new', 'initial', 'confirmed', 'sent', 'exported', 'exportedFail', 'cancelFailed'],
  ok: ['ok'],
  closed: ['cancelled', 'errorSending', 'outOfStock'],
} as const satisfies Record<string, readonly FboReturnState[]>;
export type ReturnTab = keyof typeof RETURN_TABS;

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
export const formatSlot = (s: FboReturnSlot) =>
  fill(fboReturnsText.list.slot, { date: formatDay(s.date), from: hour(s.fromHour), to: hour(s.toHour) });

/** Which list column sorts by which server field (FBO_RETURN_SORT_FIELDS). */
export const RETURN_COLUMN_SORT: Record<string, string> = {
  returnId: 'return_id',
  returnAt: 'return_at',
  quantity: 'quantity',
  status: 'status',
  createdAt: 'created_at',
};
