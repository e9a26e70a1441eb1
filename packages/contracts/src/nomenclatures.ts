// The products list (nomenclatures): rows, status tabs with counts, filters, sorting, paging, and the
// bulk row actions activate / deactivate and stock update (spec 000 §2 Products, §3 Product, §4 Product).
import { z } from 'zod';
import { Category, ProductListTab, ProductSortField, ProductStatus, ModerationStatus } from './enums';
import { defineMethod, partnerParams } from './rpc';
import { PARENT_SKU_FIELD, SKU_FIELD } from './product';
import { DigitsId, safeString } from './text';

export const NOMENCLATURE_LIMITS = {
  pageSize: { max: 100, default: 20 },
  bulk: 1000,
  quantity: { max: 1_000_000 },
} as const;

/** Sort as the spec writes it: a sortable field, with a leading minus for descending (`-base_price`). */
export const ProductSort = z
  .string()
  .regex(new RegExp(`^-?(${ProductSortField.options.join('|')})$`), 'Недопустимая сортировка')
  .default('-date_create');
export type ProductSort = z.infer<typeof ProductSort>;

export function parseSort(sort: string): {
  field: z.infer<typeof ProductSortField>;
  direction: 'asc' | 'desc';
} {
  const desc = sort.startsWith('-');
  return { field: ProductSortField.parse(desc ? sort.slice(1) : sort), direction: desc ? 'desc' : 'asc' };
}

export const ProductRow = z.strictObject({
  id: z.string(),
  [SKU_FIELD]: z.string(),
  [PARENT_SKU_FIELD]: z.string(),
  sellerSku: z.string(),
  sellerParentSku: z.string(),
  barcode: z.string().nullable(),
  title: z.string(),
  brand: z.string(),
  category: Category,
  axaptaCategoryLevel1: z.string().nullable(),
  axaptaCategoryLevel2: z.string().nullable(),
  price: z.number().nullable(),
  salePrice: z.number().nullable(),
  quantity: z.number().int(),
  status: ProductStatus,
  moderationStatus: ModerationStatus,
  /** The moderator's note, until the seller hides it. */
  moderationReason: z.string().nullable(),
  archived: z.boolean(),
  piValue: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRow = z.infer<typeof ProductRow>;

export const NomenclatureFilter = {
  ...partnerParams,
  brand: safeString({ trim: true }).max(100).optional(),
  category: Category.optional(),
  /** Seller SKU, marketplace SKU or barcode (prefix), or words of the name. */
  search: safeString({ trim: true }).max(100).optional(),
};

export const nomenclaturesList = defineMethod({
  name: 'v1.nomenclatures.list',
  params: z.strictObject({
    ...NomenclatureFilter,
    tab: ProductListTab.default('all'),
    sort: ProductSort,
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(NOMENCLATURE_LIMITS.pageSize.max)
      .default(NOMENCLATURE_LIMITS.pageSize.default),
  }),
  result: z.strictObject({
    items: z.array(ProductRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'],
  partner: true,
  mutates: false,
  description: 'The partner’s products on a status tab, filtered, sorted (`-field` descending) and paged.',
});

export const nomenclaturesCountByStatuses = defineMethod({
  name: 'v1.nomenclatures.count-by-statuses',
  params: z.strictObject(NomenclatureFilter),
  result: z.record(ProductListTab, z.number().int()),
  roles: ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'],
  partner: true,
  mutates: false,
  description: 'How many products each status tab holds under the same filters.',
});

export const BulkItemResult = z.strictObject({
  id: z.string(),
  ok: z.boolean(),
  error: z.strictObject({ reason: z.string(), message: z.string() }).optional(),
});
const bulkIds = z.array(DigitsId()).min(1).max(NOMENCLATURE_LIMITS.bulk);

export const nomenclaturesUpdateActivation = defineMethod({
  name: 'v1.nomenclatures.update-activation',
  params: z.strictObject({ ...partnerParams, ids: bulkIds, active: z.boolean() }),
  result: z.strictObject({ items: z.array(BulkItemResult) }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description:
    'Show (online) or hide (inactive) products; the answer says per product whether it worked and why not.',
});

export const nomenclaturesUpdateStock = defineMethod({
  name: 'v1.nomenclatures.update-stock',
  params: z.strictObject({
    ...partnerParams,
    items: z
      .array(
        z.strictObject({
          id: DigitsId(),
          quantity: z.number().int().min(0).max(NOMENCLATURE_LIMITS.quantity.max),
        }),
      )
      .min(1)
      .max(NOMENCLATURE_LIMITS.bulk),
  }),
  result: z.strictObject({ items: z.array(BulkItemResult) }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Set the stock of products; at zero an online product shows as out of stock.',
});

export const nomenclaturesMetadataBrands = defineMethod({
  name: 'v1.nomenclatures.metadata.brands',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ items: z.array(z.strictObject({ name: z.string(), count: z.number().int() })) }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'],
  partner: true,
  mutates: false,
  description: 'Brands of the partner’s products with how many each has (for the brand filter).',
});

export const nomenclaturesHideModeration = defineMethod({
  name: 'v1.nomenclatures.hide-moderation',
  params: z.strictObject({ ...partnerParams, ids: bulkIds }),
  result: z.strictObject({ items: z.array(BulkItemResult) }),
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Hide the moderator’s note on products once the seller has read it.',
});
