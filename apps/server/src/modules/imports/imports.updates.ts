// Excel updates with a preview and a rollback (issue 28). The import's streaming check hands each batch of
// valid full_update rows (the JSON the import's write takes) to `record`, which diffs it against the products
// in SQL and keeps only the products that change, field by field: nothing of the file is written to products
// or prices until `apply`, which writes the kept rows through the import's own write (updateProducts) and the
// price changes through the price rules (PricesService.setMany: quarantine, promotion block). `rollback`
// restores, within 7 days, each field that still holds the value the update wrote.
import { sql } from 'drizzle-orm';
import {
  ERRORS,
  UPDATE_ROLLBACK_DAYS,
  fill,
  type CategoryCode,
  type ImportUpdate,
  type PreviewItem,
  type RollbackReport,
} from '@moda/contracts';
import type { DbOrTx } from '../../db/client';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import type { PricesService } from '../prices';
import { emitEvent } from '../webhooks';
import { templateColumns, type CatalogueService, type Column } from '../catalogue';
import type { CellError } from './imports.checker';
import { lockPartnerImports, updateProducts } from './imports.queries';

const DAY_MS = 86_400_000;
/** Rows of the preview read or written together by apply and rollback. */
const BATCH = 1000;
/** Skipped fields the rollback's report lists by name (the rest are counted). */
const SKIPPED_LISTED = 200;

/** A stored product field's value as jsonb, by the preview's field code (`f` is an SQL text expression). */
const current = (f: string) => `case ${f}
  when 'barcode' then to_jsonb(p.barcode) when 'title' then to_jsonb(p.title) when 'brand' then to_jsonb(p.brand)
  when 'erpLevel1' then to_jsonb(p.erp_level1) when 'erpLevel2' then to_jsonb(p.erp_level2)
  when 'price' then to_jsonb(p.price)
  else case when ${f} like 'legal.%' then p.attributes -> 'legal' -> substr(${f}, 7)
            else p.attributes -> substr(${f}, 12) end end`;

/** The card's own fields and the columns of the template they come from (labels of the preview). */
const FIELD_COLUMNS: Record<string, string> = {
  barcode: 'product_identifier',
  title: 'title',
  brand: 'brand',
  erpLevel1: 'erp_category',
  erpLevel2: 'erp_subcategory',
  price: 'price',
  'attributes.gender': 'gender',
  'attributes.country': 'country',
  'attributes.composition': 'composition',
  'attributes.sizeScale': 'size_scale',
  'attributes.size': 'size_value',
  'attributes.dataMatrix': 'data_matrix',
  'legal.tnVed': 'tn_ved',
  'legal.producer': 'producer',
  'legal.producerAddress': 'producer_address',
  'legal.isResale': 'is_resale',
  'legal.eac': 'eac',
};

/** Each field code's template column (the card's own fields by FIELD_COLUMNS, attributes by their code). */
function fieldColumns(columns: Column[]): Map<string, Column | undefined> {
  const byCode = new Map(columns.map((c) => [c.code, c]));
  const out = new Map<string, Column | undefined>();
  for (const [field, code] of Object.entries(FIELD_COLUMNS)) out.set(field, byCode.get(code));
  for (const c of columns) if (c.code && !out.has(`attributes.${c.code}`)) out.set(`attributes.${c.code}`, c);
  return out;
}

/** Each field code's name as the file's template shows it. */
export function fieldLabels(columns: Column[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, c] of fieldColumns(columns)) out[field] = c?.name ?? field;
  return out;
}

/** Dictionary fields' value names by field code (gender, country, size scale, TN VED, colour, season…). */
type FieldNames = Map<string, Map<string, string>>;

/**
 * The names the card and the template show for the stored codes of each dictionary field, from the template's
 * own columns (the catalogue's dictionaries): a list column whose entries all read as their codes is left out.
 */
export function fieldNames(columns: Column[]): FieldNames {
  const out: FieldNames = new Map();
  for (const [field, c] of fieldColumns(columns))
    if (c?.entries?.some((e) => e.name !== e.code))
      out.set(field, new Map(c.entries.map((e) => [e.code, e.name])));
  return out;
}

