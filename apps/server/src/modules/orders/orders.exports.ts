// The orders_and_items export (spec 000 §3, spec 001 §9): the orders of the list's filters and tab, one
// CSV line per item, at most 60,000 orders; BOM, commas, RFC 4180 and the formula guard come from the
// exports framework's CSV writer.
import { EXPORT_LIMITS, ORDER_LIMITS, ORDER_STATUS_LABELS, OrderFilter, OrderListTab } from '@moda/contracts';
import { z } from 'zod';
import { registerExportType } from '../exports';
import type { OrdersService } from './orders.service';

export const OrderExportFilter = z.strictObject({
  tab: OrderListTab.default('all'),
  country: OrderFilter.country,
  status: OrderFilter.status,
  fullSearch: OrderFilter.fullSearch,
  createdAt: OrderFilter.createdAt,
  deliveryDate: OrderFilter.deliveryDate,
});

const status = (s: string) => ORDER_STATUS_LABELS[s as keyof typeof ORDER_STATUS_LABELS] ?? s;

let registered = false;

/** Registers the export once per process, reading through the orders service. */
export function registerOrderExports(orders: OrdersService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'orders_and_items',
    format: 'csv',
    title: 'Заказы_и_товары',
    filter: OrderExportFilter,
    limit: EXPORT_LIMITS.orders_and_items ?? ORDER_LIMITS.exportMax,
    limitMessage:
      'В выгрузке заказов не больше {limit} заказов, под фильтры попадает {count}. Уточните фильтры',
    count: (ctx, partnerId, f) => orders.exportCount(ctx, partnerId, f),
    columns: [
      { key: 'orderNr', header: 'Номер заказа' },
      { key: 'createdAt', header: 'Дата создания' },
      { key: 'cutOffAt', header: 'Отгрузить до' },
      { key: 'deliveryDate', header: 'Дата доставки' },
      { key: 'status', header: 'Статус заказа' },
      { key: 'country', header: 'Страна' },
      { key: 'paymentMethod', header: 'Способ оплаты' },
      { key: 'sum', header: 'Сумма заказа' },
      { key: 'currency', header: 'Валюта' },
      { key: 'address', header: 'Адрес доставки' },
      { key: 'trackingNumbers', header: 'Трек-номера' },
      { key: 'modaSku', header: 'Артикул Moda' },
      { key: 'sellerSku', header: 'Артикул продавца' },
      { key: 'name', header: 'Товар' },
      { key: 'basePrice', header: 'Цена' },
      { key: 'totalDiscount', header: 'Скидка' },
      { key: 'paidPrice', header: 'Оплачено' },
      { key: 'itemStatus', header: 'Статус товара' },
      { key: 'cancelAction', header: 'Причина отмены' },
    ],
    async *rows(ctx, partnerId, f) {
      for await (const r of orders.exportRows(ctx, partnerId, f)) {
        yield {
          orderNr: r.order_nr,
          createdAt: new Date(r.created_at),
          cutOffAt: new Date(r.cut_off_at),
          deliveryDate: r.delivery_date ? new Date(r.delivery_date) : null,
          status: status(r.status),
          country: r.country,
          paymentMethod: r.payment_method,
          sum: Number(r.sum),
          currency: r.currency,
          address: r.delivery.address,
          trackingNumbers: r.tracking_numbers.join(' '),
          modaSku: r.moda_sku,
          sellerSku: r.seller_sku,
          name: r.name,
          basePrice: Number(r.base_price),
          totalDiscount: Number(r.total_discount),
          paidPrice: Number(r.paid_price),
          itemStatus: status(r.item_status),
          cancelAction: r.cancel_action,
        };
      }
    },
  });
}
