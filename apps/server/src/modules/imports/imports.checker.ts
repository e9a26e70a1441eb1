// The import's checks of a file's rows (issue 8): each parent's rows made into a card by the service's
// mapping, checked with the catalogue's own rules against the partner's catalogue and the file's earlier
// cards, every bad cell recorded against its column, and the valid cards written in the file's transaction.
import { ERRORS, ProductCard, ruErrorMap, VALIDATION } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';
import { cardErrors, cardRowValues } from '../catalogue';
import * as q from './imports.queries';
import type { Column, Stamp } from '../catalogue';

export interface CellError {
  row: number;
  column: string;
  message: string;
}

export interface Row {
  number: number;
  /** Values by the template's column order. */
  values: string[];
}

/** The data sheet as its stamp and header row describe it. */
export interface SheetLayout {
  stamp: Stamp;
  columns: Column[];
  /** Each template column's header as the file has it. */
  headers: string[];
  /** The template column of the parent's SKU. */
  parentAt: number;
}

/** An update file's size whose seller SKU is not in the catalogue. */
const NOT_IN_CATALOGUE =
  'Товара с таким артикулом нет в каталоге: файл обновления меняет только существующие товары, новые добавляйте шаблоном добавления';

export type Bad = (row: number, code: string, message: string) => void;

/**
 * Valid cards as their rows' JSON, UTF-8 encoded (see insertProducts, updateProducts). Bytes, not strings:
 * a batch waits for its write long enough for its text to outlive two young-generation collections, and
 * V8 would copy it into the old generation (hundreds of MB over a large file, and the collections that
 * come with them); a Buffer's bytes live outside the heap.
 */
export interface Pending {
  /** One per card with new sizes. */
  inserts: Buffer[];
  /** One per size already in the catalogue. */
  updates: Buffer[];
  /** Products (sizes) in the two. */
  rows: number;
}

/**
 * Checks batches of rows against the partner's catalogue as it stood when the file's transaction began
 * and the file's earlier cards, and writes the valid cards.
 */
export class Checker {
  readonly parentAt: number;
  /** The columns of the parent's fields: the same on each of its rows. */
  private readonly parentColumns: number[];
  private readonly at: Map<string, number>;
  private readonly bySku: Map<string, q.ExistingRow>;
  private readonly byBarcode = new Map<string, string>();
  private readonly parents = new Map<string, q.ExistingRow>();
  /** Seller parent SKU → Moda parent SKU, of the catalogue and of the file's written cards. */
  private readonly parentSku = new Map<string, string>();
  private readonly fileSku = new Map<string, string>();
  private readonly fileBarcode = new Map<string, string>();
  private pending: Pending = { inserts: [], updates: [], rows: 0 };
  /**
   * An update file (full_update) is previewed, not written (issue 28): each valid card is kept though other
   * cards are refused, and a size not in the catalogue is refused (an update changes existing products).
   */
  private readonly previewing: boolean;

  constructor(
    private readonly partnerId: number,
    private readonly sheet: SheetLayout,
    catalogue: q.ExistingRow[],
    private readonly brands: Map<string, { needsPermission: boolean; permissionGranted: boolean }>,
    private readonly cardOf: (group: Row[], bad: Bad) => unknown,
  ) {
    this.parentAt = sheet.parentAt;
    this.previewing = sheet.stamp.mode === 'full_update';
    this.parentColumns = sheet.columns.flatMap((c, i) => (c.perSize ? [] : [i]));
    this.at = new Map(sheet.columns.map((c, i) => [c.code, i]));
    this.bySku = new Map(catalogue.map((p) => [p.sellerSku, p]));
    for (const p of catalogue) {
      if (p.barcode && !this.byBarcode.has(p.barcode)) this.byBarcode.set(p.barcode, p.sellerParentSku);
      if (!this.parents.has(p.sellerParentSku)) {
        this.parents.set(p.sellerParentSku, p);
        this.parentSku.set(p.sellerParentSku, p.modaParentSku);
      }
    }
  }

