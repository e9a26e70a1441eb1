// The catalogue module's tables: products (nomenclatures), their counts per status kept by triggers, and
// the photos of each card. Prices, exports and imports read them through the catalogue's public face.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

/**
 * Products (nomenclatures). Keyed by partner first; the list's filters and sorts each have an index that
 * starts with partner_id, so a partner's page never reads another partner's rows.
 */
export const products = pgTable(
  'products',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    modaSku: text('moda_sku').notNull(),
    modaParentSku: text('moda_parent_sku').notNull(),
    sellerSku: text('seller_sku').notNull(),
    sellerParentSku: text('seller_parent_sku').notNull(),
    barcode: text('barcode'),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    erpLevel1: text('erp_level1'),
    erpLevel2: text('erp_level2'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    piValue: numeric('pi_value', { precision: 6, scale: 2, mode: 'number' }),
    quantity: integer('quantity').notNull().default(0),
    status: text('status').notNull(),
    moderationStatus: text('moderation_status').notNull(),
    moderationReason: text('moderation_reason'),
    /** The seller dismissed the moderator's note (hide moderation). */
    moderationHidden: boolean('moderation_hidden').notNull().default(false),
    attributes: jsonb('attributes')
      .notNull()
      .default(sql`'{}'::jsonb`),
    archived: boolean('archived').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('products_seller_sku_uq').on(t.partnerId, t.sellerSku),
    uniqueIndex('products_moda_sku_uq').on(t.modaSku),
    index('products_status_price_idx').on(t.partnerId, t.archived, t.status, t.price, t.id),
    index('products_brand_status_price_idx').on(t.partnerId, t.brand, t.archived, t.status, t.price, t.id),
    index('products_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('products_barcode_idx').on(t.partnerId, t.barcode),
    // No trigram index on the title (dropped by migration 0051): the list's search ORs the name with SKUs and
    // the barcode, and its plans read the partner's rows with ILIKE rather than the index; it only cost writes.
  ],
);

/** Kept by triggers on products (migration 0006): the status tabs' counts without counting rows. */
export const productCounts = pgTable(
  'product_counts',
  {
    partnerId: integer('partner_id').notNull(),
    status: text('status').notNull(),
    archived: boolean('archived').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'product_counts_pk', columns: [t.partnerId, t.status, t.archived] })],
);

/** Photos of a card (a parent SKU): the original and a 320×461 rendition, in their order (0 = main). */
export const productImages = pgTable(
  'product_images',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    sellerParentSku: text('seller_parent_sku').notNull(),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('product_images_parent_idx').on(t.partnerId, t.sellerParentSku, t.position),
  ],
);
