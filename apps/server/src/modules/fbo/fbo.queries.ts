// SQL of the FBO module: supplies, their items, history, disputes, slots, checked files and stock. Every
// statement takes the partner id, except the warehouse side's, which works across partners by supply id.
import { sql, type SQL } from 'drizzle-orm';
import { FBO_LIMITS, SLOT_HOLDING_STATUSES } from '@moda/contracts';
import { concurrently, type DbOrTx } from '../../db/client';

export type SupplyRow = {
  partner_id: number;
  id: string;
  number: string;
  warehouse_code: string;
  planned_date: string | null;
  status: string;
  file_id: string | null;
  file_name: string | null;
  uploader_name: string | null;
  submitted_at: Date | string | null;
  validation_errors: string[];
  requested_warehouse: string | null;
  requested_date: string | null;
  waitlist_warehouse: string | null;
  waitlist_date: string | null;
  items_quantity: number;
  sku_count: number;
  price_sum: string;
  unknown_surplus: number | null;
  reported_at: Date | string | null;
  created_at: Date | string;
};

export type ItemRow = {
  seller_sku: string;
  box: string;
  product_id: number;
  moda_sku: string;
  ean: string | null;
  title: string;
  price: string;
  declared: number;
  received: number | null;
  surplus: number | null;
  missing: number | null;
  damaged: number | null;
  category: string;
  data_matrix: boolean;
};

export type NewItem = {
  sellerSku: string;
  box: string;
  productId: number;
  modaSku: string;
  ean: string | null;
  title: string;
  price: number;
  declared: number;
};

const SUPPLY_COLUMNS =
  sql.raw(`partner_id, id::text as id, number, warehouse_code, planned_date::text as planned_date,
  status, file_id::text as file_id, file_name, uploader_name, submitted_at, validation_errors,
  requested_warehouse, requested_date::text as requested_date, waitlist_warehouse,
  waitlist_date::text as waitlist_date, items_quantity, sku_count, price_sum::text as price_sum, unknown_surplus,
  reported_at, created_at`);

const holding = sql.raw(SLOT_HOLDING_STATUSES.map((s) => `'${s}'`).join(','));

export async function supplyById(
  db: DbOrTx,
  partnerId: number | null,
  id: string,
  lock = false,
): Promise<SupplyRow | undefined> {
  const res = await db.execute<SupplyRow>(
    sql`select ${SUPPLY_COLUMNS} from fbo_supplies
         where id = ${id}::uuid ${partnerId === null ? sql`` : sql`and partner_id = ${partnerId}`}
         ${lock ? sql`for update` : sql``}`,
  );
  return res.rows[0];
}

export type ListFilter = {
  status?: string[] | undefined;
  warehouseCode?: string[] | undefined;
  plannedFrom?: string | undefined;
  plannedTo?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  search?: string | undefined;
};

function where(partnerId: number, f: ListFilter): SQL {
  const parts: SQL[] = [sql`partner_id = ${partnerId}`];
  if (f.status?.length) parts.push(sql`status = any(${sql.param(f.status)}::text[])`);
  if (f.warehouseCode?.length) parts.push(sql`warehouse_code = any(${sql.param(f.warehouseCode)}::text[])`);
  if (f.plannedFrom) parts.push(sql`planned_date >= ${f.plannedFrom}::date`);
  if (f.plannedTo) parts.push(sql`planned_date <= ${f.plannedTo}::date`);
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
  planned_date: 'planned_date',
  number: 'number',
  items: 'items_quantity',
  price_sum: 'price_sum',
  status: 'status',
};

