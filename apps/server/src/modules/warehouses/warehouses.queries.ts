// SQL of warehouses, their events, delivery profiles and the marketplace's base warehouses.
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { partners } from '../../db/core.schema';
import { baseWarehouses, deliveryProfiles, warehouseEvents, warehouses } from './warehouses.schema';

export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseEventRow = typeof warehouseEvents.$inferSelect;

const live = (partnerId: number) => and(eq(warehouses.partnerId, partnerId), isNull(warehouses.deletedAt));

export async function listWarehouses(
  db: DbOrTx,
  partnerId: number,
  statuses: string[] | null,
): Promise<WarehouseRow[]> {
  return db
    .select()
    .from(warehouses)
    .where(and(live(partnerId), statuses ? inArray(warehouses.status, statuses) : undefined))
    .orderBy(sql`${warehouses.status} = 'active' desc`, desc(warehouses.createdAt));
}

export async function countByStatus(db: DbOrTx, partnerId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: warehouses.status, n: sql<number>`count(*)::int` })
    .from(warehouses)
    .where(live(partnerId))
    .groupBy(warehouses.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function warehouseById(
  db: DbOrTx,
  partnerId: number,
  id: string,
): Promise<WarehouseRow | undefined> {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(live(partnerId), eq(warehouses.id, id)));
  return row;
}

/** Locks every live warehouse of the partner: activations of one partner run one after another. */
export async function lockPartnerWarehouses(
  db: DbOrTx,
  partnerId: number,
): Promise<{ id: string; status: string }[]> {
  const res = await db.execute<{ id: string; status: string }>(
    sql`select id, status from warehouses where partner_id = ${partnerId} and deleted_at is null order by id for update`,
  );
  return res.rows;
}

export async function insertWarehouse(
  db: DbOrTx,
  row: typeof warehouses.$inferInsert,
): Promise<WarehouseRow> {
  const [inserted] = await db.insert(warehouses).values(row).returning();
  return inserted!;
}

export async function updateWarehouse(
  db: DbOrTx,
  partnerId: number,
  id: string,
  patch: Partial<Omit<typeof warehouses.$inferInsert, 'partnerId' | 'id'>>,
): Promise<WarehouseRow> {
  const [row] = await db
    .update(warehouses)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(live(partnerId), eq(warehouses.id, id)))
    .returning();
  return row!;
}

export async function deactivateOthers(
  db: DbOrTx,
  partnerId: number,
  exceptId: string,
): Promise<string | null> {
  const rows = await db
    .update(warehouses)
    .set({ status: 'inactive', updatedAt: sql`now()` })
    .where(and(live(partnerId), eq(warehouses.status, 'active'), ne(warehouses.id, exceptId)))
    .returning({ id: warehouses.id });
  return rows[0]?.id ?? null;
}

export async function eventsOf(
  db: DbOrTx,
  partnerId: number,
  warehouseId: string,
  limit = 50,
): Promise<WarehouseEventRow[]> {
  return db
    .select()
    .from(warehouseEvents)
    .where(and(eq(warehouseEvents.partnerId, partnerId), eq(warehouseEvents.warehouseId, warehouseId)))
    .orderBy(desc(warehouseEvents.occurredAt), desc(warehouseEvents.id))
    .limit(limit);
}

export async function insertEvent(
  db: DbOrTx,
  row: typeof warehouseEvents.$inferInsert,
): Promise<WarehouseEventRow> {
  const [inserted] = await db.insert(warehouseEvents).values(row).returning();
  return inserted!;
}

export async function deliveryProfileOf(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(deliveryProfiles).where(eq(deliveryProfiles.partnerId, partnerId));
  return row;
}

export async function listBaseWarehouses(db: DbOrTx, filter: 'dropOff' | 'fulfilment') {
  return db
    .select({ code: baseWarehouses.code, name: baseWarehouses.name, address: baseWarehouses.address })
    .from(baseWarehouses)
    .where(
      filter === 'dropOff' ? eq(baseWarehouses.acceptsDropOff, true) : eq(baseWarehouses.fulfilment, true),
    )
    .orderBy(asc(baseWarehouses.name));
}

/** Every partner's warehouses awaiting approval, oldest first (support's queue). */
export async function awaitingReview(db: DbOrTx) {
  return db
    .select({ warehouse: warehouses, shopName: partners.shopName })
    .from(warehouses)
    .innerJoin(partners, eq(partners.id, warehouses.partnerId))
    .where(and(eq(warehouses.status, 'action_required'), isNull(warehouses.deletedAt)))
    .orderBy(asc(warehouses.updatedAt))
    .limit(200);
}
