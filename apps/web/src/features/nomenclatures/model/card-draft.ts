// The card as the stepper holds it while the seller types (empty selects, half-typed numbers), how it turns
// into the contract's ProductCard and back, the browser's checks (the contract's schema plus the composition
// sum and the EAN-13 check digit) and which step holds each field, so any error can be shown where it is.
import {
  CARD_OWN_ATTRIBUTES,
  ERRORS,
  ProductCard,
  type Attribute,
  type ProductCard as ProductCardValue,
} from '@moda/contracts';
import { ean13ChecksumOk } from './format';

export type AttributeValue = string | number | boolean | string[];

export interface SizeDraft {
  size: string | undefined;
  sellerSku: string;
  barcode: string;
  dataMatrix: boolean;
}

export interface CardDraft {
  category: string | undefined;
  sellerParentSku: string;
  title: string;
  brand: string | undefined;
  gender: string | undefined;
  country: string | undefined;
  erpCategory: { level1: string | undefined; level2: string | undefined };
  composition: { material: string; percent: number | null }[];
  sizeScale: string | undefined;
  sizes: SizeDraft[];
  price: number | null;
  attributes: Record<string, AttributeValue | undefined>;
  legal: {
    tnVed: string | undefined;
    producer: string;
    producerAddress: string;
    isResale: boolean;
    eac: boolean;
  };
}

export type AttributeDef = Attribute & { required: boolean };

/** Attributes the form asks for with its own fields; the server refuses them inside `attributes`. */
export const OWN_FIELD_ATTRIBUTES: ReadonlySet<string> = new Set(CARD_OWN_ATTRIBUTES);

export const STEP_COUNT = 4;

export const emptySize = (): SizeDraft => ({
  size: undefined,
  sellerSku: '',
  barcode: '',
  dataMatrix: false,
});

export function emptyDraft(): CardDraft {
  return {
    category: undefined,
    sellerParentSku: '',
    title: '',
    brand: undefined,
    gender: undefined,
    country: undefined,
    erpCategory: { level1: undefined, level2: undefined },
    composition: [{ material: '', percent: null }],
    sizeScale: undefined,
    sizes: [emptySize()],
    price: null,
    attributes: {},
    legal: { tnVed: undefined, producer: '', producerAddress: '', isResale: false, eac: false },
  };
}

/** A saved card (possibly from an older source, missing fields) as a draft. */
export function draftFromCard(
  card: Partial<ProductCardValue> & Pick<ProductCardValue, 'sellerParentSku' | 'sizes'>,
): CardDraft {
  const empty = emptyDraft();
  return {
    category: card.category,
    sellerParentSku: card.sellerParentSku,
    title: card.title ?? '',
    brand: card.brand,
    gender: card.gender,
    country: card.country,
    erpCategory: { level1: card.erpCategory?.level1, level2: card.erpCategory?.level2 },
    composition: card.composition?.length
      ? card.composition.map((c) => ({ material: c.material, percent: c.percent }))
      : empty.composition,
    sizeScale: card.sizeScale,
    sizes: card.sizes.length
      ? card.sizes.map((s) => ({
          size: s.size,
          sellerSku: s.sellerSku,
          barcode: s.barcode,
          dataMatrix: s.dataMatrix,
        }))
      : empty.sizes,
    price: card.price ?? null,
    attributes: { ...(card.attributes ?? {}) },
    legal: card.legal ? { ...card.legal } : empty.legal,
  };
}

/** The next card of a series: everything kept except the identifiers, which must be new. */
export function duplicateDraft(draft: CardDraft): CardDraft {
  return {
    ...draft,
    sellerParentSku: '',
    sizes: draft.sizes.map((s) => ({ ...s, sellerSku: '', barcode: '' })),
  };
}

/** What goes to the server: empty inputs become missing values, which the schema then names. */
export function cardFromDraft(draft: CardDraft, attributeDefs: readonly AttributeDef[]): unknown {
  const known = new Set(attributeDefs.map((a) => a.code));
  const attributes = Object.fromEntries(
    Object.entries(draft.attributes).filter(
      ([code, v]) =>
        known.has(code) &&
        !OWN_FIELD_ATTRIBUTES.has(code) &&
        v !== undefined &&
        v !== '' &&
        !(Array.isArray(v) && v.length === 0),
    ),
  );
  return {
    category: draft.category,
    sellerParentSku: draft.sellerParentSku,
    title: draft.title,
    brand: draft.brand,
    gender: draft.gender,
    country: draft.country,
    erpCategory: { level1: draft.erpCategory.level1 ?? '', level2: draft.erpCategory.level2 ?? '' },
    composition: draft.composition.map((c) => ({ material: c.material.trim(), percent: c.percent ?? 0 })),
    sizeScale: draft.sizeScale,
    sizes: draft.sizes.map((s) => ({ ...s, size: s.size ?? '' })),
    price: draft.price ?? undefined,
    attributes,
    legal: { ...draft.legal },
  };
}

export type FieldErrors = Record<string, string>;

/** Server paths ('card.title', 'sizes.1.barcode') and the form's own paths share one shape. */
export const normalizePath = (path: string) => path.replace(/^card\./, '');

export function compositionSum(draft: CardDraft): number {
  return Math.round(draft.composition.reduce((acc, c) => acc + (c.percent ?? 0), 0) * 100) / 100;
}

/** Every problem the browser can see, by field path; the server checks the rest. */
export function validateDraft(draft: CardDraft, attributeDefs: readonly AttributeDef[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const parsed = ProductCard.safeParse(cardFromDraft(draft, attributeDefs));
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.'), issue.message);

  if (draft.composition.every((c) => c.percent !== null) && compositionSum(draft) !== 100)
    add('composition', ERRORS['nomenclature.compositionNot100'].message);
  draft.sizes.forEach((s, i) => {
    if (!ean13ChecksumOk(s.barcode.trim())) add(`sizes.${i}.barcode`, ERRORS['nomenclature.badEan'].message);
  });
  const sizes = draft.sizes.map((s) => s.size).filter(Boolean);
  draft.sizes.forEach((s, i) => {
    if (s.size && sizes.indexOf(s.size) !== i)
      add(`sizes.${i}.size`, ERRORS['nomenclature.sizeNotUnique'].message);
  });
  for (const def of attributeDefs) {
    if (!def.required || OWN_FIELD_ATTRIBUTES.has(def.code)) continue;
    const v = draft.attributes[def.code];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0))
      add(`attributes.${def.code}`, ERRORS['nomenclature.requiredAttribute'].message);
  }
  return errors;
}

const STEP_OF_GROUP: Record<AttributeDef['group'], number> = {
  main_group: 0,
  extra_group: 0,
  prices_group: 2,
  sizes_id_group: 2,
  legal_group: 3,
};

/** The step (0-based) holding a field. */
export function stepOfField(path: string, attributeDefs: readonly AttributeDef[]): number {
  const p = normalizePath(path);
  const head = p.split('.')[0] ?? '';
  if (head === 'composition') return 1;
  if (head === 'sizeScale' || head === 'sizes' || head === 'price') return 2;
  if (head === 'legal') return 3;
  if (head === 'attributes') {
    const def = attributeDefs.find((a) => a.code === p.split('.')[1]);
    return def ? STEP_OF_GROUP[def.group] : 0;
  }
  return 0;
}

/** The first step with an error, or null. */
export function firstErrorStep(errors: FieldErrors, attributeDefs: readonly AttributeDef[]): number | null {
  const steps = Object.keys(errors).map((p) => stepOfField(p, attributeDefs));
  return steps.length ? Math.min(...steps) : null;
}
