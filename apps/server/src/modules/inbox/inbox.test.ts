// The action inbox (issue 28): each item appears with its cause and disappears when the cause is gone, under a
// fixed clock, on partners of their own (demo rows cloned into them, so the areas' triggers and kept counts
// run as for any row); the items' order; gating by business model; who may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem, InboxKind } from '@moda/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Wednesday 25.11.2026, 12:00 in Moscow.
const NOW = new Date('2026-11-25T09:00:00Z');
const H = 3600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * H).toISOString();
const FBS = 20101;
const FBO = 20102;
let t: TestApp;
let admin: string;

/** Copy one demo row of `table` (chosen by `where`) with some columns overridden; returns the new row. */
async function clone(table: string, where: string, over: Record<string, unknown>) {
  const rows = await t.sql(
    `insert into ${table} overriding system value
     select (jsonb_populate_record(null::${table}, to_jsonb(x) || $1::jsonb)).*
       from (select * from ${table} where ${where} limit 1) x
     returning *`,
    [JSON.stringify(over)],
  );
  expect(rows, `${table} where ${where}`).toHaveLength(1);
  return rows[0] as Record<string, unknown>;
}

async function inbox(partnerId: number): Promise<InboxItem[]> {
  const r = await t.rpc('v1.inbox.list', { partnerId }, admin);
  expect(r.error).toBeUndefined();
  const result = r.result as { items: InboxItem[]; incomplete: boolean };
  expect(result.incomplete).toBe(false);
  return result.items;
}
/** A price change of a product of the partner's held in quarantine. */
async function pendingPrice() {
  const [row] = await t.sql(
    `insert into price_changes (partner_id, product_id, country, old_price, new_price, status, created_at)
     values ($1, 1, 'RU', 1000, 400, 'pending', $2) returning id`,
    [FBS, at(-1)],
  );
  return row as { id: number };
}
const item = async (partnerId: number, kind: InboxKind) =>
  (await inbox(partnerId)).find((i) => i.kind === kind);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = (await t.login('admin')).accessToken;
  await t.sql(
    `insert into partners (id, shop_name, business_model, enabled_features, site_section, is_new_in_ui_app)
     select v.id, v.name, v.model, v.features::text[], p.site_section, false
       from (values (${FBS}, 'Inbox FBS', 'marketplace_crossdocking', '{ShowFeedbackSection}'),
                    (${FBO}, 'Inbox FBO', 'consignment', '{ShowFeedbackSection,offersEnabled}')) v(id, name, model, features)
       join partners p on p.id = 10002`,
  );
}, 60_000);
afterAll(() => t?.close());

describe('a partner with nothing to do', () => {
  it('has an empty inbox', async () => {
    expect(await inbox(FBS)).toEqual([]);
  });
});

describe('orders', () => {
  it('an order to collect shows its cut-off; collected, it is gone', async () => {
    const o = await clone('orders', `partner_id = 10002`, {
      partner_id: FBS,
      id: 900000001,
      order_nr: 'INBOX-1',
      status: 'new',
      cut_off_at: at(5),
    });
    expect(await item(FBS, 'orders_to_collect')).toEqual({
      kind: 'orders_to_collect',
      count: 1,
      deadline: at(5),
      overdue: false,
      link: '/orders?status=new,confirmed&sort=cut_off_at',
      limit: null,
    });
    expect(await item(FBS, 'orders_overdue')).toBeUndefined();
    await t.sql(`update orders set status = 'awaiting_shipment' where partner_id = $1 and id = $2`, [
      FBS,
      o.id,
    ]);
    expect(await item(FBS, 'orders_to_collect')).toBeUndefined();
    await t.sql(`delete from orders where partner_id = $1`, [FBS]);
  });

  it('an open order past its cut-off is overdue until shipped', async () => {
    const o = await clone('orders', `partner_id = 10002`, {
      partner_id: FBS,
      id: 900000002,
      order_nr: 'INBOX-2',
      status: 'awaiting_shipment',
      cut_off_at: at(-1),
    });
    expect(await item(FBS, 'orders_overdue')).toMatchObject({ count: 1, deadline: at(-1), overdue: true });
    expect(await item(FBS, 'orders_to_collect')).toBeUndefined();
    await t.sql(`update orders set status = 'shipped' where partner_id = $1 and id = $2`, [FBS, o.id]);
    expect(await item(FBS, 'orders_overdue')).toBeUndefined();
    await t.sql(`delete from orders where partner_id = $1`, [FBS]);
  });
});

