// Catalogue reference data, and product cards made by hand: every rule of spec 001 §5 "Other product
// rules" checked on its field, then the card (one row per size) goes to moderation; moderators decide.
import { ERRORS, type CategoryCode, type ErrorKey, type FieldError, type ProductCard } from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import { recordAuditChanges } from '../../core/audit-detail';
import type { AccountsService } from '../accounts';
import {
  ATTRIBUTES,
  CARD_FIELDS,
  COMMON_ATTRIBUTES,
  CATEGORY_ATTRIBUTES,
  CATEGORY_NAMES,
  DICTIONARIES,
  ERP_CATEGORIES,
  dictionaryOf,
} from './catalogue.reference';
import * as q from './catalogue.queries';
import { storedCard } from './products.read-model';

const OPTIONAL_CARD_FIELDS = new Set(['eac', 'is_resale']);

/** EAN-13 check digit (GS1: weights 1 and 3 from the left). */
export function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

const inDictionary = (dictionary: string, code: string) =>
  DICTIONARIES[dictionary]?.find((e) => e.code === code);

/** A category's attributes with the required ones marked. */
export function attributeSet(category: CategoryCode) {
  const own = CATEGORY_ATTRIBUTES[category];
  return [...COMMON_ATTRIBUTES, ...own.extra].map((code) => ({
    code,
    // The card's own fields are required by its schema, except the two yes/no ones.
    required: own.required.includes(code) || (CARD_FIELDS.has(code) && !OPTIONAL_CARD_FIELDS.has(code)),
  }));
}

/** Per category, each attribute of its set → required (the reference data never changes at run time). */
const requiredByCategory = new Map<CategoryCode, Map<string, boolean>>();
const requiredOf = (category: CategoryCode) => {
  let set = requiredByCategory.get(category);
  if (!set)
    requiredByCategory.set(
      category,
      (set = new Map(attributeSet(category).map((m) => [m.code, m.required]))),
    );
  return set;
};
const ATTRIBUTE_BY_CODE = new Map(ATTRIBUTES.map((a) => [a.code, a]));

/** What the rules need to know beyond the card: the catalogue as it stands. */
export interface CardFacts {
  /** The first existing row of the card's parent SKU, if the parent exists. */
  parent: { category: string; brand: string } | undefined;
  /** SKUs or barcodes that other parents already use. */
  clashes: { sellerSku: string | null; barcode: string | null }[];
  /** The partner's brand of that name, if it is one of the partner's brands. */
  brand: { needsPermission: boolean; permissionGranted: boolean } | undefined;
}

/**
 * Every rule a card breaks, each on its field (spec 001 §5 "Other product rules"): the one validator of
 * manual creation and of Excel import.
 */