  /**
   * Build each parent's card from its rows, check it with the catalogue's rules against the partner's
   * catalogue (and the file's other cards), and record every bad cell. While the file has no bad cell the
   * valid cards are kept as the JSON text of their rows, to be written by `write` (text instead of the
   * cards' objects: a batch waiting for its write holds a few strings, not thousands of objects the garbage
   * collector has to trace).
   */
  check(rows: Row[], errors: CellError[]): void {
    const { columns, headers } = this.sheet;
    const { at, bySku, byBarcode, parents, fileSku, fileBarcode } = this;
    const seen = new Set<string>();
    const bad: Bad = (row, code, message) => {
      const i = at.get(code) ?? this.parentAt;
      const key = `${row}:${i}`;
      if (seen.has(key)) return;
      seen.add(key);
      errors.push({ row, column: headers[i]!, message });
    };

    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const parent = r.values[this.parentAt]!;
      if (!parent) {
        bad(r.number, 'supplier_parent_sku', VALIDATION.required);
        continue;
      }
      const g = groups.get(parent);
      if (g) g.push(r);
      else groups.set(parent, [r]);
    }

    for (const [parent, group] of groups) {
      const before = errors.length;
      const first = group[0]!;
      // The parent's fields are the same on every row of the parent.
      for (let k = 1; k < group.length; k++) {
        const r = group[k]!;
        for (const i of this.parentColumns)
          if (r.values[i] !== first.values[i])
            bad(r.number, columns[i]!.code, ERRORS['nomenclature.parentFieldsDiffer'].message);
      }
      const raw = this.cardOf(group, bad);
      const res = ProductCard.safeParse(raw, { error: ruErrorMap });
      if (!res.success) {
        for (const issue of res.error.issues) {
          const [code, index] = cellOfField(issue.path.map(String).join('.'));
          bad(
            index === undefined ? first.number : (group[index]?.number ?? first.number),
            code,
            issue.message,
          );
        }
        continue;
      }
      const card = res.data;
      const clashes: { sellerSku: string | null; barcode: string | null }[] = [];
      for (const s of card.sizes) {
        const owner = bySku.get(s.sellerSku)?.sellerParentSku ?? fileSku.get(s.sellerSku);
        if (owner !== undefined && owner !== parent) clashes.push({ sellerSku: s.sellerSku, barcode: null });
        const bOwner = byBarcode.get(s.barcode) ?? fileBarcode.get(s.barcode);
        if (bOwner !== undefined && bOwner !== parent) clashes.push({ sellerSku: null, barcode: s.barcode });
      }
      for (const s of card.sizes) {
        if (!fileSku.has(s.sellerSku)) fileSku.set(s.sellerSku, parent);
        if (!fileBarcode.has(s.barcode)) fileBarcode.set(s.barcode, parent);
      }
      const found = cardErrors(card, {
        parent: parents.get(parent),
        clashes,
        brand: this.brands.get(card.brand),
      });
      for (const e of found) {
        const [code, index] = cellOfField(e.field);
        bad(index === undefined ? first.number : (group[index]?.number ?? first.number), code, e.message);
      }
      if (this.previewing)
        card.sizes.forEach((s, i) => {
          if (!bySku.has(s.sellerSku))
            bad(group[i]?.number ?? first.number, 'supplier_sku', NOT_IN_CATALOGUE);
        });
      // Once a cell of the file is bad nothing of it is written: the rest is only checked. A preview keeps
      // every valid card: its refused rows are shown beside them.
      if (this.previewing ? errors.length === before : errors.length === 0) this.serialise(card);
    }
  }

  /** Products (sizes) of the valid cards not taken yet. */
  get queued(): number {
    return this.pending.rows;
  }

  /** The valid cards checked since the last call, as their rows' JSON text. */
  take(): Pending {
    const taken = this.pending;
    this.pending = { inserts: [], updates: [], rows: 0 };
    return taken;
  }

  /** Queue a valid card's rows: its sizes already in the catalogue to update, the rest to insert. */
  private serialise(card: ProductCard): void {
    const { bySku, parentSku, pending } = this;
    const { common, details } = cardRowValues(card);
    const shared = JSON.stringify({
      title: common.title,
      brand: common.brand,
      category: common.category,
      erpLevel1: common.erpLevel1,
      erpLevel2: common.erpLevel2,
      price: common.price,
      status: common.status,
      moderationStatus: common.moderationStatus,
    }).slice(1, -1);
    // The stored attributes but the size's own two (jsonb keeps no key order, so they may come first).
    const { size: _size, dataMatrix: _dataMatrix, ...rest } = details(card.sizes[0]!);
    const restJson = JSON.stringify(rest);
    const restTail = restJson === '{}' ? '}' : `,${restJson.slice(1)}`;
    const sizes: string[] = [];
    for (const s of card.sizes) {
      // The size's own attributes, stored with the card's.
      const own =
        `"dataMatrix":${s.dataMatrix}` + (s.size === undefined ? '' : `,"size":${JSON.stringify(s.size)}`);
      const barcode = JSON.stringify(s.barcode);
      const row = bySku.get(s.sellerSku);
      if (row)
        pending.updates.push(
          Buffer.from(`{"id":${row.id},"barcode":${barcode},${shared},"attributes":{${own}${restTail}}`),
        );
      else sizes.push(`{"sellerSku":${JSON.stringify(s.sellerSku)},"barcode":${barcode},${own}}`);
    }
    pending.rows += card.sizes.length;
    if (sizes.length === 0) return;
    // A new parent gets its Moda parent SKU from the insert itself.
    const moda = parentSku.get(card.sellerParentSku);
    pending.inserts.push(
      Buffer.from(
        `{${moda === undefined ? '' : `"modaParentSku":${JSON.stringify(moda)},`}` +
          `"sellerParentSku":${JSON.stringify(card.sellerParentSku)},${shared},"attributes":${restJson},` +
          `"sizes":[${sizes.join(',')}]}`,
      ),
    );
  }

  /** Create or update the rows taken (update by seller SKU), as manual creation stores them. */
  async write(tx: DbOrTx, rows: Pending): Promise<void> {
    await q.updateProducts(tx, this.partnerId, rows.updates);
    await q.insertProducts(tx, this.partnerId, rows.inserts);
  }
}

