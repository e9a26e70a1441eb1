// SQL of the FBO returns module. Every statement takes the partner id, except the warehouse side's, which
// works across partners by return id.
import { sql, type SQL } from 'drizzle-orm';
import { FBO_RETURN_HOLDING } from '@moda/contracts';
import { concurrently, type DbOrTx } from '../../db/client';

export type ReturnRow = {
  partner_id: number;
  id: string;
  return_id: string;
  warehouse_code: string;
  status: string;
  return_at: string | null;
  file_id: string | null;
  creator_name: string | null;
  reason: string | null;
  cancel_requested_at: Date | string | null;
  slots_offered: { date: string; fromHour: number; toHour: number }[];
  slot_date: string | null;
  slot_from: number | null;
  slot_to: number | null;
  picked_at: Date | string | null;
  sku_count: number;
  quantity: number;
  created_at: Date | string;
};

export type ItemRow = {
  seller_sku: string;
  moda_sku: string;
  title: string;
  quantity: number;
  reserved_quantity: number;
  exported_quantity: number;
  exported_fail_quantity: number;
};

const COLUMNS = sql.raw(`partner_id, id::text as id, return_id, warehouse_code, status,
  return_at::text as return_at, file_id::text as file_id, creator_name, reason, cancel_requested_at,
  slots_offered, slot_date::text as slot_date, slot_from, slot_to, picked_at, sku_count, quantity, created_at`);

const list = (xs: readonly string[]) => sql.raw(xs.map((s) => `'${s}'`).join(','));
const HOLDING = list(FBO_RETURN_HOLDING);
const BEFORE_RESERVE = list(['new', 'initial', 'confirmed']);

/**
 * Units the partner's returns hold per SKU and warehouse: what was asked until the warehouse reserved, then
 * what it reserved, until the return is shipped (the stock moves) or ends. The FBO stock screen reads it.
 */
export function heldSql(partnerId: number): SQL {
  return sql`select i.seller_sku, r.warehouse_code,
                    case when r.status in (${BEFORE_RESERVE}) then i.quantity else i.reserved_quantity end as q
               from fbo_returns r
               join fbo_return_items i on i.partner_id = r.partner_id and i.return_uuid = r.id
              where r.partner_id = ${partnerId} and r.status in (${HOLDING})`;
}

/** Serialises the stock checks of one partner's returns within the transaction (two returns, last units). */
export async function lockPartnerStock(db: DbOrTx, partnerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('fbo-returns:stock'), ${partnerId})`);
}

export async function returnById(
  db: DbOrTx,
  partnerId: number | null,
  id: string,
  lock = false,
): Promise<ReturnRow | undefined> {
  const res = await db.execute<ReturnRow>(
    sql`select ${COLUMNS} from fbo_returns
         where id = ${id}::uuid ${partnerId === null ? sql`` : sql`and partner_id = ${partnerId}`}
         ${lock ? sql`for update` : sql``}`,
  );
  return res.rows[0];
}

export type ListFilter = {
  status?: string[] | undefined;
  warehouseCode?: string[] | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  search?: string | undefined;
};

function where(partnerId: number, f: ListFilter): SQL {
  const parts: SQL[] = [sql`partner_id = ${partnerId}`];
  if (f.status?.length) parts.push(sql`status = any(${sql.param(f.status)}::text[])`);
  if (f.warehouseCode?.length) parts.push(sql`warehouse_code = any(${sql.param(f.warehouseCode)}::text[])`);
  if (f.createdFrom)
    parts.push(sql`created_at >= (${f.createdFrom}::date::timestamp at time zone 'Europe/Moscow')`);
  if (f.createdTo)
    parts.push(sql`created_at < ((${f.createdTo}::date + 1)::timestamp at time zone 'Europe/Moscow')`);
  if (f.search)
    parts.push(sql`search_text like ${`%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return sql.join(parts, sql` and `);
}

const SORT: Record<string, string> = {
  created_at: 'created_at',
  return_at: 'return_at',
  return_id: 'return_id',
  quantity: 'quantity',
  status: 'status',
};

export async function listReturns(
  db: DbOrTx,
  partnerId: number,
  f: ListFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: ReturnRow[]; total: number }> {
  const desc = sort.startsWith('-');
  const col = SORT[sort.replace(/^-/, '')] ?? 'created_at';
  const order = sql.raw(`${col} ${desc ? 'desc' : 'asc'} nulls last, id ${desc ? 'desc' : 'asc'}`);
  const w = where(partnerId, f);
  const [rows, total] = await concurrently(db, [
    () =>
      db.execute<ReturnRow>(
        sql`select ${COLUMNS} from fbo_returns where ${w} order by ${order} limit ${limit} offset ${offset}`,
      ),
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from fbo_returns where ${w}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

export async function itemsOf(db: DbOrTx, partnerId: number, id: string): Promise<ItemRow[]> {
  const res = await db.execute<ItemRow>(
    sql`select seller_sku, moda_sku, title, quantity, reserved_quantity, exported_quantity, exported_fail_quantity
          from fbo_return_items where partner_id = ${partnerId} and return_uuid = ${id}::uuid
         order by seller_sku`,
  );
  return res.rows;
}

export async function events(db: DbOrTx, partnerId: number, id: string) {
  const res = await db.execute<{
    from_status: string | null;
    to_status: string;
    actor: string;
    reason: string | null;
    at: Date | string;
  }>(
    sql`select from_status, to_status, actor, reason, at from fbo_return_events
         where partner_id = ${partnerId} and return_uuid = ${id}::uuid order by id`,
  );
  return res.rows;
}

export async function addEvent(
  db: DbOrTx,
  partnerId: number,
  id: string,
  from: string | null,
  to: string,
  actor: string,
  reason: string | null,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`insert into fbo_return_events (partner_id, return_uuid, from_status, to_status, actor, reason, at)
        values (${partnerId}, ${id}::uuid, ${from}, ${to}, ${actor}, ${reason}, ${at.toISOString()})`,
  );
}

export async function files(db: DbOrTx, partnerId: number, id: string) {
  const res = await db.execute<{
    id: string;
    kind: string;
    name: string;
    warehouse_code: string;
    count: number;
    status: string;
    upload_id: string | null;
    occurred_at: Date | string;
  }>(
    sql`select id::text as id, kind, name, warehouse_code, count, status, upload_id::text as upload_id, occurred_at
          from fbo_return_files where partner_id = ${partnerId} and return_uuid = ${id}::uuid
         order by occurred_at, kind`,
  );
  return res.rows;
}

export async function addFile(
  db: DbOrTx,
  f: {
    partnerId: number;
    returnUuid: string;
    kind: string;
    name: string;
    warehouseCode: string;
    count: number;
    status: string;
    uploadId: string | null;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into fbo_return_files (partner_id, return_uuid, kind, name, warehouse_code, count, status,
          upload_id, occurred_at)
        values (${f.partnerId}, ${f.returnUuid}::uuid, ${f.kind}, ${f.name}, ${f.warehouseCode}, ${f.count},
          ${f.status}, ${f.uploadId}::uuid, ${f.at.toISOString()})`,
  );
}

