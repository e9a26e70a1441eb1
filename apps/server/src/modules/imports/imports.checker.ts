// The import's checks of a file's rows (issue 8): each parent's rows made into a card by the service's
// mapping, checked with the catalogue's own rules against the partner's catalogue and the file's earlier
// cards, every bad cell recorded against its column, and the valid cards written in the file's transaction.
import { ERRORS, ProductCard, ruErrorMap, VALIDATION } from '@moda/contracts';
import type { DbOrTx } from '../../db/client';
import { cardErrors, cardRowValues } from '../catalogue/catalogue.service';
import * as q from './imports.queries';
import type { Column, Stamp } from './template';

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

export type Bad = (row: number, code: string, message: string) => void;
export type ValidCard = { card: ProductCard; existing: Map<string, q.ExistingRow> | undefined };

/**
 * Checks batches of rows against the partner's catalogue as it stood when the file's transaction began
 * and the file's earlier cards, and writes the valid cards.
 */
export class Checker {
  readonly parentAt: number;
  private readonly at: Map<string, number>;
  private readonly bySku: Map<string, q.ExistingRow>;
  private readonly byBarcode = new Map<string, string>();
  private readonly parents = new Map<string, q.ExistingRow>();
  /** Seller parent SKU → Moda parent SKU, of the catalogue and of the file's written cards. */
  private readonly parentSku = new Map<string, string>();
  private readonly fileSku = new Map<string, string>();
  private readonly fileBarcode = new Map<string, string>();

  constructor(
    private readonly partnerId: number,
    private readonly sheet: SheetLayout,
    catalogue: q.ExistingRow[],
    private readonly brands: Map<string, { needsPermission: boolean; permissionGranted: boolean }>,
    private readonly cardOf: (group: Row[], bad: Bad) => unknown,
  ) {
    this.parentAt = sheet.parentAt;
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
   * catalogue (and the file's other cards), and record every bad cell. Returns the valid cards.
   */
  check(rows: Row[], errors: CellError[]): ValidCard[] {
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

    const valid: ValidCard[] = [];
    for (const [parent, group] of groups) {
      const first = group[0]!;
      // The parent's fields are the same on every row of the parent.
      for (let k = 1; k < group.length; k++) {
        const r = group[k]!;
        columns.forEach((c, i) => {
          if (!c.perSize && r.values[i] !== first.values[i])
            bad(r.number, c.code, ERRORS['nomenclature.parentFieldsDiffer'].message);
        });
      }
      const before = errors.length;
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
      if (errors.length === before)
        valid.push({
          card,
          // Only the sizes already in the catalogue (to update); most cards of a file have none.
          existing: card.sizes.some((s) => bySku.has(s.sellerSku))
            ? new Map(
                card.sizes.flatMap((s) =>
                  bySku.has(s.sellerSku) ? [[s.sellerSku, bySku.get(s.sellerSku)!]] : [],
                ),
              )
            : undefined,
        });
    }
    return valid;
  }

  /** Create or update the cards' rows (update by seller SKU), as manual creation stores them. */
  async write(tx: DbOrTx, cards: ValidCard[]): Promise<void> {
    const { partnerId, parentSku } = this;
    const newParents = cards.filter(({ card }) => !parentSku.has(card.sellerParentSku));
    const fresh = await q.nextModaParentSkus(tx, newParents.length);
    newParents.forEach(({ card }, i) => parentSku.set(card.sellerParentSku, fresh[i]!));
    // Rows go to PostgreSQL as JSON text, built here: what a card's sizes share is serialised once per card.
    const inserts: string[] = [];
    const updates: string[] = [];
    for (const { card, existing } of cards) {
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
      const restJson = JSON.stringify(rest).slice(1, -1);
      const parent = JSON.stringify(card.sellerParentSku);
      const moda = JSON.stringify(parentSku.get(card.sellerParentSku)!);
      for (const s of card.sizes) {
        const attributes =
          `{"dataMatrix":${s.dataMatrix}` +
          (s.size === undefined ? '' : `,"size":${JSON.stringify(s.size)}`) +
          (restJson ? `,${restJson}}` : '}');
        const row = existing?.get(s.sellerSku);
        if (row)
          updates.push(
            `{"id":${row.id},"barcode":${JSON.stringify(s.barcode)},${shared},"attributes":${attributes}}`,
          );
        else
          inserts.push(
            `{"modaParentSku":${moda},"sellerSku":${JSON.stringify(s.sellerSku)},"sellerParentSku":${parent},` +
              `"barcode":${JSON.stringify(s.barcode)},${shared},"attributes":${attributes}}`,
          );
      }
    }
    await q.updateProducts(tx, partnerId, updates);
    await q.insertProducts(tx, partnerId, inserts);
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