describe('FBS shipments', () => {
  it('a shipment handed over today is listed until the courier takes it; tomorrow’s is not', async () => {
    const s = await clone('fbs_shipments', `partner_id = 10002`, {
      partner_id: FBS,
      id: '00000000-0000-4000-8000-000000000201',
      shipment_nr: 'INBOX-S1',
      status: 'confirmed',
      handover_at: at(2),
    });
    await clone('fbs_shipments', `partner_id = 10002`, {
      partner_id: FBS,
      id: '00000000-0000-4000-8000-000000000202',
      shipment_nr: 'INBOX-S2',
      status: 'new',
      handover_at: at(24),
    });
    expect(await item(FBS, 'fbs_shipments_today')).toMatchObject({
      count: 1,
      deadline: at(2),
      overdue: false,
    });
    await t.sql(`update fbs_shipments set status = 'sent' where partner_id = $1 and id = $2`, [FBS, s.id]);
    expect(await item(FBS, 'fbs_shipments_today')).toBeUndefined();
  });

  it('is not asked of a consignment partner', async () => {
    await clone('fbs_shipments', `partner_id = 10002`, {
      partner_id: FBO,
      id: '00000000-0000-4000-8000-000000000203',
      shipment_nr: 'INBOX-S3',
      status: 'new',
      handover_at: at(1),
    });
    expect(await item(FBO, 'fbs_shipments_today')).toBeUndefined();
  });
});

describe('questions and reviews', () => {
  it('a question waits past the timely-answer window (24 hours) only once it is older than that', async () => {
    const q = await clone('questions', `partner_id = 10002 and type = 'question'`, {
      partner_id: FBS,
      answer_status: 'new',
      created_at: at(-23),
    });
    expect(await item(FBS, 'questions_late')).toBeUndefined();
    await t.sql(`update questions set created_at = $3 where partner_id = $1 and id = $2`, [
      FBS,
      q.id,
      at(-25),
    ]);
    expect(await item(FBS, 'questions_late')).toEqual({
      kind: 'questions_late',
      count: 1,
      deadline: at(-1),
      overdue: true,
      link: '/questions?type=question&status=new&sort=created_at',
      limit: null,
    });
    await t.sql(`update questions set answer_status = 'answered' where partner_id = $1 and id = $2`, [
      FBS,
      q.id,
    ]);
    expect(await item(FBS, 'questions_late')).toBeUndefined();
  });

  it('a rejected answer shows the strikes against the block; cancelled, it is gone', async () => {
    const q = await clone('questions', `partner_id = 10002 and type = 'review'`, {
      partner_id: FBS,
      answer_status: 'rejected',
      created_at: at(-2),
    });
    await t.sql(
      `insert into feedback_strikes (partner_id, feedback_id, type, product_title, seller_parent_sku, answer_text,
                                     reason, rejected_at, rejected_by)
       values ($1, $2, 'review', 'x', 'x', 'x', 'rude', $3, 'auto')`,
      [FBS, q.id, at(-1)],
    );
    expect(await item(FBS, 'feedback_rejected')).toEqual({
      kind: 'feedback_rejected',
      count: 1,
      deadline: null,
      overdue: false,
      link: '/questions?type=review&status=rejected',
      limit: { used: 1, max: 3 },
    });
    await t.sql(`update questions set answer_status = 'new' where partner_id = $1 and id = $2`, [FBS, q.id]);
    expect(await item(FBS, 'feedback_rejected')).toBeUndefined();
  });
});

describe('prices', () => {
  it('a price change in quarantine is listed until it is decided', async () => {
    const c = await pendingPrice();
    expect(await item(FBS, 'prices_quarantine')).toMatchObject({
      count: 1,
      link: '/nomenclatures/prices?approval=pending',
    });
    await t.sql(`update price_changes set status = 'applied' where partner_id = $1 and id = $2`, [FBS, c.id]);
    expect(await item(FBS, 'prices_quarantine')).toBeUndefined();
  });
});

describe('cooperation terms', () => {
  it('an unsigned version waits for the signature (overdue: the cabinet is read-only); signed, it is gone', async () => {
    const o = await clone('offers', `true`, {
      partner_id: FBO,
      approved_at: null,
      approved_by: null,
      approved_email: null,
      superseded: false,
    });
    expect(await item(FBO, 'terms_to_sign')).toEqual({
      kind: 'terms_to_sign',
      count: 1,
      deadline: null,
      overdue: true,
      link: '/profile/offers',
      limit: null,
    });
    await t.sql(`update offers set approved_at = $3 where partner_id = $1 and id = $2`, [FBO, o.id, at(0)]);
    expect(await item(FBO, 'terms_to_sign')).toBeUndefined();
  });
});

describe('imports', () => {
  it('a failed import is listed until a later import succeeds, and for 7 days at most', async () => {
    const file = (status: string, created: string) =>
      t.sql(
        `insert into files (partner_id, type, format, name, size, storage_key, status, created_at)
         values ($1, 'nomenclature_import', 'xlsx', 'a.xlsx', 1, 'k', $2, $3)`,
        [FBS, status, created],
      );
    await file('fail', at(-8 * 24));
    expect(await item(FBS, 'imports_failed')).toBeUndefined();
    await file('fail', at(-2));
    expect(await item(FBS, 'imports_failed')).toMatchObject({ count: 1, link: '/nomenclatures/add/excel' });
    await file('ok', at(-1));
    expect(await item(FBS, 'imports_failed')).toBeUndefined();
  });
});

