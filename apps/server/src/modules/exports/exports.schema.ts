// The exports module's table: one row per requested spreadsheet, produced by a background job.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

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
