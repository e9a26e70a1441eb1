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

/**
 * The mapping of one file's parents to cards (the sheet's columns in template order), with the dictionary values
 * found in the file remembered: column code + value → the entry's code (misses not kept).
 */
export function cardMapper(
  catalogue: Pick<CatalogueService, 'dictionary'>,
  category: CategoryCode,
  columns: Column[],
): (group: Row[], bad: Bad) => unknown {
  const at = new Map(columns.map((c, i) => [c.code, i]));
  const found = new Map<string, string>();
  return (group, bad) => {
    const first = group[0]!;
    const text = (r: Row, code: string) => {
      const i = at.get(code);
      return i === undefined ? '' : r.values[i]!;
    };
    const entries = (code: string): DictionaryEntry[] =>
      code === 'tn_ved' ? catalogue.dictionary('tn_ved').items : (columns[at.get(code)!]?.entries ?? []);
    const dict = (r: Row, code: string): string | undefined => {
      const v = text(r, code);
      if (!v) return undefined;
      if (code === 'tn_ved') {
        const digits = v.split('—')[0]!.replace(/\s/g, '');
        if (/^\d{10}$/.test(digits)) return digits;
      }
      const key = `${code}\u0000${v}`;
      let known = found.get(key);
      if (known === undefined) {
        const n = norm(v);
        const e = entries(code).find((x) => x.code === v || norm(x.name) === n || norm(x.code) === n);
        if (!e) return v;
        known = e.code;
        found.set(key, known);
      }
      return known;
    };
    const bool = (r: Row, code: string): boolean | undefined => {
      const v = norm(text(r, code));
      if (!v) return undefined;
      if (['да', 'yes', 'true', '1'].includes(v)) return true;
      if (['нет', 'no', 'false', '0'].includes(v)) return false;
      bad(r.number, code, MSG.boolean);
      return undefined;
    };
    const num = (r: Row, code: string): number | undefined => {
      const v = text(r, code)
        .replace(/[\s\u00a0]/g, '')
        .replace(',', '.');
      if (!v) return undefined;
      if (!/^-?\d+(\.\d+)?$/.test(v)) {
        bad(r.number, code, MSG.number);
        return undefined;
      }
      return Number(v);
    };
    const composition = () => {
      const v = text(first, 'composition');
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
    const attributes: Record<string, unknown> = {};
    for (const c of columns) {
      if (!c.code || FIXED.has(c.code)) continue;
      if (!text(first, c.code)) continue;
      attributes[c.code] =
        c.kind === 'number'
          ? num(first, c.code)
          : c.kind === 'boolean'
            ? bool(first, c.code)
            : c.kind === 'multi'
              ? text(first, c.code)
                  .split(/[;,]/)
                  .map((x) => x.trim())
                  .filter(Boolean)
                  .map((x) => {
                    const key = `${c.code}\u0001${x}`;
                    let known = found.get(key);
                    if (known === undefined) {
                      const n = norm(x);
                      known = c.entries?.find((e) => e.code === x || norm(e.name) === n)?.code;
                      if (known === undefined) return x;
                      found.set(key, known);
                    }
                    return known;
                  })
              : c.kind === 'list'
                ? dict(first, c.code)
                : text(first, c.code);
      if (attributes[c.code] === undefined) delete attributes[c.code];
    }
    return {
      category,
      sellerParentSku: text(first, 'supplier_parent_sku'),
      title: text(first, 'title'),
      brand: text(first, 'brand'),
      gender: dict(first, 'gender'),
      country: dict(first, 'country'),
      erpCategory: { level1: text(first, 'erp_category'), level2: text(first, 'erp_subcategory') },
      composition: composition(),
      sizeScale: dict(first, 'size_scale'),
      sizes: group.map((r) => ({
        size: dict(r, 'size_value'),
        sellerSku: text(r, 'supplier_sku'),
        barcode: text(r, 'product_identifier'),
        dataMatrix: bool(r, 'data_matrix') ?? false,
      })),
      price: num(first, 'price'),
      attributes,
      legal: {
        tnVed: dict(first, 'tn_ved'),
        producer: text(first, 'producer'),
        producerAddress: text(first, 'producer_address'),
        isResale: bool(first, 'is_resale') ?? false,
        eac: bool(first, 'eac') ?? false,
      },
    };
  };
}
