// Demo FBO returns for `npm start`: each consignment demo partner gets two months of returns from the
// marketplace's warehouses in every state of spec 000 §4 — shipped ones (one with picking failures), cancelled,
// rejected, out of stock, a warehouse system error, a refused cancel, one being picked with a cancel asked,
// one picked with its window booked, reserved ones waiting for the seller's window, and new ones waiting for
// the Confirm button. Shipped returns took their units off the FBO stock. Deterministic (a seeded generator).
import { sql } from 'drizzle-orm';
import { FBO_RETURN_MACHINE, moscowDay, type FboReturnAction, type FboReturnState } from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { DEMO_PARTNERS } from '../../seed/demo-partners';
import { prng } from '../orders';
import * as q from './fbo-returns.queries';

const DAY = 86_400_000;
const WAREHOUSE = 'Склад маркетплейса';

interface Plan {
  path: FboReturnAction[];
  /** Days ago it was created. */
  age: number;
  /** How the warehouse picked: all, some failed, nothing yet. */
  pick?: 'all' | 'failures';
  /** Windows offered, and whether the seller booked one. */
  slots?: boolean;
  booked?: boolean;
  cancelAsked?: boolean;
  initial?: boolean;
  reason?: string;
}

const SHIPPED: FboReturnAction[] = ['confirm', 'reserve', 'export', 'ship'];
const PLANS: Plan[] = [
  { path: SHIPPED, age: 58, pick: 'all', slots: true, booked: true },
  { path: SHIPPED, age: 44, pick: 'failures', slots: true, booked: true },
  { path: SHIPPED, age: 30, pick: 'all', slots: true, booked: true },
  { path: SHIPPED, age: 12, pick: 'all', slots: true, booked: true },
  { path: ['cancel'], age: 40 },
  { path: ['confirm', 'reserve', 'cancel'], age: 25 },
  {
    path: ['confirm', 'reject'],
    age: 20,
    reason: 'Склад проводит инвентаризацию: возвраты не принимаются до её конца',
  },
  { path: ['confirm', 'outOfStock'], age: 16 },
  {
    path: ['confirm', 'reserve', 'export', 'failExport'],
    age: 6,
    reason: 'Ошибка обмена с WMS: задание на сборку не создано',
  },
  { path: ['confirm', 'reserve', 'export', 'refuseCancel'], age: 5, pick: 'all', slots: true, booked: true },
  { path: ['confirm', 'reserve', 'export'], age: 4, cancelAsked: true },
  { path: ['confirm', 'reserve', 'export'], age: 3, pick: 'all', slots: true, booked: true },
  { path: ['confirm', 'reserve'], age: 2, slots: true },
  { path: ['confirm'], age: 1 },
  { path: [], age: 1 },
  { path: [], age: 0, initial: true },
];

