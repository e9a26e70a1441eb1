// The catalogue's reference data and manual product creation (spec 000 §3 Product form attributes, §4 Product
// creation; spec 001 §5 "Other product rules"). Attributes are typed and grouped, and each category says which
// of them it uses and which are required.
import { z } from 'zod';
import { AttributeGroup, AttributeValueType, Category, Gender } from './enums';
import { PriceAmount } from './prices';
import { defineMethod, partnerParams } from './rpc';
import { DigitsId, safeString } from './text';

export const Attribute = z.strictObject({
  code: z.string(),
  name: z.string(),
  valueType: AttributeValueType,
  group: AttributeGroup,
  /** For dictionary_entry and array_of_dictionary_entry: the dictionary the values come from. */
  dictionary: z.string().nullable(),
  maxLength: z.number().int().nullable(),
});
export type Attribute = z.infer<typeof Attribute>;
export const CategoryAttribute = z.strictObject({ code: z.string(), required: z.boolean() });
export const DictionaryEntry = z.strictObject({ code: z.string(), name: z.string(), obsolete: z.boolean() });
export type DictionaryEntry = z.infer<typeof DictionaryEntry>;

const READ_ROLES = [
  'partner_user',
  'onboarding_user',
  'b2b_manager',
  'support_engineer',
  'admin',
  'cc_operator',
] as const;

