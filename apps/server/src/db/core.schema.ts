// The database schema (Drizzle). Seller-owned tables are keyed by partner_id first (DESIGN "Scaling out").
// Migrations are generated from this file with `npm run db:generate` and committed under db/migrations.
// Larger areas keep their tables in db/schema/<area>.ts, re-exported here (drizzle-kit reads this file).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  uniqueIndex,
  numeric,
  bigint,
} from 'drizzle-orm/pg-core';

import { ts } from './schema/columns';

export const partners = pgTable('partners', {
  id: integer('id').primaryKey(),
  shopName: text('shop_name').notNull(),
  businessModel: text('business_model').notNull(),
  enabledFeatures: text('enabled_features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  siteSection: jsonb('site_section').notNull(),
  isNewInUiApp: boolean('is_new_in_ui_app').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    login: text('login'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    externalId: text('external_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    disabledAt: ts('disabled_at'),
    /** Null until the emailed confirmation link is followed. */
    confirmedAt: ts('confirmed_at'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').using('btree', sql`lower(${t.email})`),
    uniqueIndex('users_login_uq').using('btree', sql`lower(${t.login})`),
  ],
);

export const userPartners = pgTable(
  'user_partners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partnerId] }),
    index('user_partners_partner_idx').on(t.partnerId),
  ],
);

/** One login: every refresh token it produces belongs to it, and reuse of an old one revokes it whole. */
export const tokenFamilies = pgTable('token_families', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    partnerId: integer('partner_id'),
    at: ts('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    objectId: text('object_id'),
    credential: text('credential'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_partner_at_idx').on(t.partnerId, t.at)],
);

export const files = pgTable(
  'files',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    resultKey: text('result_key'),
    status: text('status').notNull().default('new'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    warehouseCode: text('warehouse_code'),
    /** Import outcome once finished: ok, error (some rows refused, nothing written), failed (unreadable). */
    result: text('result'),
    /** Progress of the processing job, in rows. */
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** What the upload was for beyond its type (template mode, category…). */
    meta: jsonb('meta')
      .notNull()
      .default(sql`'{}'::jsonb`),
    uploadedBy: uuid('uploaded_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('files_partner_created_idx').on(t.partnerId, t.createdAt),
    // Downloads by id resolve the partner among the caller's own (GET /rest/api/v1/files/{id}).
    index('files_id_idx').on(t.id),
  ],
);

export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    clientId: text('client_id').notNull(),
    lid: text('lid'),
    userId: text('user_id'),
    name: text('name').notNull(),
    action: text('action').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('usage_events_received_idx').on(t.receivedAt)],
);

/** Server-wide settings shared by every instance (the token signing key when JWT_SECRET is not set). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** FBS warehouses of a partner. At most one active per partner: the partial unique index is the last guard. */
export const warehouses = pgTable(
  'warehouses',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').notNull(),
    general: jsonb('general').notNull(),
    deliveryMethod: jsonb('delivery_method'),
    returnMethod: jsonb('return_method'),
    reviewComment: text('review_comment'),
    scheduleEffectiveFrom: ts('schedule_effective_from'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('warehouses_one_active_uq')
      .on(t.partnerId)
      .where(sql`status = 'active' and deleted_at is null`),
    index('warehouses_review_idx')
      .on(t.updatedAt)
      .where(sql`status = 'action_required' and deleted_at is null`),
  ],
);

export const warehouseEvents = pgTable(
  'warehouse_events',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigserial('id', { mode: 'bigint' }).notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    event: text('event').notNull(),
    orderNr: text('order_nr'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('warehouse_events_wh_idx').on(t.partnerId, t.warehouseId, t.occurredAt),
  ],
);

/** How a partner's orders may travel; set up by the marketplace's managers. */
export const deliveryProfiles = pgTable('delivery_profiles', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  configured: boolean('configured').notNull().default(false),
  allowedMethods: text('allowed_methods')
    .array()
    .notNull()
    .default(sql`'{PICK_UP,DROP_OFF}'::text[]`),
  managerName: text('manager_name'),
  managerEmail: text('manager_email'),
});

/** The marketplace's own warehouses (reference data, loaded by a migration). */
export const baseWarehouses = pgTable('base_warehouses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  acceptsDropOff: boolean('accepts_drop_off').notNull().default(true),
  fulfilment: boolean('fulfilment').notNull().default(true),
});

/** One-time links sent by email: confirmation of registration and password reset. Stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.kind, t.createdAt)],
);

export const sellerProfiles = pgTable('seller_profiles', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id),
  partnershipStart: text('partnership_start'),
  contractNumber: text('contract_number'),
  contacts: jsonb('contacts'),
  ceoName: text('ceo_name'),
  bankAccount: jsonb('bank_account'),
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{RU}'::text[]`),
});

export const sellerBrands = pgTable(
  'seller_brands',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    needsPermission: boolean('needs_permission').notNull().default(false),
    permissionGranted: boolean('permission_granted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.name] })],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id'),
    reasonCode: text('reason_code').notNull(),
    text: text('text').notNull(),
    attachmentFileId: uuid('attachment_file_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.id] })],
);

/** Versions of the cooperation terms published for a partner, and who signed each. The PDF is rendered on download. */
export const offers = pgTable(
  'offers',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    version: text('version').notNull(),
    fileName: text('file_name').notNull(),
    actDate: text('act_date').notNull(),
    superseded: boolean('superseded').notNull().default(false),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by'),
    approvedEmail: text('approved_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('offers_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

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
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
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
/** Promotions a product takes part in; the promotions area manages them, prices read the membership. */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    partnerId: integer('partner_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    promotionId: text('promotion_id').notNull(),
    promotionName: text('promotion_name').notNull(),
    /** The promotion's API state: planed, open, active… (spec 000 §4 Promotion). */
    promotionState: text('promotion_state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId, t.promotionId] })],
);

export * from './schema/orders';

/** Credentials of marketplace systems (OMS, WMS, the simulator) for v1.platform.*: only a hash is kept. */
export const serviceCredentials = pgTable('service_credentials', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

/** Exports: one row per requested spreadsheet, produced by a background job (spec 000 §3 export types). */
export const exports = pgTable(
  'exports',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    /** OK, PROCESSING, ERROR, QUARANTINE (export check). */
    status: text('status').notNull().default('PROCESSING'),
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    rowCount: integer('row_count'),
    errorMessage: text('error_message'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('exports_partner_created_idx').on(t.partnerId, t.createdAt),
    index('exports_id_idx').on(t.id),
  ],
);