/** A stored value as the preview shows it: a dictionary code by its name. */
function shown(v: unknown, names?: Map<string, string>): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return names?.get(v) ?? v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'Да' : 'Нет';
  if (Array.isArray(v))
    return v
      .map((x) =>
        x && typeof x === 'object' && 'material' in x
          ? `${(x as { material: string }).material} ${(x as { percent: number }).percent}%`
          : (names?.get(String(x)) ?? String(x)),
      )
      .join('; ');
  return JSON.stringify(v);
}

type UpdateRow = {
  partner_id: number;
  file_id: string;
  file_name: string;
  state: ImportUpdate['state'];
  category: string;
  changed: number;
  unchanged: number;
  refused: number;
  labels: Record<string, string>;
  created_at: Date;
  applied_at: Date | null;
  prices_pending: number;
  prices_refused: number;
  rolled_back_at: Date | null;
  rollback_report: RollbackReport | null;
};

interface Change {
  field: string;
  old: unknown;
  new: unknown;
}

export class ImportUpdatesService {
  constructor(
    private readonly deps: {
      prices: PricesService;
      catalogue: CatalogueService;
      now: () => Date;
    },
  ) {}

  /** The dictionary names of a category's fields (the reference ships with the code: kept per category). */
  private readonly names = new Map<string, FieldNames>();
  private namesOf(category: string): FieldNames {
    let names = this.names.get(category);
    if (!names) {
      const columns = templateColumns(this.deps.catalogue, category as CategoryCode, 'full_update', []);
      names = fieldNames(columns);
      this.names.set(category, names);
    }
    return names;
  }

  // ── the preview, filled by the import's job in the file's transaction ──

  /** Open the file's preview (the import's transaction: a failed or re-read file leaves none). */
  async begin(tx: DbOrTx, partnerId: number, fileId: string, category: string, columns: Column[]) {
    await tx.execute(sql`
      insert into import_updates (partner_id, file_id, state, category, labels, created_at)
      values (${partnerId}, ${fileId}, 'preview', ${category}, ${JSON.stringify(fieldLabels(columns))}::jsonb,
              ${this.deps.now()})`);
  }

  /**
   * One batch of the import's valid rows (its write's JSON, one per product): the products whose stored
   * fields differ are kept with each changed field's old and new value; the price changes are asked of the
   * price rules (a dry run) so the preview says which go to review and which are refused.
   */
  async record(ctx: CallContext, fileId: string, rows: Buffer[]): Promise<void> {
    if (rows.length === 0) return;
    const partnerId = requirePartner(ctx);
    const json = Buffer.concat([
      Buffer.from('['),
      ...rows.flatMap((r, i) => (i ? [Buffer.from(','), r] : [r])),
      Buffer.from(']'),
    ]);
    const res = await ctx.db.execute<{ product_id: string; new_price: string | null }>(sql`
      with r as (
        select * from json_to_recordset(${json}::json) as r(
          id bigint, barcode text, title text, brand text, category text, "erpLevel1" text, "erpLevel2" text,
          price numeric, status text, "moderationStatus" text, attributes jsonb)
      ), d as (
        select r.id, p.seller_sku, to_jsonb(r) as upd,
          (select coalesce(jsonb_agg(jsonb_build_object('field', f.field, 'old', f.old, 'new', f.new)
                                     order by f.ord, f.field), '[]'::jsonb)
             from (
               select 1, 'barcode', to_jsonb(p.barcode), to_jsonb(r.barcode)
               union all select 2, 'title', to_jsonb(p.title), to_jsonb(r.title)
               union all select 3, 'brand', to_jsonb(p.brand), to_jsonb(r.brand)
               union all select 4, 'erpLevel1', to_jsonb(p.erp_level1), to_jsonb(r."erpLevel1")
               union all select 5, 'erpLevel2', to_jsonb(p.erp_level2), to_jsonb(r."erpLevel2")
               union all select 6, 'price', to_jsonb(p.price), to_jsonb(r.price)
               union all select 7, 'attributes.' || k, p.attributes -> k, r.attributes -> k
                 from (select jsonb_object_keys(coalesce(p.attributes, '{}') - 'legal')
                       union select jsonb_object_keys(coalesce(r.attributes, '{}') - 'legal')) a(k)
               union all select 8, 'legal.' || k, p.attributes -> 'legal' -> k, r.attributes -> 'legal' -> k
                 from (select jsonb_object_keys(coalesce(p.attributes -> 'legal', '{}'))
                       union select jsonb_object_keys(coalesce(r.attributes -> 'legal', '{}'))) b(k)
             ) f(ord, field, old, new)
            where f.old is distinct from f.new) as changes
          from r join products p on p.partner_id = ${partnerId} and p.id = r.id
      ), ins as (
        insert into import_update_rows (partner_id, file_id, kind, seller_sku, product_id, changes, upd)
        select ${partnerId}, ${fileId}, 'changed', d.seller_sku, d.id, d.changes, d.upd
          from d where d.changes <> '[]'::jsonb order by d.id
        returning product_id, changes
      ), counted as (
        update import_updates
           set changed = changed + (select count(*) from ins),
               unchanged = unchanged + ${rows.length} - (select count(*) from ins)
         where partner_id = ${partnerId} and file_id = ${fileId}
      )
      select product_id::text,
             (select c ->> 'new' from jsonb_array_elements(changes) c where c ->> 'field' = 'price') as new_price
        from ins`);
    const priced = res.rows.filter((r) => r.new_price !== null);
    if (priced.length === 0) return;
    const items = await this.priceItems(
      ctx.db,
      partnerId,
      priced.map((r) => [r.product_id, Number(r.new_price)]),
    );
    const { results } = await this.deps.prices.simulate(ctx, items);
    await this.setPriceStatus(ctx.db, partnerId, fileId, items, results);
  }

