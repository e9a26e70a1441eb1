// The analytics contract's rules at their edges: days that exist, the period's order and length, the previous
// period of equal length across month and year ends, the status buckets covering every order state once, and
// the storefront event's required field per type.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  analyticsSalesDynamics,
  daysBetween,
  platformAnalyticsEvents,
  previousPeriod,
  SALES_BUCKETS,
} from './analytics';
import { OrderState } from './orders';

const params = (p: Record<string, unknown>) =>
  analyticsSalesDynamics.params.safeParse({
    partnerId: 1,
    dateFrom: '2026-03-01',
    dateTo: '2026-03-07',
    ...p,
  });
const fields = (r: ReturnType<typeof params>) =>
  r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);

describe('analytics contract', () => {
  it('takes a period of real days, in order, at most 366 days', () => {
    expect(params({}).success).toBe(true);
    expect(params({ dateFrom: '2025-03-02', dateTo: '2026-03-02' }).success).toBe(true); // 366 days
    expect(fields(params({ dateFrom: '2025-03-01', dateTo: '2026-03-02' }))).toEqual([
      ['dateTo', 'Период не может быть длиннее 366 дней'],
    ]);
    expect(fields(params({ dateFrom: '2026-03-08' }))).toEqual([
      ['dateFrom', 'Дата начала не может быть позже даты окончания'],
    ]);
    expect(fields(params({ dateFrom: '2026-02-29' }))).toEqual([['dateFrom', 'Такой даты нет']]);
    expect(params({ dateFrom: '2028-02-29', dateTo: '2028-03-01' }).success).toBe(true);
    expect(fields(params({ dateTo: '07.03.2026' }))).toEqual([['dateTo', 'Дата в формате ГГГГ-ММ-ДД']]);
    expect(fields(params({ grouping: 'years' }))[0]?.[0]).toBe('grouping');
  });

  it('finds the previous period of equal length', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(31);
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-01-07')).toEqual({ from: '2025-12-25', to: '2025-12-31' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('puts every order state in at most one bucket', () => {
    const all = Object.values(SALES_BUCKETS).flat() as string[];
    expect(new Set(all).size).toBe(all.length);
    for (const s of all) expect(OrderState.options).toContain(s);
  });

  it('needs a seller SKU for views and carts and an order number for a checkout', () => {
    const ev = (e: Record<string, unknown>) =>
      platformAnalyticsEvents.params.safeParse({
        events: [{ partnerId: 1, device: 'iphone', at: '2026-03-01T10:00:00Z', ...e }],
      });
    expect(ev({ type: 'view', sellerSku: 'A-1' }).success).toBe(true);
    expect(fields(ev({ type: 'cart' }) as never)).toEqual([
      ['events.0.sellerSku', 'Укажите артикул продавца'],
    ]);
    expect(fields(ev({ type: 'checkout' }) as never)).toEqual([['events.0.orderNr', 'Укажите номер заказа']]);
    expect(ev({ type: 'view', sellerSku: 'A-1', device: 'tv' }).success).toBe(false);
    expect(ev({ type: 'view', sellerSku: 'A-1', count: 0 }).success).toBe(false);
  });
});
