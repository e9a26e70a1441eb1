// The Excel template of product import (spec 000 §2 /nomenclatures/add/excel, §3 template modes): one
// row per size, the parent's fields repeated on each of its rows. The same column list writes the
// template, reads the filled file (imports) and lays out a category's export, so they cannot drift apart.
import {
  PRODUCT,
  TemplateMode as TemplateModes,
  type CategoryCode,
  type DictionaryEntry,
  type ProductCard,
} from '@moda/contracts';
import type { z } from 'zod';
import { CARD_FIELDS, erpSubcategories } from './catalogue.reference';
import type { CatalogueService } from './catalogue.service';

/**
 * Raised whenever the columns or their meaning change: a file made from an older template is refused
 * (spec 001 §5 "outdated template version").
 */
export const TEMPLATE_VERSION = 2;

/** Row 1 of the data sheet (hidden) holds the stamp; row 2 the headers; data from row 3. */
export const STAMP_ROW = 1;
export const HEADER_ROW = 2;
export const FIRST_DATA_ROW = 3;
export const DATA_SHEET = 'Товары';

/** Template modes (spec 000 §3): full, reduced (required columns only), full_update (pre-filled). */
export type TemplateMode = z.infer<typeof TemplateModes>;

const STAMP_PREFIX = `${PRODUCT.toUpperCase()}-TEMPLATE`;

export function stampOf(category: CategoryCode, mode: TemplateMode, version = TEMPLATE_VERSION): string {
  return `${STAMP_PREFIX} v${version} ${category} ${mode}`;
}

export interface Stamp {
  version: number;
  category: CategoryCode;
  mode: TemplateMode;
}

const STAMP = new RegExp(`^${STAMP_PREFIX} v(\\d+) ([a-z]+) (${TemplateModes.options.join('|')})$`);

export function parseStamp(text: string, categories: readonly string[]): Stamp | null {
  const m = STAMP.exec(text.trim());
  if (!m || !categories.includes(m[2]!)) return null;
  return { version: Number(m[1]), category: m[2] as CategoryCode, mode: m[3] as TemplateMode };
}

export type ColumnKind = 'text' | 'number' | 'boolean' | 'list' | 'multi' | 'composition';

export interface Column {
  code: string;
  name: string;
  required: boolean;
  kind: ColumnKind;
  /** For list and multi columns: the entries (values shown by name, codes accepted too). */
  entries?: DictionaryEntry[];
  hint: string;
  /** Belongs to the size (row), not to the parent. */
  perSize: boolean;
}

export const YES = 'да';
export const NO = 'нет';

/** The header text of a column: its name, with an asterisk when required. */
export const headerOf = (c: Pick<Column, 'name' | 'required'>) => (c.required ? `${c.name}*` : c.name);
/** The column name a header stands for. */
export const nameOfHeader = (header: string) => header.trim().replace(/\s*\*$/, '');

const entry = (code: string, name = code): DictionaryEntry => ({ code, name, obsolete: false });

