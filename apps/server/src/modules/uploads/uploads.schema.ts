// The uploads module's table: one record per uploaded file, with the progress and outcome of the job
// that processes it.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { partners } from '../../db/core.schema';

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