const FIELD_COLUMNS: Record<string, string> = {
  sellerParentSku: 'supplier_parent_sku',
  category: 'supplier_parent_sku',
  title: 'title',
  brand: 'brand',
  gender: 'gender',
  country: 'country',
  price: 'price',
  erpCategory: 'erp_category',
  'erpCategory.level1': 'erp_category',
  'erpCategory.level2': 'erp_subcategory',
  composition: 'composition',
  sizeScale: 'size_scale',
  sizes: 'data_matrix',
  'legal.tnVed': 'tn_ved',
  'legal.producer': 'producer',
  'legal.producerAddress': 'producer_address',
  'legal.isResale': 'is_resale',
  'legal.eac': 'eac',
};
const SIZE_COLUMNS: Record<string, string> = {
  size: 'size_value',
  sellerSku: 'supplier_sku',
  barcode: 'product_identifier',
  dataMatrix: 'data_matrix',
};

/** The column (and the size's index) a card field's error belongs to. */
function cellOfField(field: string): [string, number | undefined] {
  const size = /^sizes\.(\d+)\.(\w+)/.exec(field);
  if (size) return [SIZE_COLUMNS[size[2]!] ?? 'supplier_sku', Number(size[1])];
  if (field.startsWith('attributes.')) return [field.split('.')[1]!, undefined];
  if (field.startsWith('composition')) return ['composition', undefined];
  return [FIELD_COLUMNS[field] ?? 'supplier_parent_sku', undefined];
}