async function seedPartner(db: DbOrTx, partnerId: number, now: number, seller: string): Promise<void> {
  // SKUs with units on the shelves, per warehouse: a return takes one or two units of a few of them.
  const stock = (
    await db.execute<{
      seller_sku: string;
      warehouse_code: string;
      put: number;
      moda_sku: string;
      title: string;
    }>(
      sql`select m.seller_sku, m.warehouse_code, sum(m.quantity)::int as put, p.moda_sku, p.title
            from fbo_stock_moves m join products p on p.partner_id = m.partner_id and p.seller_sku = m.seller_sku
           where m.partner_id = ${partnerId}
           group by 1, 2, 4, 5 having sum(m.quantity) >= 20 order by 1, 2`,
    )
  ).rows;
  if (!stock.length) return;
  const r = prng(partnerId * 11 + 19);
  let n = 0;
  for (const plan of PLANS) {
    n++;
    const warehouse = stock[Math.floor(r() * stock.length)]!.warehouse_code;
    const here = stock.filter((s) => s.warehouse_code === warehouse).sort(() => r() - 0.5);
    const lines = here.slice(0, 1 + Math.floor(r() * Math.min(4, here.length)));
    const items = lines.map((s) => ({
      sellerSku: s.seller_sku,
      modaSku: s.moda_sku,
      title: s.title,
      quantity: 1 + Math.floor(r() * 2),
    }));
    let at = new Date(now - plan.age * DAY - Math.floor(r() * 6) * 3_600_000);
    const returnId = `VZ-${partnerId}-${String(n).padStart(6, '0')}`;
    const status: FboReturnState = plan.initial ? 'initial' : 'new';
    const id = await q.insertReturn(db, {
      partnerId,
      returnId,
      warehouseCode: warehouse,
      status,
      returnAt: moscowDay(at, 5),
      fileId: null,
      creatorName: seller,
      createdAt: at,
      items,
    });
    await q.addEvent(db, partnerId, id, null, status, seller, null, at);
    let from: FboReturnState = status;
    const slotDay = moscowDay(at, plan.path.includes('ship') ? 3 : plan.age + 2);
    for (const action of plan.path) {
      at = new Date(at.getTime() + (4 + Math.floor(r() * 20)) * 3_600_000);
      const to = FBO_RETURN_MACHINE.transitions[action].to;
      const actor = FBO_RETURN_MACHINE.transitions[action].by.includes('platform') ? WAREHOUSE : seller;
      const reason = action === 'reject' || action === 'failExport' ? (plan.reason ?? null) : null;
      if (action === 'reserve')
        await q.setItemCounts(
          db,
          partnerId,
          id,
          items.map((i) => ({ sellerSku: i.sellerSku, reserved: i.quantity })),
        );
      if (action === 'ship' || (action === 'refuseCancel' && plan.pick)) {
        await pick(db, partnerId, id, returnId, warehouse, items, plan.pick!, from, at);
      }
      if (action === 'ship') {
        const picked = await q.itemsOf(db, partnerId, id);
        for (const i of picked.filter((x) => x.exported_quantity > 0))
          await db.execute(
            sql`insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref, at)
                values (${partnerId}, ${i.seller_sku}, ${warehouse}, ${-i.exported_quantity}, 'return', ${id}, ${at.toISOString()})`,
          );
        await q.addFile(db, {
          partnerId,
          returnUuid: id,
          kind: 'shipping',
          name: `${returnId}_акт.xlsx`,
          warehouseCode: warehouse,
          count: picked.reduce((s, i) => s + i.exported_quantity, 0),
          status: 'ok',
          uploadId: null,
          at,
        });
      }
      await q.addEvent(db, partnerId, id, from, to, actor, reason, at);
      await q.setReturn(db, partnerId, id, { status: to, ...(reason ? { reason } : {}) }, at);
      from = to;
    }
    if (from === 'exported' && plan.pick)
      await pick(db, partnerId, id, returnId, warehouse, items, plan.pick, from, at);
    if (plan.slots) {
      const slots = [0, 1, 2].map((k) => ({
        date: plan.path.includes('ship') ? slotDay : moscowDay(new Date(now), 1 + k),
        fromHour: 9 + k * 3,
        toHour: 12 + k * 3,
      }));
      const b = slots[1]!;
      await q.setReturn(
        db,
        partnerId,
        id,
        {
          slots_offered: slots,
          ...(plan.booked
            ? { slot_date: b.date, slot_from: b.fromHour, slot_to: b.toHour, return_at: b.date }
            : {}),
        },
        at,
      );
    }
    if (plan.cancelAsked) {
      await q.setReturn(db, partnerId, id, { cancel_requested_at: new Date(now - 3_600_000) }, at);
      await q.addEvent(
        db,
        partnerId,
        id,
        'exported',
        'exported',
        seller,
        'Продавец попросил склад отменить возврат',
        new Date(now - 3_600_000),
      );
    }
  }
}

/** The warehouse picked the return: all units, or one unit of the first line failed. */
async function pick(
  db: DbOrTx,
  partnerId: number,
  id: string,
  returnId: string,
  warehouse: string,
  items: { sellerSku: string; quantity: number }[],
  how: 'all' | 'failures',
  status: FboReturnState,
  at: Date,
) {
  const counts = items.map((i, k) => {
    const failed = how === 'failures' && k === 0 ? 1 : 0;
    return { sellerSku: i.sellerSku, exported: i.quantity - failed, failed };
  });
  await q.setItemCounts(db, partnerId, id, counts);
  await q.setReturn(db, partnerId, id, { picked_at: at }, at);
  await q.addFile(db, {
    partnerId,
    returnUuid: id,
    kind: 'picking',
    name: `${returnId}_сборка.xlsx`,
    warehouseCode: warehouse,
    count: counts.reduce((s, c) => s + c.exported, 0),
    status,
    uploadId: null,
    at,
  });
}

/** The demo users who create each partner's returns. */
const SELLERS: Record<number, string> = { 10001: 'seller@moda.test', 10004: 'multi@moda.test' };

export async function seedFboReturns(db: Db): Promise<void> {
  const now = Date.now();
  for (const p of DEMO_PARTNERS.filter((x) => x.businessModel === 'consignment'))
    await seedPartner(db, p.id, now, SELLERS[p.id] ?? 'seller@moda.test');
}
