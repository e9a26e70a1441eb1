// The promotions module's tables: the marketplace's promotions, the partners' products in them (the
// membership prices read to refuse or warn about a price change), the promotion files, and the cost and floor
// prices sellers record so that the server never puts a product into a promotion below its floor.
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** A promotion the marketplace announced (v1.platform.promotions.*); not any partner's, shown by model. */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    format: text('format').notNull(),
    state: text('state').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    categories: text('categories').array().notNull(),
    gender: text('gender'),
    businessModels: text('business_models').array().notNull(),
    registrationStart: date('registration_start', { mode: 'string' }).notNull(),
    registrationEnd: date('registration_end', { mode: 'string' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** When the partners were told registration ends soon (webhook promotion.registration_ending, once). */
    registrationEndingNotifiedAt: ts('registration_ending_notified_at'),
  },
  (t) => [index('promotions_dates_idx').on(t.startDate, t.endDate)],
);

/**
 * A partner's product in a promotion. The promotions module owns it from issue 21 (it was the prices module's
 * stand-in): the promotion's name and state are kept in step with `promotions` on every move, so that prices
 * read the membership without a join. No foreign key: the promotion id is the marketplace's.
 */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    partnerId: integer('partner_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    promotionId: text('promotion_id').notNull(),
    promotionName: text('promotion_name').notNull(),
    /** The promotion's API state: planed, open, active… (spec 000 §4 Promotion). */
    promotionState: text('promotion_state').notNull(),
    /** The price the product sells at in the promotion, fixed when it joined. */
    promoPrice: numeric('promo_price', { precision: 12, scale: 2, mode: 'number' }),
    soldQuantity: integer('sold_quantity').notNull().default(0),
    soldSum: numeric('sold_sum', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.productId, t.promotionId] }),
    index('promotion_products_promotion_idx').on(t.partnerId, t.promotionId),
  ],
);

/** A promotion products file (upload kind promotion_products): which promotion, add or remove, closed or not. */
export const promotionFiles = pgTable(
  'promotion_files',
  {
    partnerId: integer('partner_id').notNull(),
    /** The upload's id (files.id). */
    id: uuid('id').notNull(),
    promotionId: text('promotion_id').notNull(),
    action: text('action').notNull(),
    dismissedAt: ts('dismissed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.id] })],
);

/** What a product cost the seller, and the lowest price they accept it selling at. */
export const productCostPrices = pgTable(
  'product_cost_prices',
  {
    partnerId: integer('partner_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    costPrice: numeric('cost_price', { precision: 12, scale: 2, mode: 'number' }),
    floorPrice: numeric('floor_price', { precision: 12, scale: 2, mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId] })],
);
