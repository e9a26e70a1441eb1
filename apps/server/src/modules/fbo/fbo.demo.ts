// Demo supplies for `npm start`: each consignment demo partner gets a 4-month history of supplies to the
// marketplace's warehouses in every state — accepted ones with shortages, defects, surplus and a disputed box
// (their stock put on the shelves), supplies on their way, in the document check, refused, cancelled, asked
// to move, and drafts, one waiting for a full day. Deterministic (a seeded generator).
import { sql } from 'drizzle-orm';
import {
  BASE_WAREHOUSES,
  FBO_SUPPLY_MACHINE,
  moscowDay,
  type FboSupplyState,
  type FboWarehouseCode,
} from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { DEMO_PARTNERS } from '../../seed/demo-partners';
import * as q from './fbo.queries';

const DAY = 86_400_000;
const WAREHOUSE = 'Склад маркетплейса';

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The path of moves each demo supply has travelled (by the machine's actions), and how old it is. */
interface Plan {
  path: (keyof typeof FBO_SUPPLY_MACHINE.transitions)[];
  /** Days from now to its slot (negative: past). */
  slotIn: number | null;
  boxes: boolean;
  report?: 'clean' | 'short' | 'defects';
  dispute?: 'open' | 'accepted' | 'refused';
  waitlist?: boolean;
}

const ARRIVED = [
  'submit',
  'validate',
  'arrive',
  'startUnloading',
  'finishUnloading',
  'startProcessing',
] as const;
const PLANS: Plan[] = [
  { path: [...ARRIVED, 'accept'], slotIn: -110, boxes: false, report: 'clean' },
  { path: [...ARRIVED, 'accept'], slotIn: -95, boxes: true, report: 'short', dispute: 'refused' },
  { path: [...ARRIVED, 'accept'], slotIn: -80, boxes: false, report: 'defects' },
  { path: [...ARRIVED, 'accept'], slotIn: -64, boxes: true, report: 'clean' },
  { path: [...ARRIVED, 'accept'], slotIn: -50, boxes: true, report: 'short', dispute: 'accepted' },
  { path: [...ARRIVED, 'accept'], slotIn: -37, boxes: false, report: 'clean' },
  { path: [...ARRIVED, 'accept'], slotIn: -22, boxes: true, report: 'defects' },
  { path: [...ARRIVED, 'accept'], slotIn: -9, boxes: true, report: 'short', dispute: 'open' },
  { path: [...ARRIVED, 'accept'], slotIn: -4, boxes: false, report: 'short' },
  { path: ['submit', 'failValidation', 'revise', 'cancel'], slotIn: -60, boxes: false },
  { path: ['submit', 'validate', 'requestCancel', 'confirmCancel'], slotIn: -30, boxes: false },
  {
    path: [
      'submit',
      'validate',
      'requestCancel',
      'refuseCancel',
      'arrive',
      'startUnloading',
      'finishUnloading',
      'startProcessing',
    ],
    slotIn: 0,
    boxes: true,
  },
  { path: ['submit', 'validate', 'arrive', 'startUnloading', 'finishUnloading'], slotIn: 0, boxes: false },
  { path: ['submit', 'validate', 'arrive', 'startUnloading'], slotIn: 0, boxes: true },
  { path: ['submit', 'validate', 'arrive'], slotIn: 0, boxes: false },
  { path: ['submit', 'validate'], slotIn: 3, boxes: true },
  { path: ['submit', 'validate'], slotIn: 8, boxes: false },
  { path: ['submit', 'validate', 'requestCancel'], slotIn: 6, boxes: false },
  { path: ['submit', 'validate', 'changeWarehouse'], slotIn: 5, boxes: false },
  { path: ['submit'], slotIn: 10, boxes: true },
  { path: ['submit', 'failValidation'], slotIn: 12, boxes: false },
  { path: [], slotIn: 14, boxes: true },
  { path: [], slotIn: null, boxes: false, waitlist: true },
];

const REASONS = [
  'Нет декларации соответствия на часть товаров',
  'Цены в файле не совпадают с ценами каталога',
];

async function seedPartner(db: DbOrTx, partnerId: number, now: number): Promise<void> {
  const products = (
    await db.execute<{
      id: number;
      seller_sku: string;
      moda_sku: string;
      barcode: string | null;
      title: string;
      price: string;
    }>(
      sql`select id::int as id, seller_sku, moda_sku, barcode, title, price::text as price from products
           where partner_id = ${partnerId} and not archived and price is not null order by id limit 80`,
    )
  ).rows;
  if (!products.length) return;
  const r = prng(partnerId * 7 + 18);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  let n = 0;
  for (const plan of PLANS) {
    n++;
    const warehouse = pick(BASE_WAREHOUSES) as FboWarehouseCode;
    const slotDay = plan.slotIn === null ? null : moscowDay(new Date(now), plan.slotIn);
    const createdAt = new Date(
      now + ((plan.slotIn ?? 3) - 6 - Math.floor(r() * 4)) * DAY - Math.floor(r() * 8) * 3_600_000,
    );
    // A dozen to forty SKUs, from the start of the catalogue so the stock screen has history per SKU.
    const count = 12 + Math.floor(r() * 28);
    const chosen = [...products].sort(() => r() - 0.5).slice(0, count);
    const boxCount = plan.boxes ? 2 + Math.floor(r() * 4) : 0;
    const items: q.NewItem[] = chosen.map((p, i) => ({
      sellerSku: p.seller_sku,
      box: boxCount ? `К-${String((i % boxCount) + 1).padStart(2, '0')}` : '',
      productId: p.id,
      modaSku: p.moda_sku,
      ean: p.barcode,
      title: p.title,
      price: Number(p.price),
      declared: 5 + Math.floor(r() * 40),
    }));
    const number = `FBO-${partnerId}-${String(n).padStart(6, '0')}`;
    const id = await q.insertSupply(db, {
      partnerId,
      number,
      warehouseCode: warehouse,
      plannedDate: slotDay,
      status: 'draft',
      fileId: null,
      // Demo supplies have no uploaded file behind them: they read as made from the forecast.
      fileName: null,
      uploaderName: 'seller@moda.test',
      createdAt,
      items,
    });
    await q.addEvent(db, partnerId, id, null, 'draft', 'seller@moda.test', null, createdAt);
    // The moves, spread between creation and the slot (or now).
    let status: FboSupplyState = 'draft';
    const end = Math.min(now - 3_600_000, slotDay ? new Date(`${slotDay}T12:00:00+03:00`).getTime() : now);
    const span = Math.max(end - createdAt.getTime(), plan.path.length * 600_000);
    let submittedAt: Date | null = null;
    const patch: Record<string, unknown> = {};
    for (const [i, action] of plan.path.entries()) {
      const at = new Date(createdAt.getTime() + ((i + 1) / (plan.path.length + 1)) * span);
      const t = FBO_SUPPLY_MACHINE.transitions[action];
      const byPlatform = (t.by as readonly string[]).includes('platform');
      let reason: string | null = null;
      if (action === 'submit') submittedAt = at;
      if (action === 'failValidation') {
        reason = pick(REASONS);
        patch.validation_errors = [reason];
      }
      if (action === 'revise') patch.validation_errors = [];
      if (action === 'changeWarehouse') {
        const other = BASE_WAREHOUSES.find((w) => w !== warehouse)!;
        patch.requested_warehouse = other;
        patch.requested_date = moscowDay(new Date(now), (plan.slotIn ?? 5) + 2);
      }
      await q.addEvent(
        db,
        partnerId,
        id,
        status,
        t.to,
        byPlatform ? WAREHOUSE : 'seller@moda.test',
        reason,
        at,
      );
      status = t.to;
    }
    // A supply still in the document check was sent an hour ago: the 2-hour limit is ahead of it.
    if (status === 'validation') submittedAt = new Date(now - 3_600_000);
    if (plan.waitlist) {
      patch.waitlist_warehouse = warehouse;
      patch.waitlist_date = moscowDay(new Date(now), 4);
      patch.waitlist_since = new Date(now - 2 * 3_600_000);
      await q.addEvent(
        db,
        partnerId,
        id,
        'draft',
        'draft',
        'seller@moda.test',
        'Лист ожидания: день занят, ждём свободного слота',
        new Date(now - 2 * 3_600_000),
      );
    }
    if (plan.report) {
      const at = new Date(end);
      const lines = items.map((it) => {
        let missing = 0;
        let damaged = 0;
        let surplus = 0;
        if (plan.report === 'short' && r() < 0.25) missing = 1 + Math.floor(r() * 3);
        if (plan.report === 'defects' && r() < 0.3) damaged = 1 + Math.floor(r() * 2);
        if (r() < 0.08) surplus = 1;
        missing = Math.min(missing, it.declared - damaged);
        return { it, missing, damaged, surplus, received: it.declared - missing - damaged + surplus };
      });
      // A short supply has at least one short box to dispute.
      if (plan.report === 'short' && !lines.some((l) => l.missing)) {
        lines[0]!.missing = 2;
        lines[0]!.received -= 2;
      }
      for (const l of lines)
        await db.execute(
          sql`update fbo_supply_items set received = ${l.received}, surplus = ${l.surplus}, missing = ${l.missing},
                damaged = ${l.damaged}
              where partner_id = ${partnerId} and supply_id = ${id}::uuid and seller_sku = ${l.it.sellerSku} and box = ${l.it.box}`,
        );
      patch.unknown_surplus = r() < 0.3 ? 1 + Math.floor(r() * 3) : 0;
      patch.reported_at = at;
      const perSku = new Map<string, number>();
      for (const l of lines) perSku.set(l.it.sellerSku, (perSku.get(l.it.sellerSku) ?? 0) + l.received);
      await q.addStock(
        db,
        partnerId,
        [...perSku].map(([sellerSku, quantity]) => ({ sellerSku, warehouseCode: warehouse, quantity })),
        'supply',
        id,
        at,
      );
      if (plan.dispute) {
        const short = lines.find((l) => l.missing > 0 && l.it.box) ?? lines.find((l) => l.missing > 0)!;
        const box = short.it.box;
        if (box) {
          const created = new Date(at.getTime() + DAY);
          const resolved = plan.dispute === 'open' ? null : new Date(at.getTime() + 3 * DAY);
          await db.execute(
            sql`insert into fbo_disputes (partner_id, supply_id, box, status, comment, answer, found, created_at, resolved_at)
                values (${partnerId}, ${id}::uuid, ${box}, ${plan.dispute}, ${'Короб отгружен полным, есть фото упаковки'},
                        ${plan.dispute === 'accepted' ? 'Товар найден при повторном пересчёте' : plan.dispute === 'refused' ? 'Пересчёт подтвердил недостачу' : null},
                        ${plan.dispute === 'accepted' ? 1 : null}, ${created.toISOString()}, ${resolved?.toISOString() ?? null})`,
          );
          await q.addEvent(
            db,
            partnerId,
            id,
            'closed',
            'closed',
            'seller@moda.test',
            `Оспорена недостача в коробе «${box}»`,
            created,
          );
          if (plan.dispute === 'accepted') {
            await db.execute(
              sql`update fbo_supply_items set received = received + 1, missing = missing - 1
                   where partner_id = ${partnerId} and supply_id = ${id}::uuid and seller_sku = ${short.it.sellerSku} and box = ${box}`,
            );
            await q.addStock(
              db,
              partnerId,
              [{ sellerSku: short.it.sellerSku, warehouseCode: warehouse, quantity: 1 }],
              'dispute',
              id,
              resolved!,
            );
            await q.addEvent(
              db,
              partnerId,
              id,
              'closed',
              'closed',
              WAREHOUSE,
              `Спор по коробу «${box}» принят: найдено 1 шт.`,
              resolved!,
            );
          }
          if (plan.dispute === 'refused')
            await q.addEvent(
              db,
              partnerId,
              id,
              'closed',
              'closed',
              WAREHOUSE,
              `Спор по коробу «${box}» отклонён`,
              resolved!,
            );
        }
      }
    }
    await q.setSupply(db, partnerId, id, { status, submitted_at: submittedAt, ...patch }, new Date(now));
  }
}

export async function seedFbo(db: Db): Promise<void> {
  const now = Date.now();
  for (const p of DEMO_PARTNERS.filter((x) => x.businessModel === 'consignment' && !x.isNew))
    await db.transaction((tx) => seedPartner(tx, p.id, now));
}