export function cardErrors(card: ProductCard, facts: CardFacts): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, key: ErrorKey) => errors.push({ field, message: ERRORS[key].message });
  const category = card.category;
  const set = requiredOf(category);

  for (const [code, value] of Object.entries(card.attributes)) {
    const def = ATTRIBUTE_BY_CODE.get(code);
    if (!def || !set.has(code) || CARD_FIELDS.has(code)) {
      add(`attributes.${code}`, 'nomenclature.unknownAttribute');
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    const dictionary = dictionaryOf(def.dictionary, category);
    if (dictionary && values.some((v) => typeof v !== 'string' || !inDictionary(dictionary, v)))
      add(`attributes.${code}`, 'nomenclature.badDictionaryValue');
    if (def.valueType === 'number' && (typeof value !== 'number' || value < 0))
      add(`attributes.${code}`, 'nomenclature.badDictionaryValue');
  }
  for (const [code, required] of set) {
    if (
      required &&
      !CARD_FIELDS.has(code) &&
      (card.attributes[code] === undefined || card.attributes[code] === '')
    ) {
      add(`attributes.${code}`, 'nomenclature.requiredAttribute');
    }
  }

  const erp = ERP_CATEGORIES[category].find((l) => l.level1 === card.erpCategory.level1);
  if (!erp?.level2.includes(card.erpCategory.level2)) add('erpCategory', 'nomenclature.unknownErpCategory');

  const tnVed = inDictionary('tn_ved', card.legal.tnVed);
  if (!tnVed) add('legal.tnVed', 'nomenclature.unknownTnVed');
  else if (tnVed.obsolete) add('legal.tnVed', 'nomenclature.obsoleteTnVed');

  const percent = card.composition.reduce((s, c) => s + c.percent, 0);
  if (Math.abs(percent - 100) > 0.001) add('composition', 'nomenclature.compositionNot100');

  if (!inDictionary('size_scale', card.sizeScale)) add('sizeScale', 'nomenclature.badDictionaryValue');
  const seenSizes = new Set<string>();
  const seenSkus = new Set<string>();
  const seenBarcodes = new Set<string>();
  card.sizes.forEach((s, i) => {
    if (s.size === 'ONE' && card.sizeScale !== 'ONE_SIZE')
      add(`sizes.${i}.size`, 'nomenclature.oneSizeNotAllowed');
    else if (!inDictionary(`size:${card.sizeScale}`, s.size))
      add(`sizes.${i}.size`, 'nomenclature.sizeNotInScale');
    if (seenSizes.has(s.size)) add(`sizes.${i}.size`, 'nomenclature.sizeNotUnique');
    if (seenSkus.has(s.sellerSku)) add(`sizes.${i}.sellerSku`, 'nomenclature.duplicatedSku');
    if (!validEan13(s.barcode)) add(`sizes.${i}.barcode`, 'nomenclature.badEan');
    else if (seenBarcodes.has(s.barcode)) add(`sizes.${i}.barcode`, 'nomenclature.duplicatedBarcode');
    seenSizes.add(s.size);
    seenSkus.add(s.sellerSku);
    seenBarcodes.add(s.barcode);
  });
  if (new Set(card.sizes.map((s) => s.dataMatrix)).size > 1) add('sizes', 'nomenclature.dataMatrixMismatch');

  // Another parent already uses one of these SKUs or barcodes.
  card.sizes.forEach((s, i) => {
    if (facts.clashes.some((c) => c.sellerSku === s.sellerSku))
      add(`sizes.${i}.sellerSku`, 'nomenclature.duplicatedSku');
    if (facts.clashes.some((c) => c.barcode === s.barcode))
      add(`sizes.${i}.barcode`, 'nomenclature.duplicatedBarcode');
  });
  // Sizes of one parent share its category and brand.
  const first = facts.parent;
  if (first && first.category !== card.category) add('category', 'nomenclature.parentFieldsDiffer');
  if (first && first.brand !== card.brand) add('brand', 'nomenclature.parentFieldsDiffer');

  if (facts.brand?.needsPermission && !facts.brand.permissionGranted)
    add('brand', 'nomenclature.brandNotAllowed');
  return errors;
}

/** The columns of a card's rows as stored: fields shared by its sizes, and each size's details. */
export function cardRowValues(card: ProductCard) {
  return {
    common: {
      title: card.title,
      brand: card.brand,
      category: card.category,
      erpLevel1: card.erpCategory.level1,
      erpLevel2: card.erpCategory.level2,
      price: card.price,
      status: 'moderation_pending',
      moderationStatus: 'on_moderation',
      moderationReason: null,
    },
    details: (size: ProductCard['sizes'][number]) => ({
      gender: card.gender,
      country: card.country,
      composition: card.composition,
      sizeScale: card.sizeScale,
      size: size.size,
      dataMatrix: size.dataMatrix,
      legal: card.legal,
      ...card.attributes,
    }),
  };
}

export class CatalogueService {
  constructor(private readonly deps: { accounts: AccountsService }) {}

  categories() {
    return {
      items: (Object.keys(CATEGORY_NAMES) as CategoryCode[]).map((code) => ({
        code,
        name: CATEGORY_NAMES[code],
      })),
    };
  }

  mappings(category: CategoryCode) {
    return { items: attributeSet(category) };
  }

  attributes(category: CategoryCode) {
    const set = new Map(attributeSet(category).map((m) => [m.code, m.required]));
    return {
      items: ATTRIBUTES.filter((a) => set.has(a.code)).map((a) => ({
        ...a,
        dictionary: dictionaryOf(a.dictionary, category),
        required: set.get(a.code)!,
      })),
    };
  }

  dictionary(code: string) {
    return { items: DICTIONARIES[code] ?? [] };
  }

  erpCategories(category: CategoryCode) {
    return { items: ERP_CATEGORIES[category] };
  }

  async brands(ctx: CallContext) {
    const { items } = await this.deps.accounts.brands(ctx);
    return {
      items: items.map((b) => ({
        name: b.name,
        needsPermission: b.needsPermission,
        permissionGranted: b.permissionGranted,
      })),
    };
  }

