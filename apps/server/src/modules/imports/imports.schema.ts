// The imports module's tables (issue 28): an update file (full_update) is first a preview — what each product's
// fields were and will be, the rows refused and why — written by the import's own streaming check instead of
// its write; applied later in one transaction; rolled back for 7 days where a field still holds the applied value.
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** One update file's preview and what became of it: preview → applied → rolled_back, or preview → dropped. */
export const importUpdates = pgTable(
  'import_updates',
  {
    partnerId: integer('partner_id').notNull(),
    /** The uploaded file's id (files.id): the preview is the file's. */
    fileId: uuid('file_id').notNull(),
    state: text('state').notNull(),
    category: text('category').notNull(),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Field code → its name in the file's template (attributes by their column). */
    labels: jsonb('labels').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    appliedBy: uuid('applied_by'),
    /** Price changes of the apply: held for review (quarantine), refused by the price rules. */
    pricesPending: integer('prices_pending').notNull().default(0),
    pricesRefused: integer('prices_refused').notNull().default(0),
    rolledBackAt: ts('rolled_back_at'),
    rolledBackBy: uuid('rolled_back_by'),
    /** The rollback's outcome: fields restored, fields skipped (changed later) with the first of them. */
    rollbackReport: jsonb('rollback_report'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.fileId] }),
    index('import_updates_applied_idx').on(t.partnerId, t.appliedAt),
  ],
);

/**
 * The preview's rows: a product that changes (`changes`: field, old and new value; `upd`: the row the import's
 * write takes), or a sheet row refused (`errors`). Unchanged products are only counted.
 */
export const importUpdateRows = pgTable(
  'import_update_rows',
  {
    partnerId: integer('partner_id').notNull(),
    fileId: uuid('file_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The sheet's row (refused rows; the first row of a changed product's card otherwise null). */
    rowNumber: integer('row_number'),
    sellerSku: text('seller_sku'),
    productId: bigint('product_id', { mode: 'number' }),
    changes: jsonb('changes'),
    upd: jsonb('upd'),
    errors: jsonb('errors'),
    /** The price rules' answer to the price change: applied, pending (quarantine), failed (with message). */
    priceStatus: text('price_status'),
    priceMessage: text('price_message'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.fileId, t.id] }),
    index('import_update_rows_kind_idx').on(t.partnerId, t.fileId, t.kind, t.id),
  ],
);