  /** The rows of the file refused by the import's rules, one per sheet row with its cells' messages. */
  async refuse(tx: DbOrTx, partnerId: number, fileId: string, errors: CellError[]): Promise<void> {
    const byRow = new Map<number, { column: string; message: string }[]>();
    for (const e of errors) {
      const list = byRow.get(e.row) ?? [];
      list.push({ column: e.column, message: e.message });
      byRow.set(e.row, list);
    }
    const rows = [...byRow].sort((a, b) => a[0] - b[0]);
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH).map(([row, errs]) => ({ row, errors: errs }));
      await tx.execute(sql`
        insert into import_update_rows (partner_id, file_id, kind, row_number, errors)
        select ${partnerId}, ${fileId}, 'refused', x.row, x.errors
          from json_to_recordset(${JSON.stringify(part)}::json) as x("row" int, errors jsonb)
         order by x.row`);
    }
    await tx.execute(sql`
      update import_updates set refused = ${rows.length} where partner_id = ${partnerId} and file_id = ${fileId}`);
  }

  /** Price change inputs that keep the product's sale price and period (the file changes the price only). */
  private async priceItems(db: DbOrTx, partnerId: number, prices: [string, number][]) {
    const ids = prices.map(([id]) => id);
    const res = await db.execute<{
      id: string;
      sale_price: string | null;
      sale_start: string | null;
      sale_end: string | null;
    }>(sql`
      select p.id::text, coalesce(pp.sale_price, p.sale_price)::text as sale_price, pp.sale_start, pp.sale_end
        from products p
        left join product_prices pp on pp.partner_id = p.partner_id and pp.product_id = p.id and pp.country = 'RU'
       where p.partner_id = ${partnerId} and p.id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const sale = new Map(res.rows.map((r) => [r.id, r]));
    return prices.map(([id, price]) => {
      const s = sale.get(id);
      return {
        id,
        country: 'RU' as const,
        price,
        salePrice: s?.sale_price === null || s?.sale_price === undefined ? null : Number(s.sale_price),
        saleStartDate: s?.sale_start ?? null,
        saleEndDate: s?.sale_end ?? null,
      };
    });
  }

  private async setPriceStatus(
    db: DbOrTx,
    partnerId: number,
    fileId: string,
    items: { id: string }[],
    results: { status: string; errors: { message: string }[] }[],
  ) {
    const rows = items.map((it, n) => ({
      id: it.id,
      status: results[n]!.status,
      message: results[n]!.errors[0]?.message ?? null,
    }));
    await db.execute(sql`
      update import_update_rows u set price_status = x.status, price_message = x.message
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(id bigint, status text, message text)
       where u.partner_id = ${partnerId} and u.file_id = ${fileId} and u.kind = 'changed' and u.product_id = x.id`);
  }

  // ── the seller's calls ──

  private async row(ctx: CallContext, fileId: string, lock = false): Promise<UpdateRow> {
    const partnerId = requirePartner(ctx);
    const res = await ctx.db.execute<UpdateRow>(sql`
      select u.*, f.name as file_name from import_updates u
        join files f on f.partner_id = u.partner_id and f.id = u.file_id
       where u.partner_id = ${partnerId} and u.file_id = ${fileId}
       ${lock ? sql`for update of u` : sql``}`);
    const row = res.rows[0];
    if (!row) throw new AppError('importUpdate.notFound', { field: 'fileImportId' });
    return row;
  }

  private view(r: UpdateRow): ImportUpdate {
    const appliedAt = r.applied_at ? new Date(r.applied_at) : null;
    const until = appliedAt ? new Date(appliedAt.getTime() + UPDATE_ROLLBACK_DAYS * DAY_MS) : null;
    return {
      fileImportId: r.file_id,
      fileName: r.file_name,
      state: r.state,
      category: r.category,
      changed: r.changed,
      unchanged: r.unchanged,
      refused: r.refused,
      createdAt: new Date(r.created_at).toISOString(),
      appliedAt: appliedAt?.toISOString() ?? null,
      pricesPending: r.prices_pending,
      pricesRefused: r.prices_refused,
      rollbackUntil: until?.toISOString() ?? null,
      canRollBack: r.state === 'applied' && until !== null && this.deps.now() <= until,
      rolledBackAt: r.rolled_back_at ? new Date(r.rolled_back_at).toISOString() : null,
      rollbackReport: r.rollback_report,
    };
  }

  async get(
    ctx: CallContext,
    p: { fileImportId: string; kind: 'changed' | 'refused'; page: number; pageSize: number },
  ) {
    const update = await this.row(ctx, p.fileImportId);
    const res = await ctx.db.execute<{
      id: string;
      kind: 'changed' | 'refused';
      seller_sku: string | null;
      product_id: string | null;
      row_number: number | null;
      changes: Change[] | null;
      errors: { column: string; message: string }[] | null;
      price_status: PreviewItem['priceStatus'];
      price_message: string | null;
    }>(sql`
      select id::text, kind, seller_sku, product_id::text, row_number, changes, errors, price_status, price_message
        from import_update_rows
       where partner_id = ${update.partner_id} and file_id = ${p.fileImportId} and kind = ${p.kind}
       order by id limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`);
    const labels = update.labels;
    const names = this.namesOf(update.category);
    return {
      update: this.view(update),
      total: p.kind === 'changed' ? update.changed : update.refused,
      items: res.rows.map((r): PreviewItem => ({
        id: r.id,
        kind: r.kind,
        sellerSku: r.seller_sku,
        productId: r.product_id,
        rowNumber: r.row_number,
        changes: (r.changes ?? []).map((c) => ({
          field: c.field,
          label: labels[c.field] ?? c.field,
          old: shown(c.old, names.get(c.field)),
          new: shown(c.new, names.get(c.field)),
        })),
        errors: r.errors ?? [],
        priceStatus: r.price_status,
        priceMessage: r.price_message,
      })),
    };
  }

  async list(ctx: CallContext, p: { fileImportIds?: string[]; page: number; pageSize: number }) {
    const partnerId = requirePartner(ctx);
    const where = sql`u.partner_id = ${partnerId} ${p.fileImportIds ? sql`and u.file_id = any(${`{${p.fileImportIds.join(',')}}`}::uuid[])` : sql``}`;
    const [rows, count] = await Promise.all([
      ctx.db.execute<UpdateRow>(sql`
        select u.*, f.name as file_name from import_updates u
          join files f on f.partner_id = u.partner_id and f.id = u.file_id
         where ${where} order by u.created_at desc, u.file_id
         limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`),
      ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from import_updates u where ${where}`),
    ]);
    return { items: rows.rows.map((r) => this.view(r)), total: count.rows[0]!.n };
  }

  async drop(ctx: CallContext, fileId: string): Promise<ImportUpdate> {
    const u = await this.row(ctx, fileId, true);
    if (u.state !== 'preview') throw new AppError('importUpdate.notPreview', { field: 'fileImportId' });
    await ctx.db.execute(sql`
      update import_updates set state = 'dropped' where partner_id = ${u.partner_id} and file_id = ${fileId}`);
    // The kept rows are of no more use: only the counts stay.
    await ctx.db.execute(sql`
      delete from import_update_rows where partner_id = ${u.partner_id} and file_id = ${fileId}`);
    ctx.audit.objectId = fileId;
    return this.view({ ...u, state: 'dropped' });
  }

  /**
   * Write what the preview shows, in the call's transaction: refused as a whole when a product changed since
   * the preview (the preview is what the seller agreed to). The products through the import's write with
   * their current price; the price changes through the price rules, which apply, hold for review or refuse
   * each (the counts are kept).
   */
  async apply(ctx: CallContext, fileId: string): Promise<ImportUpdate> {
    const partnerId = requirePartner(ctx);
    await lockPartnerImports(ctx.db, partnerId);
    const u = await this.row(ctx, fileId, true);
    ctx.audit.objectId = fileId;
    if (u.state !== 'preview') throw new AppError('importUpdate.notPreview', { field: 'fileImportId' });
    if (u.changed === 0) throw new AppError('importUpdate.nothingToApply', { field: 'fileImportId' });
    const stale = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from import_update_rows u
        left join products p on p.partner_id = u.partner_id and p.id = u.product_id
       where u.partner_id = ${partnerId} and u.file_id = ${fileId} and u.kind = 'changed'
         and (p.id is null or exists (
           select 1 from jsonb_array_elements(u.changes) c
            where (${sql.raw(current("(c ->> 'field')"))}) is distinct from c -> 'old'))`);
    const staleCount = stale.rows[0]!.n;
    if (staleCount > 0)
      throw new AppError('importUpdate.stale', {
        field: 'fileImportId',
        message: fill(ERRORS['importUpdate.stale'].message, { count: staleCount }),
      });

    let pending = 0;
    let refused = 0;
    for (let after = 0; ;) {
      const res = await ctx.db.execute<{
        id: string;
        product_id: string;
        upd: string;
        new_price: string | null;
      }>(sql`
        select u.id::text, u.product_id::text, jsonb_set(u.upd, '{price}', to_jsonb(p.price))::text as upd,
               (select c ->> 'new' from jsonb_array_elements(u.changes) c where c ->> 'field' = 'price') as new_price
          from import_update_rows u
          join products p on p.partner_id = u.partner_id and p.id = u.product_id
         where u.partner_id = ${partnerId} and u.file_id = ${fileId} and u.kind = 'changed' and u.id > ${after}
         order by u.id limit ${BATCH}`);
      if (res.rows.length === 0) break;
      after = Number(res.rows.at(-1)!.id);
      await updateProducts(
        ctx.db,
        partnerId,
        res.rows.map((r) => Buffer.from(r.upd)),
      );
      const priced = res.rows.filter((r) => r.new_price !== null);
      if (priced.length) {
        const items = await this.priceItems(
          ctx.db,
          partnerId,
          priced.map((r) => [r.product_id, Number(r.new_price)]),
        );
        const { items: results } = await this.deps.prices.setMany(ctx, items, true);
        pending += results.filter((r) => r.status === 'pending').length;
        refused += results.filter((r) => r.status === 'failed').length;
        await this.setPriceStatus(ctx.db, partnerId, fileId, items, results);
      }
    }
    // The price path names its own object: the record is the update's.
    ctx.audit.objectId = fileId;
    const now = this.deps.now();
    await ctx.db.execute(sql`
      update import_updates
         set state = 'applied', applied_at = ${now}, applied_by = ${ctx.principal?.userId ?? null},
             prices_pending = ${pending}, prices_refused = ${refused}
       where partner_id = ${partnerId} and file_id = ${fileId}`);
    await emitEvent(ctx.db, {
      partnerId,
      type: 'import.finished',
      objectId: fileId,
      payload: { taskId: fileId, type: 'nomenclature_import', status: 'applied', errors: u.refused },
    });
    return this.view({
      ...u,
      state: 'applied',
      applied_at: now,
      prices_pending: pending,
      prices_refused: refused,
    });
  }

  /**
   * Undo an applied update within 7 days of its apply: each field is restored to its value before the
   * update only where it still holds the value the update wrote; a field changed since keeps the later value
   * and is reported. Prices go back through the price rules, as they came.
   */
  async rollback(ctx: CallContext, fileId: string): Promise<ImportUpdate> {
    const partnerId = requirePartner(ctx);
    await lockPartnerImports(ctx.db, partnerId);
    const u = await this.row(ctx, fileId, true);
    ctx.audit.objectId = fileId;
    if (u.state !== 'applied' || !u.applied_at)
      throw new AppError('importUpdate.notApplied', { field: 'fileImportId' });
    const until = new Date(u.applied_at).getTime() + UPDATE_ROLLBACK_DAYS * DAY_MS;
    if (this.deps.now().getTime() > until)
      throw new AppError('importUpdate.rollbackExpired', { field: 'fileImportId' });

    const report: RollbackReport = { restoredProducts: 0, restoredFields: 0, skippedFields: 0, skipped: [] };
    const skip = (sellerSku: string, field: string, reason: RollbackReport['skipped'][number]['reason']) => {
      report.skippedFields++;
      if (report.skipped.length < SKIPPED_LISTED)
        report.skipped.push({ sellerSku, field, label: u.labels[field] ?? field, reason });
    };
    for (let after = 0; ;) {
      const res = await ctx.db.execute<{
        id: string;
        product_id: string;
        seller_sku: string;
        price_status: string | null;
        product: Record<string, unknown> & { attributes: Record<string, unknown> | null };
        fields: { field: string; old: unknown; holds: boolean }[];
      }>(sql`
        select u.id::text, u.product_id::text, u.seller_sku, u.price_status,
               jsonb_build_object('id', p.id, 'barcode', p.barcode, 'title', p.title, 'brand', p.brand,
                 'category', p.category, 'erpLevel1', p.erp_level1, 'erpLevel2', p.erp_level2, 'price', p.price,
                 'status', p.status, 'moderationStatus', p.moderation_status, 'attributes', p.attributes) as product,
               (select jsonb_agg(jsonb_build_object('field', c ->> 'field', 'old', c -> 'old',
                         'holds', (${sql.raw(current("(c ->> 'field')"))}) is not distinct from c -> 'new'))
                  from jsonb_array_elements(u.changes) c) as fields
          from import_update_rows u
          join products p on p.partner_id = u.partner_id and p.id = u.product_id
         where u.partner_id = ${partnerId} and u.file_id = ${fileId} and u.kind = 'changed' and u.id > ${after}
         order by u.id limit ${BATCH}`);
      if (res.rows.length === 0) break;
      after = Number(res.rows.at(-1)!.id);
      const writes: Buffer[] = [];
      const prices: [string, number, string][] = [];
      for (const r of res.rows) {
        const product = r.product;
        const attributes = { ...(product.attributes ?? {}) };
        const legal = { ...((attributes.legal as Record<string, unknown> | undefined) ?? {}) };
        let restored = 0;
        for (const f of r.fields) {
          if (f.field === 'price') {
            if (r.price_status !== 'applied') skip(r.seller_sku, f.field, 'priceNotApplied');
            else if (!f.holds) skip(r.seller_sku, f.field, 'changedLater');
            else prices.push([r.product_id, Number(f.old), r.seller_sku]);
            continue;
          }
          if (!f.holds) {
            skip(r.seller_sku, f.field, 'changedLater');
            continue;
          }
          restored++;
          const put = (obj: Record<string, unknown>, key: string) => {
            if (f.old === null || f.old === undefined) delete obj[key];
            else obj[key] = f.old;
          };
          if (f.field.startsWith('attributes.')) put(attributes, f.field.slice('attributes.'.length));
          else if (f.field.startsWith('legal.')) put(legal, f.field.slice('legal.'.length));
          else product[f.field] = f.old;
        }
        if (restored === 0) continue;
        if (Object.keys(legal).length || attributes.legal !== undefined) attributes.legal = legal;
        report.restoredFields += restored;
        report.restoredProducts++;
        writes.push(Buffer.from(JSON.stringify({ ...product, attributes })));
      }
      await updateProducts(ctx.db, partnerId, writes);
      if (prices.length) {
        const items = await this.priceItems(
          ctx.db,
          partnerId,
          prices.map(([id, price]) => [id, price]),
        );
        const { items: results } = await this.deps.prices.setMany(ctx, items, true);
        results.forEach((res2, n) => {
          if (res2.status === 'failed') skip(prices[n]![2], 'price', 'priceRefused');
          else report.restoredFields++;
        });
      }
    }
    ctx.audit.objectId = fileId;
    const now = this.deps.now();
    await ctx.db.execute(sql`
      update import_updates
         set state = 'rolled_back', rolled_back_at = ${now}, rolled_back_by = ${ctx.principal?.userId ?? null},
             rollback_report = ${JSON.stringify(report)}::jsonb
       where partner_id = ${partnerId} and file_id = ${fileId}`);
    return this.view({ ...u, state: 'rolled_back', rolled_back_at: now, rollback_report: report });
  }
}