  /** Every rule a card breaks, each on its field, against the partner's catalogue as it stands. */
  private async check(ctx: CallContext, card: ProductCard, existing: q.CardRow[]): Promise<FieldError[]> {
    const partnerId = requirePartner(ctx);
    const skus = card.sizes.map((s) => s.sellerSku);
    const barcodes = card.sizes.map((s) => s.barcode);
    const clashes = await q.clashes(ctx.db, partnerId, card.sellerParentSku, skus, barcodes);
    const brand = (await this.deps.accounts.brands(ctx)).items.find((b) => b.name === card.brand);
    return cardErrors(card, { parent: existing[0], clashes, brand });
  }

  async store(ctx: CallContext, card: ProductCard) {
    const partnerId = requirePartner(ctx);
    const existing = await q.rowsOfParent(ctx.db, partnerId, card.sellerParentSku);
    const errors = await this.check(ctx, card, existing);
    if (errors.length) throw new AppError('common.badRequest', { errors, message: errors[0]!.message });

    const { common, details } = cardRowValues(card);
    const bySku = new Map(existing.map((r) => [r.sellerSku, r]));
    const ids: number[] = [];
    const fresh = card.sizes.filter((s) => !bySku.has(s.sellerSku));
    for (const s of card.sizes) {
      const row = bySku.get(s.sellerSku);
      if (row) {
        await q.updateRow(ctx.db, partnerId, row.id, {
          ...common,
          barcode: s.barcode,
          attributes: details(s),
        });
        ids.push(row.id);
      }
    }
    if (fresh.length) {
      const modaParentSku = existing[0]?.modaParentSku ?? (await q.nextModaParentSku(ctx.db));
      const skus = await q.nextModaSkus(ctx.db, fresh.length);
      ids.push(
        ...(await q.insertRows(
          ctx.db,
          fresh.map((s, i) => ({
            partnerId,
            ...common,
            modaSku: skus[i]!,
            modaParentSku,
            sellerSku: s.sellerSku,
            sellerParentSku: card.sellerParentSku,
            barcode: s.barcode,
            quantity: 0,
            attributes: details(s),
          })),
        )),
      );
    }
    ctx.audit.objectId = card.sellerParentSku;
    // The audit log shows each changed field of a saved card before and after (issue 28).
    const before = existing[0] as Record<string, unknown> | undefined;
    if (before)
      await recordAuditChanges(
        ctx,
        Object.entries(common).flatMap(([field, after]) => {
          const was = before[field];
          const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
          return field in before && scalar(after) && scalar(was)
            ? [
                {
                  objectId: card.sellerParentSku,
                  field,
                  before: was as string | null,
                  after: after as string | null,
                },
              ]
            : [];
        }),
      );
    return {
      sellerParentSku: card.sellerParentSku,
      ids: ids.map(String),
      status: 'moderation_pending' as const,
    };
  }

  async card(ctx: CallContext, id: string) {
    const partnerId = requirePartner(ctx);
    const one = await q.rowById(ctx.db, partnerId, Number(id));
    if (!one) throw new AppError('nomenclature.notFound');
    const rows = await q.rowsOfParent(ctx.db, partnerId, one.sellerParentSku);
    return {
      card: storedCard(one, rows),
      ids: rows.map((r) => String(r.id)),
      status: one.status,
      moderationStatus: one.moderationStatus,
      moderationReason: one.moderationReason,
    };
  }

  async moderate(
    ctx: CallContext,
    sellerParentSku: string,
    decision: 'approved' | 'rejected',
    reason: string | undefined,
  ) {
    const partnerId = requirePartner(ctx);
    const rows = (await q.rowsOfParent(ctx.db, partnerId, sellerParentSku)).filter(
      (r) => r.moderationStatus === 'on_moderation',
    );
    if (rows.length === 0) throw new AppError('nomenclature.notOnModeration');
    if (decision === 'rejected' && !reason)
      throw new AppError('nomenclature.reasonRequired', { field: 'reason' });
    for (const r of rows) {
      await q.updateRow(
        ctx.db,
        partnerId,
        r.id,
        decision === 'approved'
          ? {
              moderationStatus: 'approved',
              moderationReason: null,
              status: r.quantity > 0 ? 'online' : 'out_of_stock',
            }
          : { moderationStatus: 'rejected', moderationReason: reason ?? null, status: 'need_action' },
      );
    }
    ctx.audit.objectId = sellerParentSku;
    const status = decision === 'approved' ? 'approved' : 'need_action';
    return { ids: rows.map((r) => String(r.id)), status };
  }
}