/** The partner's products by seller SKU, with the ERP categories that tell jewellery from clothes. */
export async function productsBySku(db: DbOrTx, partnerId: number, skus: string[]) {
  const res = await db.execute<{
    seller_sku: string;
    moda_sku: string;
    title: string;
    erp_level1: string | null;
    erp_level2: string | null;
  }>(
    sql`select seller_sku, moda_sku, title, erp_level1, erp_level2 from products
         where partner_id = ${partnerId} and not archived and seller_sku = any(${sql.param(skus)}::text[])`,
  );
  return res.rows;
}

/** SKUs the warehouse system knows for the partner: supplied to any FBO warehouse at least once. */
export async function sentSkus(db: DbOrTx, partnerId: number, skus: string[]): Promise<Set<string>> {
  const res = await db.execute<{ seller_sku: string }>(
    sql`select distinct seller_sku from fbo_stock_moves
         where partner_id = ${partnerId} and seller_sku = any(${sql.param(skus)}::text[])
        union
        select distinct seller_sku from fbo_supply_items
         where partner_id = ${partnerId} and seller_sku = any(${sql.param(skus)}::text[])`,
  );
  return new Set(res.rows.map((r) => r.seller_sku));
}

export async function nextNumber(db: DbOrTx, partnerId: number): Promise<string> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int + 1 as n from fbo_returns where partner_id = ${partnerId}`,
  );
  return `VZ-${partnerId}-${String(res.rows[0]!.n).padStart(6, '0')}`;
}

export type NewItem = { sellerSku: string; modaSku: string; title: string; quantity: number };

export async function insertReturn(
  db: DbOrTx,
  r: {
    partnerId: number;
    returnId: string;
    warehouseCode: string;
    status: string;
    returnAt: string | null;
    fileId: string | null;
    creatorName: string | null;
    createdAt: Date;
    items: NewItem[];
  },
): Promise<string> {
  const qty = r.items.reduce((n, i) => n + i.quantity, 0);
  const search = [r.returnId, ...r.items.map((i) => i.sellerSku)].join(' ').toLowerCase();
  const at = r.createdAt.toISOString();
  const res = await db.execute<{ id: string }>(
    sql`insert into fbo_returns (partner_id, return_id, warehouse_code, status, return_at, file_id, creator_name,
          sku_count, quantity, search_text, created_at, updated_at)
        values (${r.partnerId}, ${r.returnId}, ${r.warehouseCode}, ${r.status}, ${r.returnAt}::date,
          ${r.fileId}::uuid, ${r.creatorName}, ${r.items.length}, ${qty}, ${search}, ${at}, ${at})
        returning id::text as id`,
  );
  const id = res.rows[0]!.id;
  await db.execute(
    sql`insert into fbo_return_items (partner_id, return_uuid, seller_sku, moda_sku, title, quantity)
        select ${r.partnerId}, ${id}::uuid, x."sellerSku", x."modaSku", x.title, x.quantity
          from json_to_recordset(${JSON.stringify(r.items)}::json)
            as x("sellerSku" text, "modaSku" text, title text, quantity int)`,
  );
  return id;
}

export async function setReturn(
  db: DbOrTx,
  partnerId: number,
  id: string,
  patch: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const cols = Object.entries(patch).map(([k, v]) =>
    v instanceof Date
      ? sql`${sql.identifier(k)} = ${v.toISOString()}`
      : k === 'slots_offered'
        ? sql`${sql.identifier(k)} = ${JSON.stringify(v)}::jsonb`
        : sql`${sql.identifier(k)} = ${v as string | number | null}`,
  );
  await db.execute(
    sql`update fbo_returns set ${sql.join([...cols, sql`updated_at = ${at.toISOString()}`], sql`, `)}
         where partner_id = ${partnerId} and id = ${id}::uuid`,
  );
}

export async function setItemCounts(
  db: DbOrTx,
  partnerId: number,
  id: string,
  items: { sellerSku: string; reserved?: number; exported?: number; failed?: number }[],
): Promise<void> {
  await db.execute(
    sql`update fbo_return_items i set
          reserved_quantity = coalesce(x.reserved, i.reserved_quantity),
          exported_quantity = coalesce(x.exported, i.exported_quantity),
          exported_fail_quantity = coalesce(x.failed, i.exported_fail_quantity)
        from json_to_recordset(${JSON.stringify(items)}::json)
          as x("sellerSku" text, reserved int, exported int, failed int)
       where i.partner_id = ${partnerId} and i.return_uuid = ${id}::uuid and i.seller_sku = x."sellerSku"`,
  );
}

export async function checkedFile(db: DbOrTx, partnerId: number, fileId: string) {
  const res = await db.execute<{
    warehouse_code: string;
    return_at: string | null;
    lines: { sellerSku: string; quantity: number }[];
    used_by: string | null;
  }>(
    sql`select warehouse_code, return_at::text as return_at, lines, used_by::text as used_by
          from fbo_return_checked_files where partner_id = ${partnerId} and file_id = ${fileId}::uuid
         for update`,
  );
  return res.rows[0];
}

export async function saveCheckedFile(
  db: DbOrTx,
  partnerId: number,
  fileId: string,
  warehouseCode: string,
  returnAt: string | null,
  lines: { sellerSku: string; quantity: number }[],
): Promise<void> {
  await db.execute(
    sql`insert into fbo_return_checked_files (partner_id, file_id, warehouse_code, return_at, lines)
        values (${partnerId}, ${fileId}::uuid, ${warehouseCode}, ${returnAt}::date, ${JSON.stringify(lines)}::jsonb)
        on conflict do nothing`,
  );
}

export async function useCheckedFile(db: DbOrTx, partnerId: number, fileId: string, returnUuid: string) {
  await db.execute(
    sql`update fbo_return_checked_files set used_by = ${returnUuid}::uuid
         where partner_id = ${partnerId} and file_id = ${fileId}::uuid`,
  );
}

export async function platformQueue(
  db: DbOrTx,
  status: string[],
  warehouse: string | undefined,
  limit: number,
): Promise<ReturnRow[]> {
  const res = await db.execute<ReturnRow>(
    sql`select ${COLUMNS} from fbo_returns where status = any(${sql.param(status)}::text[])
         ${warehouse ? sql`and warehouse_code = ${warehouse}` : sql``}
         order by updated_at, id limit ${limit}`,
  );
  return res.rows;
}

export async function itemsOfMany(db: DbOrTx, ids: string[]) {
  const res = await db.execute<ItemRow & { return_uuid: string }>(
    sql`select return_uuid::text as return_uuid, seller_sku, moda_sku, title, quantity, reserved_quantity,
               exported_quantity, exported_fail_quantity
          from fbo_return_items where return_uuid = any(${sql.param(ids)}::uuid[]) order by seller_sku`,
  );
  return res.rows;
}

export async function exportRows(db: DbOrTx, partnerId: number, f: ListFilter & { id?: string | undefined }) {
  const w = f.id ? sql`${where(partnerId, f)} and id = ${f.id}::uuid` : where(partnerId, f);
  const res = await db.execute<ReturnRow & ItemRow>(
    sql`select r.return_id, r.status, r.warehouse_code, r.return_at::text as return_at, r.created_at,
               i.seller_sku, i.moda_sku, i.title, i.quantity, i.reserved_quantity, i.exported_quantity,
               i.exported_fail_quantity
          from (select * from fbo_returns where ${w}) r
          join fbo_return_items i on i.partner_id = r.partner_id and i.return_uuid = r.id
         order by r.created_at desc, r.id, i.seller_sku limit 100000`,
  );
  return res.rows;
}

export async function exportCount(
  db: DbOrTx,
  partnerId: number,
  f: ListFilter & { id?: string | undefined },
) {
  const w = f.id ? sql`${where(partnerId, f)} and id = ${f.id}::uuid` : where(partnerId, f);
  const res = await db.execute<{ n: number }>(
    sql`select coalesce(sum(sku_count), 0)::int as n from fbo_returns where ${w}`,
  );
  return res.rows[0]!.n;
}
