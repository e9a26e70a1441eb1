// A product card from the rows of one parent in an import file (issue 8): each template column's text turned
// into the card's field or attribute — dictionaries by name or code, numbers, да/нет, the composition — and every
// value that cannot be read reported on its cell. The catalogue's rules then check the card (imports.checker).
import type { CategoryCode, DictionaryEntry } from '@moda/contracts';
import { NO, YES, type CatalogueService, type Column } from '../catalogue';
import type { Bad, Row } from './imports.checker';

const MSG = {
  number: 'Введите число',
  boolean: `Укажите «${YES}» или «${NO}»`,
  composition: 'Укажите материалы и проценты, например: хлопок 95%; эластан 5%',
};

/** A header or a dictionary value as compared: trimmed, lower case, ё as е. */
export const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** The card's own fields, with their own columns (everything else is an attribute). */
const FIXED = new Set([
  'supplier_parent_sku',
  'supplier_sku',
  'size_scale',
  'size_value',
  'product_identifier',
  'data_matrix',
  'title',
  'brand',
  'gender',
  'country',
  'erp_category',
  'erp_subcategory',
  'composition',
  'price',
  'tn_ved',
  'producer',
  'producer_address',
  'eac',
  'is_resale',
]);

/** Whether a cell says yes or no, as compared (norm). */
const TRUE = new Set(['да', 'yes', 'true', '1']);
const FALSE = new Set(['нет', 'no', 'false', '0']);

/**
 * The mapping of one file's parents to cards (the sheet's columns in template order), with the dictionary values
 * found in the file remembered: per column, value → the entry's code (misses not kept). Everything a card needs
 * of the columns is looked up once here, not per card: a file has up to 100,000 rows.
 */
export function cardMapper(
  catalogue: Pick<CatalogueService, 'dictionary'>,
  category: CategoryCode,
  columns: Column[],
): (group: Row[], bad: Bad) => unknown {
  const at = new Map(columns.map((c, i) => [c.code, i]));
  /** A column's index, or -1 when the file has no such column (its cells read as empty). */
  const col = (code: string) => at.get(code) ?? -1;
  const PARENT = col('supplier_parent_sku');
  const SKU = col('supplier_sku');
  const SIZE_SCALE = col('size_scale');
  const SIZE = col('size_value');
  const BARCODE = col('product_identifier');
  const DATA_MATRIX = col('data_matrix');
  const TITLE = col('title');
  const BRAND = col('brand');
  const GENDER = col('gender');
  const COUNTRY = col('country');
  const ERP1 = col('erp_category');
  const ERP2 = col('erp_subcategory');
  const COMPOSITION = col('composition');
  const PRICE = col('price');
  const TN_VED = col('tn_ved');
  const PRODUCER = col('producer');
  const ADDRESS = col('producer_address');
  const EAC = col('eac');
  const RESALE = col('is_resale');
  const attributeColumns = columns.flatMap((c, i) => (c.code && !FIXED.has(c.code) ? [i] : []));
  /** Dictionary values found in this file, per column: value → the entry's code (misses not kept). */
  const found = columns.map(() => new Map<string, string>());
  const entries = (i: number): DictionaryEntry[] =>
    i === TN_VED ? catalogue.dictionary('tn_ved').items : (columns[i]!.entries ?? []);
  /** The code of the entry a value names (its code as is, or its name or code as compared), or the value. */
  const entryCode = (i: number, v: string): string => {
    let known = found[i]!.get(v);
    if (known === undefined) {
      const n = norm(v);
      known = entries(i).find((x) => x.code === v || norm(x.name) === n || norm(x.code) === n)?.code;
      if (known === undefined) return v;
      found[i]!.set(v, known);
    }
    return known;
  };

  const text = (r: Row, i: number) => (i < 0 ? '' : r.values[i]!);
  const dict = (r: Row, i: number): string | undefined => {
    const v = text(r, i);
    if (!v) return undefined;
    if (i === TN_VED) {
      const digits = v.split('—')[0]!.replace(/\s/g, '');
      if (/^\d{10}$/.test(digits)) return digits;
    }
    return entryCode(i, v);
  };
  /** The codes of a multi-value cell's entries (values through ; or ,). */
  const multi = (r: Row, i: number): string[] =>
    text(r, i)
      .split(/[;,]/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => entryCode(i, x));
  const bool = (r: Row, i: number, bad: Bad): boolean | undefined => {
    const v = norm(text(r, i));
    if (!v) return undefined;
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    bad(r.number, columns[i]!.code, MSG.boolean);
    return undefined;
  };
  const num = (r: Row, i: number, bad: Bad): number | undefined => {
    const v = text(r, i)
      .replace(/[\s\u00a0]/g, '')
      .replace(',', '.');
    if (!v) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(v)) {
      bad(r.number, columns[i]!.code, MSG.number);
      return undefined;
    }
    return Number(v);
  };
  const composition = (first: Row, bad: Bad) => {
    const v = text(first, COMPOSITION);
    if (!v) return undefined;
    const parts = v
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    const out = parts.map((p) => /^(.+?)\s*(\d+(?:[.,]\d+)?)\s*%?$/.exec(p));
    if (out.some((m) => !m)) {
      bad(first.number, 'composition', MSG.composition);
      return undefined;
    }
    return out.map((m) => ({ material: m![1]!.trim(), percent: Number(m![2]!.replace(',', '.')) }));
  };
  // The fields in this order: a row's bad cells are reported in it.
  return (group, bad) => {
    const first = group[0]!;
    const attributes: Record<string, unknown> = {};
    for (const i of attributeColumns) {
      if (!text(first, i)) continue;
      const c = columns[i]!;
      const value =
        c.kind === 'number'
          ? num(first, i, bad)
          : c.kind === 'boolean'
            ? bool(first, i, bad)
            : c.kind === 'multi'
              ? multi(first, i)
              : c.kind === 'list'
                ? dict(first, i)
                : text(first, i);
      if (value !== undefined) attributes[c.code] = value;
    }
    return {
      category,
      sellerParentSku: text(first, PARENT),
      title: text(first, TITLE),
      brand: text(first, BRAND),
      gender: dict(first, GENDER),
      country: dict(first, COUNTRY),
      erpCategory: { level1: text(first, ERP1), level2: text(first, ERP2) },
      composition: composition(first, bad),
      sizeScale: dict(first, SIZE_SCALE),
      sizes: group.map((r) => ({
        size: dict(r, SIZE),
        sellerSku: text(r, SKU),
        barcode: text(r, BARCODE),
        dataMatrix: bool(r, DATA_MATRIX, bad) ?? false,
      })),
      price: num(first, PRICE, bad),
      attributes,
      legal: {
        tnVed: dict(first, TN_VED),
        producer: text(first, PRODUCER),
        producerAddress: text(first, ADDRESS),
        isResale: bool(first, RESALE, bad) ?? false,
        eac: bool(first, EAC, bad) ?? false,
      },
    };
  };
}