/** Every column of a category's template in the given mode, in order. */
export function templateColumns(
  catalogue: CatalogueService,
  category: CategoryCode,
  mode: TemplateMode,
  brands: string[],
): Column[] {
  const attrs = catalogue.attributes(category).items;
  const attr = (code: string) => attrs.find((a) => a.code === code);
  const dict = (code: string) => catalogue.dictionary(code).items;
  const erp = catalogue.erpCategories(category).items;
  const nameOf = (code: string, fallback: string) => attr(code)?.name ?? fallback;
  const sizes = [
    ...new Map(
      dict('size_scale').flatMap((s) => dict(`size:${s.code}`).map((e) => [e.code, e] as const)),
    ).values(),
  ];

  const cols: Column[] = [
    col('supplier_parent_sku', nameOf('supplier_parent_sku', 'Артикул родителя'), true, 'text', false, {
      hint: 'Одинаковый у всех размеров одного товара',
    }),
    col('supplier_sku', nameOf('supplier_sku', 'Артикул'), true, 'text', true, {
      hint: 'Свой у каждого размера',
    }),
    col('size_scale', nameOf('size_scale', 'Размерная сетка'), true, 'list', false, {
      entries: dict('size_scale'),
    }),
    col('size_value', nameOf('size_value', 'Размер'), true, 'list', true, { entries: sizes }),
    col('product_identifier', nameOf('product_identifier', 'Штрихкод (EAN)'), true, 'text', true, {
      hint: 'EAN-13: 13 цифр',
    }),
    col('data_matrix', 'Маркировка Data Matrix', false, 'boolean', true, {}),
    col('title', nameOf('title', 'Название'), true, 'text', false, { hint: 'От 3 до 200 символов' }),
    col('brand', 'Бренд', true, brands.length ? 'list' : 'text', false, {
      entries: brands.map((b) => entry(b)),
    }),
    col('gender', nameOf('gender', 'Пол'), true, 'list', false, { entries: dict('gender') }),
    col('country', nameOf('country', 'Страна производства'), true, 'list', false, {
      entries: dict('country'),
    }),
    col('erp_category', nameOf('erp_category', 'Категория'), true, 'list', false, {
      entries: erp.map((l) => entry(l.level1)),
    }),
    col('erp_subcategory', 'Подкатегория', true, 'list', false, {
      entries: erpSubcategories(category).map((n) => entry(n)),
    }),
    col('composition', 'Состав', true, 'composition', false, {
      hint: 'Материалы и проценты через точку с запятой, например: хлопок 95%; эластан 5%',
    }),
    col('price', nameOf('price', 'Цена'), true, 'number', false, { hint: 'В рублях' }),
  ];
  // The category's own attributes, as the manual form shows them.
  for (const a of attrs) {
    // The card's own fields have their columns above.
    if (CARD_FIELDS.has(a.code)) continue;
    const kind: ColumnKind =
      a.valueType === 'number'
        ? 'number'
        : a.valueType === 'boolean'
          ? 'boolean'
          : a.valueType === 'array_of_dictionary_entry'
            ? 'multi'
            : a.dictionary
              ? 'list'
              : 'text';
    cols.push(
      col(a.code, a.name, a.required, kind, false, {
        ...(a.dictionary ? { entries: dict(a.dictionary) } : {}),
        hint: kind === 'multi' ? 'Несколько значений через точку с запятой' : '',
      }),
    );
  }
  cols.push(
    col('tn_ved', nameOf('tn_ved', 'Код ТН ВЭД'), true, 'list', false, {
      entries: dict('tn_ved').filter((e) => !e.obsolete),
    }),
    col('producer', nameOf('producer', 'Производитель'), true, 'text', false, {}),
    col('producer_address', nameOf('producer_address', 'Адрес производителя'), true, 'text', false, {}),
    col('eac', nameOf('eac', 'Декларация ЕАЭС'), false, 'boolean', false, {}),
    col('is_resale', nameOf('is_resale', 'Перепродажа'), false, 'boolean', false, {}),
  );
  return mode === 'reduced' ? cols.filter((c) => c.required) : cols;
}

function col(
  code: string,
  name: string,
  required: boolean,
  kind: ColumnKind,
  perSize: boolean,
  extra: { entries?: DictionaryEntry[]; hint?: string },
): Column {
  const hint =
    extra.hint ??
    (kind === 'boolean'
      ? `«${YES}» или «${NO}»`
      : kind === 'list'
        ? 'Выберите значение из списка'
        : kind === 'number'
          ? 'Число'
          : '');
  return {
    code,
    name,
    required,
    kind,
    perSize,
    hint: hint || (kind === 'list' ? 'Выберите значение из списка' : ''),
    ...(extra.entries ? { entries: extra.entries } : {}),
  };
}

/** The text a cell shows for a card's value in a column, for full_update templates. */
export function cellOfProduct(
  column: Column,
  card: Partial<ProductCard> & { sizes: ProductCard['sizes'] },
  sizeIndex: number,
): string | number | undefined {
  const size = card.sizes[sizeIndex];
  const nameOf = (code: unknown) =>
    typeof code === 'string' ? (column.entries?.find((e) => e.code === code)?.name ?? code) : undefined;
  const bool = (v: unknown) => (v === undefined ? undefined : v ? YES : NO);
  switch (column.code) {
    case 'supplier_parent_sku':
      return card.sellerParentSku;
    case 'supplier_sku':
      return size?.sellerSku;
    case 'size_scale':
      return nameOf(card.sizeScale);
    case 'size_value':
      return size?.size;
    case 'product_identifier':
      return size?.barcode;
    case 'data_matrix':
      return bool(size?.dataMatrix);
    case 'title':
      return card.title;
    case 'brand':
      return card.brand;
    case 'gender':
      return nameOf(card.gender);
    case 'country':
      return nameOf(card.country);
    case 'erp_category':
      return card.erpCategory?.level1;
    case 'erp_subcategory':
      return card.erpCategory?.level2;
    case 'composition':
      return card.composition?.map((p) => `${p.material} ${p.percent}%`).join('; ');
    case 'price':
      return card.price;
    case 'tn_ved':
      return nameOf(card.legal?.tnVed);
    case 'producer':
      return card.legal?.producer;
    case 'producer_address':
      return card.legal?.producerAddress;
    case 'eac':
      return bool(card.legal?.eac);
    case 'is_resale':
      return bool(card.legal?.isResale);
    default: {
      const v = card.attributes?.[column.code];
      if (v === undefined) return undefined;
      if (Array.isArray(v)) return v.map((x) => nameOf(x)).join('; ');
      if (typeof v === 'boolean') return bool(v);
      if (typeof v === 'number') return v;
      return column.entries ? nameOf(v) : v;
    }
  }
}
