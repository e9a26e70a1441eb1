// Russian names of reference values, served in the dictionary response and shown by the web.
import type { z } from 'zod';
import type { BusinessModel, Country, OrderApiStatus, OrderStatus } from './enums';

export const BUSINESS_MODEL_LABELS: Record<BusinessModel, string> = {
  consignment: 'FBO — товар на складе маркетплейса',
  marketplace_crossdocking: 'FBS — товар на складе продавца',
  dropshipping: 'Дропшиппинг',
};

export const COUNTRY_LABELS: Record<Country, string> = {
  RU: 'Россия',
  BY: 'Беларусь',
  KZ: 'Казахстан',
  UA: 'Украина',
};

export const ORDER_STATUS_LABELS: Record<z.infer<typeof OrderStatus>, string> = {
  new: 'Новый',
  confirmed: 'Ожидает сборки',
  awaiting_shipment: 'Ожидает отгрузки',
  shipped: 'Отгружен',
  in_delivery: 'В доставке',
  delivered: 'Доставлен',
  not_delivered: 'Не доставлен',
  returned: 'Возвращён',
  cancelled: 'Отменён',
  claimed: 'Претензия',
  refund_requested: 'Оформляется возврат средств',
  refunded: 'Средства возвращены',
  unspecified: 'Статус не указан',
};

export const ITEM_STATUS_LABELS: Record<z.infer<typeof OrderApiStatus>, string> = {
  in_progress: 'В работе',
  accepted: 'Принят',
  shipped: 'Отгружен',
  loading: 'Загружается',
};

/** Exports of one partner being produced at once: more wait for the seller to retry (not in the spec). */
export const EXPORTS_AT_ONCE = 5;

/** Export limits of spec 001 §9 (rows per export); null where the spec names none. */
export const EXPORT_LIMITS: Record<string, number | null> = {
  orders_and_items: 60_000,
  nomenclatures_with_full_attributes: 100_000,
  nomenclatures_with_reduced_attributes: 100_000,
  nomenclature_sell_values: 100_000,
  /** Not in the spec: the audit log's export (issue 28), one CSV of at most this many records. */
  audit_log: 100_000,
};
