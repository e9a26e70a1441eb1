// Orders in bulk for the search tests (orders.search-keys.test.ts, orders.search-words.test.ts), made as the
// benchmark makes them, and what a full scan of them finds: the answer both search ways must give.
import type { TestApp } from '../../../test/helpers';

/** Item names of the orders, one per order in turn (one in eight «платье»). */
export const NAMES = ['Платье', 'Футболка', 'Джинсы', 'Куртка', 'Кроссовки', 'Сумка', 'Шарф', 'Рубашка'];

/**
 * Orders `from`..`to` of a partner: a number, a SKU of 2,000 and a name (of `names`, in turn), four statuses
 * in turn, one every 7 minutes back from 1 March 2026, 12:00 Moscow.
 */
export async function insertSearchOrders(
  t: TestApp,
  partnerId: number,
  from: number,
  to: number,
  names: readonly string[] = NAMES,
): Promise<void> {
  await t.sql(
    `insert into orders (partner_id, order_nr, status, country, business_model, created_at, cut_off_at, sum,
                         item_count, tracking_numbers, delivery, payment_method, product_cost, delivery_cost,
                         total_discount, partner_agreed_price, has_discrepancy_act, search_text, updated_at)
     select $1, 'ST' || lpad(g::text, 9, '0'), (array['delivered','cancelled','new','confirmed'])[1 + g % 4], 'RU',
            'consignment', c, c + interval '36 hours', 1000, 1, '{}',
            '{"address":"Москва","method":"Курьер","serviceLevel":"Стандарт"}', 'Prepaid', 1000, 0, 0, 850, false,
            lower('ST' || lpad(g::text, 9, '0') || ' sku-' || (g % 2000) || ' ' ||
                  ($4::text[])[1 + g % cardinality($4::text[])]), c
       from (select g, timestamptz '2026-03-01 09:00:00+00' - (g * 7) * interval '1 minute' as c
               from generate_series($2::int, $3::int) g) s`,
    [partnerId, from, to, names],
  );
}

export interface Scan {
  partnerId: number;
  search: string;
  statuses?: string[] | undefined;
  /** Instants, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** A scanned order: its number and status, whether it is overdue at `now` and has a discrepancy act. */
export interface Scanned extends Record<string, unknown> {
  order_nr: string;
  status: string;
  overdue: boolean;
  act: boolean;
}

/** What a full scan finds: the partner's orders whose search text holds the search, newest first. */
export async function scanned(t: TestApp, s: Scan, now = new Date()): Promise<Scanned[]> {
  return t.sql<Scanned>(
    `select order_nr, status, has_discrepancy_act as act,
            status in ('new', 'confirmed', 'awaiting_shipment') and cut_off_at < $6 as overdue
       from orders
      where partner_id = $1 and strpos(search_text, lower($2)) > 0
        and ($3::text[] is null or status = any($3))
        and ($4::timestamptz is null or created_at >= $4) and ($5::timestamptz is null or created_at <= $5)
      order by created_at desc, id desc`,
    [s.partnerId, s.search, s.statuses ?? null, s.from ?? null, s.to ?? null, now.toISOString()],
  );
}
