// The prices module's tables: prices per country, the change log with its quarantine, the reports of bulk
// changes. The promotions a product takes part in are the promotions module's (promotion_products).
import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** A product's price in each country (RU is mirrored on products.price / sale_price for the list). */
export const productPrices = pgTable(
  'product_prices',
  {
    partnerId: integer('partner_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    country: text('country').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    saleStart: text('sale_start'),
    saleEnd: text('sale_end'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId, t.country] })],
);

/** Every price change: applied at once, or held for review (quarantine) until approved or rejected. */
export const priceChanges = pgTable(
  'price_changes',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    country: text('country').notNull(),
    oldPrice: numeric('old_price', { precision: 12, scale: 2, mode: 'number' }),
    newPrice: numeric('new_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    oldSalePrice: numeric('old_sale_price', { precision: 12, scale: 2, mode: 'number' }),
    newSalePrice: numeric('new_sale_price', { precision: 12, scale: 2, mode: 'number' }),
    saleStart: text('sale_start'),
    saleEnd: text('sale_end'),
    reviewType: text('review_type'),
    status: text('status').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('price_changes_product_idx').on(t.partnerId, t.productId, t.createdAt),
    index('price_changes_pending_idx').on(t.partnerId, t.status),
  ],
);

/** The refused items of a bulk price change, kept for the downloadable prices validation report. */
export const priceValidationReports = pgTable(
  'price_validation_reports',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** How many items the call held; `items` lists the refused ones with their messages. */
    total: integer('total').notNull(),
    items: jsonb('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.id] })],
);