export async function listSupplies(
  db: DbOrTx,
  partnerId: number,
  f: ListFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: SupplyRow[]; total: number }> {
  const desc = sort.startsWith('-');
  const col = SORT[sort.replace(/^-/, '')] ?? 'created_at';
  const order = sql.raw(`${col} ${desc ? 'desc' : 'asc'} nulls last, id ${desc ? 'desc' : 'asc'}`);
  const w = where(partnerId, f);
  const [rows, total] = await concurrently(db, [
    () =>
      db.execute<SupplyRow>(
        sql`select ${SUPPLY_COLUMNS} from fbo_supplies where ${w} order by ${order} limit ${limit} offset ${offset}`,
      ),
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from fbo_supplies where ${w}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

export async function itemsOf(
  db: DbOrTx,
  partnerId: number,
  supplyId: string,
  opts: { search?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: ItemRow[]; total: number }> {
  const s = opts.search ? `%${opts.search.toLowerCase()}%` : null;
  const w = sql`i.partner_id = ${partnerId} and i.supply_id = ${supplyId}::uuid
    ${s ? sql`and (lower(i.seller_sku) like ${s} or lower(i.moda_sku) like ${s} or i.ean like ${s})` : sql``}`;
  const [rows, total] = await concurrently(db, [
    () =>
      db.execute<ItemRow>(
        sql`select i.seller_sku, i.box, i.product_id::int as product_id, i.moda_sku, i.ean, i.title,
                 i.price::text as price, i.declared, i.received, i.surplus, i.missing, i.damaged,
                 coalesce(p.category, '') as category,
                 coalesce((p.attributes->>'dataMatrix')::boolean, false) as data_matrix
            from fbo_supply_items i
            left join products p on p.partner_id = i.partner_id and p.id = i.product_id
           where ${w} order by i.box, i.seller_sku
           ${opts.limit ? sql`limit ${opts.limit} offset ${opts.offset ?? 0}` : sql``}`,
      ),
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from fbo_supply_items i where ${w}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

export async function events(db: DbOrTx, partnerId: number, supplyId: string) {
  const res = await db.execute<{
    from_status: string | null;
    to_status: string;
    actor: string;
    reason: string | null;
    at: Date | string;
  }>(
    sql`select from_status, to_status, actor, reason, at from fbo_supply_events
         where partner_id = ${partnerId} and supply_id = ${supplyId}::uuid order by id`,
  );
  return res.rows;
}

export async function addEvent(
  db: DbOrTx,
  partnerId: number,
  supplyId: string,
  from: string | null,
  to: string,
  actor: string,
  reason: string | null,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`insert into fbo_supply_events (partner_id, supply_id, from_status, to_status, actor, reason, at)
        values (${partnerId}, ${supplyId}::uuid, ${from}, ${to}, ${actor}, ${reason}, ${at.toISOString()})`,
  );
}

export async function disputes(db: DbOrTx, partnerId: number, supplyId: string) {
  const res = await db.execute<{
    id: string;
    box: string;
    status: string;
    comment: string | null;
    answer: string | null;
    created_at: Date | string;
  }>(
    sql`select id::text as id, box, status, comment, answer, created_at from fbo_disputes
         where partner_id = ${partnerId} and supply_id = ${supplyId}::uuid`,
  );
  return res.rows;
}

/** Products of the partner by seller SKU, for a file's or a draft's lines. */
export async function productsBySku(db: DbOrTx, partnerId: number, skus: string[]) {
  const res = await db.execute<{
    id: number;
    seller_sku: string;
    moda_sku: string;
    barcode: string | null;
    title: string;
    price: string | null;
  }>(
    sql`select id::int as id, seller_sku, moda_sku, barcode, title, price::text as price from products
         where partner_id = ${partnerId} and not archived and seller_sku = any(${sql.param(skus)}::text[])`,
  );
  return res.rows;
}

export async function nextNumber(db: DbOrTx, partnerId: number): Promise<string> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int + 1 as n from fbo_supplies where partner_id = ${partnerId}`,
  );
  return `FBO-${partnerId}-${String(res.rows[0]!.n).padStart(6, '0')}`;
}

export async function insertSupply(
  db: DbOrTx,
  s: {
    partnerId: number;
    number: string;
    warehouseCode: string;
    plannedDate: string | null;
    status: string;
    fileId: string | null;
    fileName: string | null;
    uploaderName: string | null;
    createdAt: Date;
    items: NewItem[];
  },
): Promise<string> {
  const qty = s.items.reduce((n, i) => n + i.declared, 0);
  const skus = new Set(s.items.map((i) => i.sellerSku));
  const priceSum = s.items.reduce((n, i) => n + i.price * i.declared, 0);
  const search = [s.number, ...skus].join(' ').toLowerCase();
  const res = await db.execute<{ id: string }>(
    sql`insert into fbo_supplies (partner_id, number, warehouse_code, planned_date, status, file_id, file_name,
          uploader_name, items_quantity, sku_count, price_sum, search_text, created_at, updated_at)
        values (${s.partnerId}, ${s.number}, ${s.warehouseCode}, ${s.plannedDate}::date, ${s.status},
          ${s.fileId}::uuid, ${s.fileName}, ${s.uploaderName}, ${qty}, ${skus.size}, ${priceSum.toFixed(2)},
          ${search}, ${s.createdAt.toISOString()}, ${s.createdAt.toISOString()})
        returning id::text as id`,
  );
  const id = res.rows[0]!.id;
  await insertItems(db, s.partnerId, id, s.items);
  return id;
}

export async function insertItems(db: DbOrTx, partnerId: number, supplyId: string, items: NewItem[]) {
  for (let i = 0; i < items.length; i += 2000) {
    await db.execute(
      sql`insert into fbo_supply_items (partner_id, supply_id, seller_sku, box, product_id, moda_sku, ean, title,
            price, declared)
          select ${partnerId}, ${supplyId}::uuid, x."sellerSku", x.box, x."productId", x."modaSku", x.ean,
                 x.title, x.price, x.declared
            from json_to_recordset(${JSON.stringify(items.slice(i, i + 2000))}::json)
              as x("sellerSku" text, box text, "productId" bigint, "modaSku" text, ean text, title text,
                   price numeric, declared int)`,
    );
  }
}

export async function replaceItems(db: DbOrTx, partnerId: number, supplyId: string, items: NewItem[]) {
  await db.execute(
    sql`delete from fbo_supply_items where partner_id = ${partnerId} and supply_id = ${supplyId}::uuid`,
  );
  await insertItems(db, partnerId, supplyId, items);
  await refreshSums(db, partnerId, supplyId);
}

/** Recount the supply's quantity, SKU count, price sum and search text from its items. */
export async function refreshSums(db: DbOrTx, partnerId: number, supplyId: string) {
  await db.execute(
    sql`update fbo_supplies s set
          items_quantity = x.qty, sku_count = x.skus, price_sum = x.sum,
          search_text = lower(s.number || ' ' || x.names)
        from (select coalesce(sum(declared), 0)::int as qty, count(distinct seller_sku)::int as skus,
                     coalesce(sum(price * declared), 0) as sum, coalesce(string_agg(distinct seller_sku, ' '), '') as names
                from fbo_supply_items where partner_id = ${partnerId} and supply_id = ${supplyId}::uuid) x
       where s.partner_id = ${partnerId} and s.id = ${supplyId}::uuid`,
  );
}

export async function setSupply(
  db: DbOrTx,
  partnerId: number,
  id: string,
  patch: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const cols = Object.entries(patch).map(([k, v]) =>
    v instanceof Date
      ? sql`${sql.identifier(k)} = ${v.toISOString()}`
      : Array.isArray(v)
        ? sql`${sql.identifier(k)} = ${sql.param(v)}::text[]`
        : sql`${sql.identifier(k)} = ${v as string | number | null}`,
  );
  await db.execute(
    sql`update fbo_supplies set ${sql.join([...cols, sql`updated_at = ${at.toISOString()}`], sql`, `)}
         where partner_id = ${partnerId} and id = ${id}::uuid`,
  );
}

/** Serialises bookings of one warehouse day within the transaction. */
export async function lockDay(db: DbOrTx, warehouse: string, day: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`fbo-slot:${warehouse}:${day}`}))`);
}

export type DayLoad = {
  day: string;
  capacity: number;
  booked: number;
  waitlist: number;
};

/** Capacity, bookings (held slots and requested moves) and waitlist of a warehouse's days. */
export async function dayLoad(db: DbOrTx, warehouse: string, from: string, to: string): Promise<DayLoad[]> {
  const res = await db.execute<DayLoad>(
    sql`select d::date::text as day,
               coalesce(c.capacity, ${FBO_LIMITS.defaultDailyCapacity})::int as capacity,
               (select count(*) from fbo_supplies s
                 where (s.warehouse_code = ${warehouse} and s.planned_date = d::date and s.status in (${holding}))
                    or (s.status = 'changeWarehouse' and s.requested_warehouse = ${warehouse}
                        and s.requested_date = d::date))::int as booked,
               (select count(*) from fbo_supplies s
                 where s.waitlist_warehouse = ${warehouse} and s.waitlist_date = d::date)::int as waitlist
          from generate_series(${from}::date, ${to}::date, interval '1 day') d
          left join fbo_slot_capacity c on c.warehouse_code = ${warehouse} and c.day = d::date
         order by d`,
  );
  return res.rows;
}

export async function setCapacity(db: DbOrTx, warehouse: string, days: { date: string; capacity: number }[]) {
  await db.execute(
    sql`insert into fbo_slot_capacity (warehouse_code, day, capacity)
        select ${warehouse}, x.date::date, x.capacity
          from json_to_recordset(${JSON.stringify(days)}::json) as x(date text, capacity int)
        on conflict (warehouse_code, day) do update set capacity = excluded.capacity, updated_at = now()`,
  );
}

/** Supplies waiting for a day of a warehouse, longest waiting first. */
export async function waiting(db: DbOrTx, warehouse: string, day: string) {
  const res = await db.execute<{ partner_id: number; id: string }>(
    sql`select partner_id, id::text as id from fbo_supplies
         where waitlist_warehouse = ${warehouse} and waitlist_date = ${day}::date
         order by waitlist_since, id for update`,
  );
  return res.rows;
}

/** Supplies in validation since before `before`: the document check ran out of time. */
export async function overdueValidation(db: DbOrTx, before: Date) {
  const res = await db.execute<{ partner_id: number; id: string }>(
    sql`select partner_id, id::text as id from fbo_supplies
         where status = 'validation' and submitted_at <= ${before.toISOString()}
         order by submitted_at for update skip locked`,
  );
  return res.rows;
}

export async function checkedFile(db: DbOrTx, partnerId: number, fileId: string) {
  const res = await db.execute<{
    warehouse_code: string | null;
    lines: { sellerSku: string; box: string; quantity: number }[];
    used_by: string | null;
  }>(
    sql`select warehouse_code, lines, used_by::text as used_by from fbo_checked_files
         where partner_id = ${partnerId} and file_id = ${fileId}::uuid for update`,
  );
  return res.rows[0];
}

export async function saveCheckedFile(
  db: DbOrTx,
  partnerId: number,
  fileId: string,
  warehouse: string | null,
  lines: { sellerSku: string; box: string; quantity: number }[],
) {
  await db.execute(
    sql`insert into fbo_checked_files (partner_id, file_id, warehouse_code, lines)
        values (${partnerId}, ${fileId}::uuid, ${warehouse}, ${JSON.stringify(lines)}::jsonb)
        on conflict (partner_id, file_id) do nothing`,
  );
}

export async function useCheckedFile(db: DbOrTx, partnerId: number, fileId: string, supplyId: string) {
  await db.execute(
    sql`update fbo_checked_files set used_by = ${supplyId}::uuid
         where partner_id = ${partnerId} and file_id = ${fileId}::uuid`,
  );
}

export async function addStock(
  db: DbOrTx,
  partnerId: number,
  moves: { sellerSku: string; warehouseCode: string; quantity: number }[],
  kind: string,
  ref: string,
  at: Date,
) {
  const list = moves.filter((m) => m.quantity !== 0);
  if (!list.length) return;
  await db.execute(
    sql`insert into fbo_stock_moves (partner_id, seller_sku, warehouse_code, quantity, kind, ref, at)
        select ${partnerId}, x."sellerSku", x."warehouseCode", x.quantity, ${kind}, ${ref}, ${at.toISOString()}
          from json_to_recordset(${JSON.stringify(list)}::json)
            as x("sellerSku" text, "warehouseCode" text, quantity int)`,
  );
}

/** The warehouse side's queue: supplies of every partner in some states, oldest first. */
export async function platformQueue(
  db: DbOrTx,
  statuses: string[],
  warehouse: string | undefined,
  limit: number,
  openDisputes = false,
) {
  const res = await db.execute<SupplyRow>(
    sql`select ${SUPPLY_COLUMNS} from fbo_supplies s
         where status = any(${sql.param(statuses)}::text[]) ${warehouse ? sql`and warehouse_code = ${warehouse}` : sql``}
         ${openDisputes ? sql`and exists (select 1 from fbo_disputes d where d.partner_id = s.partner_id and d.supply_id = s.id and d.status = 'open')` : sql``}
         order by updated_at, id limit ${limit}`,
  );
  return res.rows;
}

export async function openDisputesOf(db: DbOrTx, supplyIds: string[]) {
  if (!supplyIds.length) return [];
  const res = await db.execute<{ supply_id: string; id: string; box: string }>(
    sql`select supply_id::text as supply_id, id::text as id, box from fbo_disputes
         where status = 'open' and supply_id = any(${sql.param(supplyIds)}::uuid[])`,
  );
  return res.rows;
}

export async function disputeById(db: DbOrTx, id: string) {
  const res = await db.execute<{
    partner_id: number;
    id: string;
    supply_id: string;
    box: string;
    status: string;
  }>(
    sql`select partner_id, id::text as id, supply_id::text as supply_id, box, status from fbo_disputes
         where id = ${id}::uuid for update`,
  );
  return res.rows[0];
}

export type ExportLine = {
  number: string;
  status: string;
  warehouse_code: string;
  planned_date: string | null;
  created_at: Date | string;
  box: string;
  seller_sku: string;
  moda_sku: string;
  ean: string | null;
  title: string;
  price: string;
  declared: number;
  received: number | null;
  surplus: number | null;
  missing: number | null;
  damaged: number | null;
};

const exportWhere = (partnerId: number, f: ListFilter & { id?: string | undefined }) =>
  sql`${where(partnerId, f)} ${f.id ? sql`and id = ${f.id}::uuid` : sql``}`;

export async function exportCount(
  db: DbOrTx,
  partnerId: number,
  f: ListFilter & { id?: string | undefined },
) {
  const res = await db.execute<{ n: number }>(
    sql`select coalesce(sum(c), 0)::int as n from (
          select (select count(*) from fbo_supply_items i where i.partner_id = s.partner_id and i.supply_id = s.id) as c
            from fbo_supplies s where ${exportWhere(partnerId, f)}) x`,
  );
  return res.rows[0]!.n;
}

export async function exportLines(
  db: DbOrTx,
  partnerId: number,
  f: ListFilter & { id?: string | undefined },
  limit: number,
  offset: number,
) {
  const res = await db.execute<ExportLine>(
    sql`select s.number, s.status, s.warehouse_code, s.planned_date::text as planned_date, s.created_at, i.box,
               i.seller_sku, i.moda_sku, i.ean, i.title, i.price::text as price, i.declared, i.received, i.surplus,
               i.missing, i.damaged
          from (select * from fbo_supplies where ${exportWhere(partnerId, f)}) s
          join fbo_supply_items i on i.partner_id = s.partner_id and i.supply_id = s.id
         order by s.created_at desc, s.id, i.box, i.seller_sku limit ${limit} offset ${offset}`,
  );
  return res.rows;
}