describe('promotions', () => {
  it('a promotion open to the model is listed while its registration ends within 3 days', async () => {
    const before = (await item(FBS, 'promotions_registration_ending'))?.count ?? 0;
    const fboBefore = (await item(FBO, 'promotions_registration_ending'))?.count ?? 0;
    const [p] = await t.sql(
      `insert into promotions (name, type, format, state, discount_percent, categories, business_models,
                               registration_start, registration_end, start_date, end_date)
       values ('Inbox', 'onsite', 'discount', 'open', 10, '{clothes}', '{marketplace_crossdocking}',
               '2026-11-20', '2026-11-27', '2026-12-01', '2026-12-10') returning id`,
    );
    const after = await item(FBS, 'promotions_registration_ending');
    expect(after?.count).toBe(before + 1);
    // 27.11 12:00 Moscow, unless a demo promotion ends sooner.
    expect(Date.parse(after!.deadline!)).toBeLessThanOrEqual(Date.parse('2026-11-27T09:00:00Z'));
    // Not open to consignment: the FBO partner's count does not move.
    expect((await item(FBO, 'promotions_registration_ending'))?.count ?? 0).toBe(fboBefore);
    await t.sql(`update promotions set registration_end = '2026-11-29' where id = $1`, [
      (p as { id: number }).id,
    ]);
    expect((await item(FBS, 'promotions_registration_ending'))?.count ?? 0).toBe(before);
  });
});

describe('FBO', () => {
  it('an accepted supply with a short box waits for the seller’s answer until the box is disputed', async () => {
    const s = await clone('fbo_supplies', `partner_id = 10001`, {
      partner_id: FBO,
      id: '00000000-0000-4000-8000-000000000101',
      number: 'FBO-INBOX-1',
      status: 'closed',
      reported_at: at(-48),
    });
    await clone('fbo_supply_items', `partner_id = 10001`, {
      partner_id: FBO,
      supply_id: s.id,
      box: 'BOX-1',
      declared: 5,
      received: 3,
      missing: 2,
    });
    expect(await item(FBO, 'fbo_discrepancy_acts')).toMatchObject({
      count: 1,
      deadline: at(-48 + 14 * 24),
      overdue: false,
    });
    await t.sql(
      `insert into fbo_disputes (partner_id, supply_id, box, status, created_at) values ($1, $2, 'BOX-1', 'open', $3)`,
      [FBO, s.id, at(0)],
    );
    expect(await item(FBO, 'fbo_discrepancy_acts')).toBeUndefined();
  });

  it('stock running out within 7 days counts what the stock screen’s «7 days or less» filter shows', async () => {
    const screen = await t.rpc(
      'v1.analytics.recommended-shipment.get',
      { partnerId: 10001, daysBucket: 'less_or_equal_7_days' },
      admin,
    );
    const total = (screen.result as { total: number } | undefined)?.total;
    expect(total, JSON.stringify(screen.error)).toBeTypeOf('number');
    const got = await item(10001, 'fbo_stock_running_out');
    expect(got?.count ?? 0).toBe(total);
    if (got) expect(got.link).toBe('/fbo/stocks?days=less_or_equal_7_days&sort=days_of_stock');
  });
});

describe('the list', () => {
  it('puts overdue items first, then by deadline, items without one last', async () => {
    await clone('orders', `partner_id = 10002`, {
      partner_id: FBS,
      id: 900000003,
      order_nr: 'INBOX-3',
      status: 'new',
      cut_off_at: at(-3),
    });
    await clone('orders', `partner_id = 10002`, {
      partner_id: FBS,
      id: 900000004,
      order_nr: 'INBOX-4',
      status: 'new',
      cut_off_at: at(30),
    });
    const c = await pendingPrice();
    const kinds = (await inbox(FBS)).map((i) => i.kind);
    expect(kinds.indexOf('orders_overdue')).toBe(0);
    expect(kinds.indexOf('orders_to_collect')).toBeLessThan(kinds.indexOf('prices_quarantine'));
    expect(kinds.at(-1)).toBe('prices_quarantine');
    await t.sql(`delete from orders where partner_id = $1`, [FBS]);
    await t.sql(`delete from price_changes where partner_id = $1 and id = $2`, [FBS, c.id]);
  });

  it('is the seller’s own: a partner user of another partner is answered as for a missing one', async () => {
    const fbs = (await t.login('fbs')).accessToken;
    expect((await t.rpc('v1.inbox.list', { partnerId: 10002 }, fbs)).result).toBeDefined();
    const other = await t.rpc('v1.inbox.list', { partnerId: 10001 }, fbs);
    const missing = await t.rpc('v1.inbox.list', { partnerId: 99999 }, fbs);
    expect(other.error).toEqual(missing.error);
  });
});