export const catalogueCategoriesList = defineMethod({
  name: 'v1.catalogue.categories.list',
  params: z.strictObject({}),
  result: z.strictObject({ items: z.array(z.strictObject({ code: Category, name: z.string() })) }),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Product categories.',
});
export const catalogueAttributesList = defineMethod({
  name: 'v1.catalogue.attributes.list',
  params: z.strictObject({ category: Category }),
  result: z.strictObject({ items: z.array(Attribute.extend({ required: z.boolean() })) }),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'The attribute set of a category, in groups, with required ones marked.',
});
export const catalogueAttributeMappingsGet = defineMethod({
  name: 'v1.catalogue.attribute-mappings.get',
  params: z.strictObject({ category: Category }),
  result: z.strictObject({ items: z.array(CategoryAttribute) }),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Which attributes a category uses and which it requires.',
});
export const catalogueAttributeDictionariesGet = defineMethod({
  name: 'v1.catalogue.attribute-dictionaries.get',
  params: z.strictObject({ dictionary: safeString().min(1).max(50) }),
  result: z.strictObject({ items: z.array(DictionaryEntry) }),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'Entries of one dictionary (colour families, styles, size values of a scale, TN VED codes…).',
});
export const catalogueErpCategoriesList = defineMethod({
  name: 'v1.catalogue.erp-categories.list',
  params: z.strictObject({ category: Category }),
  result: z.strictObject({
    items: z.array(z.strictObject({ level1: z.string(), level2: z.array(z.string()) })),
  }),
  roles: READ_ROLES,
  partner: false,
  mutates: false,
  description: 'ERP (Axapta) categories of levels 1 and 2 within a category.',
});
export const catalogueBrandsList = defineMethod({
  name: 'v1.catalogue.brands.list',
  params: z.strictObject(partnerParams),
  result: z.strictObject({
    items: z.array(
      z.strictObject({ name: z.string(), needsPermission: z.boolean(), permissionGranted: z.boolean() }),
    ),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The brands the seller may use on cards.',
});

export const IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  /** Allowed sizes, width × height (spec 001 §5). */
  sizes: [
    [762, 1100],
    [1524, 2200],
  ] as const,
  /** Anything larger is refused before decoding (decompression bombs). */
  maxPixels: 1524 * 2200,
  maxPerProduct: 15,
  maxBatchFiles: 100,
} as const;
export const ImageMatchingType = z.enum(['sellerSku', 'barcode']);
export const ProductImage = z.strictObject({
  id: z.string(),
  kind: z.enum(['main', 'additional']),
  position: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const nomenclaturesImagesList = defineMethod({
  name: 'v1.nomenclatures.images.list',
  params: z.strictObject({ ...partnerParams, sellerParentSku: safeString().min(1).max(50) }),
  result: z.strictObject({ items: z.array(ProductImage) }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'Photos of a card in their order; the first is the main one.',
});
export const nomenclaturesImagesUpdate = defineMethod({
  name: 'v1.nomenclatures.images.update',
  params: z.strictObject({
    ...partnerParams,
    sellerParentSku: safeString().min(1).max(50),
    /** Every photo to keep, in the new order; photos left out are deleted. */
    order: z.array(z.string().uuid()).max(IMAGE_RULES.maxPerProduct),
  }),
  result: z.strictObject({ items: z.array(ProductImage) }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Reorder and delete photos of a card. The only remaining photo cannot be deleted.',
});

/** Attributes the card holds as its own fields (ProductCard); every other attribute goes into `attributes`. */
export const CARD_OWN_ATTRIBUTES = [
  'title',
  'erp_category',
  'gender',
  'country',
  'price',
  'size_scale',
  'size_value',
  'supplier_parent_sku',
  'supplier_sku',
  'product_identifier',
  'tn_ved',
  'eac',
  'producer',
  'producer_address',
  'is_resale',
] as const;
export type CategoryCode = z.infer<typeof Category>;

/**
 * Countries of production (the card's `country`, «Страна производства»): the one list the manual form, the
 * Excel template, the import and the catalogue's `country` dictionary use. Not the sales countries (enums'
 * Country): a dress sold in Russia is commonly made in China or Turkey. Ukraine stays, as cards were saved
 * with it when the form offered the sales countries.
 */
export const PRODUCTION_COUNTRIES = {
  RU: 'Россия',
  AM: 'Армения',
  BD: 'Бангладеш',
  BY: 'Беларусь',
  VN: 'Вьетнам',
  DE: 'Германия',
  IN: 'Индия',
  ES: 'Испания',
  IT: 'Италия',
  KZ: 'Казахстан',
  KG: 'Киргизия',
  CN: 'Китай',
  PL: 'Польша',
  PT: 'Португалия',
  TR: 'Турция',
  UZ: 'Узбекистан',
  UA: 'Украина',
  FR: 'Франция',
} as const;
export type ProductionCountry = keyof typeof PRODUCTION_COUNTRIES;
export const ProductionCountry = z.enum(
  Object.keys(PRODUCTION_COUNTRIES) as [ProductionCountry, ...ProductionCountry[]],
);

/** Numeric attributes are centimetres, millilitres, years, days: far below this, which keeps them finite in files. */
const ATTRIBUTE_NUMBER_MAX = 1_000_000_000;

/** The card of a product as the manual-creation stepper sends it: one parent with its sizes. */
export const CompositionPart = z.strictObject({
  material: safeString().min(1).max(50),
  percent: z.number().gt(0).max(100),
});
export const SizeInput = z.strictObject({
  size: safeString().min(1).max(20),
  sellerSku: safeString({ trim: true }).min(1).max(50),
  barcode: safeString({ trim: true }).regex(/^\d{13}$/, 'Штрихкод EAN-13: 13 цифр'),
  /** Whether this size is marked with a Data Matrix code. */
  dataMatrix: z.boolean().default(false),
});
export const ProductCard = z.strictObject({
  category: Category,
  sellerParentSku: safeString({ trim: true }).min(1).max(50),
  title: safeString({ trim: true }).min(3).max(200),
  brand: safeString({ trim: true }).min(1).max(100),
  gender: Gender,
  country: ProductionCountry,
  erpCategory: z.strictObject({ level1: safeString().min(1).max(100), level2: safeString().min(1).max(100) }),
  composition: z.array(CompositionPart).min(1).max(10),
  sizeScale: safeString().min(1).max(30),
  sizes: z.array(SizeInput).min(1).max(50),
  /** The RU price, under the rules every price obeys (a multiple of 10, at least the minimum). */
  price: PriceAmount('RU'),
  /** Other attributes of the category by code: strings, numbers, booleans or dictionary entry codes. */
  attributes: z
    .record(
      safeString().max(100),
      z.union([
        safeString({ multiline: true }).max(5000),
        z.number().min(-ATTRIBUTE_NUMBER_MAX).max(ATTRIBUTE_NUMBER_MAX),
        z.boolean(),
        z.array(safeString().max(200)).max(100),
      ]),
    )
    .default({}),
  legal: z.strictObject({
    tnVed: safeString().regex(/^\d{10}$/, 'Код ТН ВЭД: 10 цифр'),
    producer: safeString({ trim: true }).min(2).max(200),
    producerAddress: safeString({ trim: true, multiline: true }).min(5).max(300),
    isResale: z.boolean(),
    eac: z.boolean(),
  }),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const nomenclaturesStore = defineMethod({
  name: 'v1.nomenclatures.store',
  params: z.strictObject({ ...partnerParams, card: ProductCard }),
  result: z.strictObject({
    sellerParentSku: z.string(),
    ids: z.array(z.string()),
    status: z.literal('moderation_pending'),
  }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description:
    'Create a product card (one per size) or save changes to it; either way the card goes to moderation.',
});
export const nomenclaturesCardGet = defineMethod({
  name: 'v1.nomenclatures.card.get',
  params: z.strictObject({ ...partnerParams, id: DigitsId() }),
  result: z.strictObject({
    /**
     * The card as saved; cards loaded from older sources may lack some fields, which the form then asks for,
     * and a price saved before the price rules held for the card is shown as it is, for the form to refuse.
     */
    card: ProductCard.partial().extend({
      sellerParentSku: z.string(),
      sizes: z.array(SizeInput),
      price: z.number().optional(),
    }),
    ids: z.array(z.string()),
    status: z.string(),
    moderationStatus: z.string(),
    moderationReason: z.string().nullable(),
  }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'A product card by the id of any of its sizes, for the edit page.',
});

export const nomenclaturesModerate = defineMethod({
  name: 'v1.nomenclatures.moderate',
  params: z.strictObject({
    ...partnerParams,
    sellerParentSku: safeString().min(1).max(50),
    decision: z.enum(['approved', 'rejected']),
    reason: safeString({ trim: true, multiline: true }).min(5).max(500).optional(),
  }),
  result: z.strictObject({ ids: z.array(z.string()), status: z.string() }),
  roles: ['admin', 'support_engineer'],
  partner: true,
  mutates: true,
  description:
    'Moderators approve a card (it can go online) or reject it with a reason (the seller must fix it).',
});
