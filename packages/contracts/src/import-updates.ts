// Excel updates with a preview and a rollback (issue 28). A full_update product file is checked by the import
// as before, but instead of writing it fills a preview: per product each field's old and new value, the rows
// refused and why, the counts. The seller applies it (written in one transaction, prices through the price
// rules) or drops it; an applied update is rolled back as a whole for 7 days, field by field, where the field
// still holds the value the update wrote (a later change wins and is reported).
import { z } from 'zod';
import type { Role } from './enums';
import { defineMethod, partnerParams } from './rpc';

/** An applied update can be rolled back for this many days. */
export const UPDATE_ROLLBACK_DAYS = 7;

export const ImportUpdateState = z.enum(['preview', 'applied', 'dropped', 'rolled_back']);
export type ImportUpdateState = z.infer<typeof ImportUpdateState>;

/** Why a field was not restored by a rollback. */
export const RollbackSkipReason = z.enum(['changedLater', 'priceNotApplied', 'priceRefused']);
export type RollbackSkipReason = z.infer<typeof RollbackSkipReason>;

export const RollbackReport = z.strictObject({
  restoredProducts: z.number().int(),
  restoredFields: z.number().int(),
  skippedFields: z.number().int(),
  /** The first skipped fields (at most 200), for the report on the screen. */
  skipped: z.array(
    z.strictObject({
      sellerSku: z.string(),
      field: z.string(),
      label: z.string(),
      reason: RollbackSkipReason,
    }),
  ),
});
export type RollbackReport = z.infer<typeof RollbackReport>;

export const ImportUpdate = z.strictObject({
  fileImportId: z.string().uuid(),
  fileName: z.string(),
  state: ImportUpdateState,
  category: z.string(),
  /** Products whose fields change, products the file leaves as they are, sheet rows refused. */
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  /** Price changes of the apply held for review (quarantine), refused by the price rules. */
  pricesPending: z.number().int(),
  pricesRefused: z.number().int(),
  /** The end of the rollback window (applied updates). */
  rollbackUntil: z.string().nullable(),
  canRollBack: z.boolean(),
  rolledBackAt: z.string().nullable(),
  rollbackReport: RollbackReport.nullable(),
});
export type ImportUpdate = z.infer<typeof ImportUpdate>;

const Value = z.string().nullable();
export const PreviewChange = z.strictObject({
  field: z.string(),
  label: z.string(),
  old: Value,
  new: Value,
});

export const PreviewItem = z.strictObject({
  id: z.string(),
  kind: z.enum(['changed', 'refused']),
  sellerSku: z.string().nullable(),
  productId: z.string().nullable(),
  rowNumber: z.number().int().nullable(),
  changes: z.array(PreviewChange),
  errors: z.array(z.strictObject({ column: z.string(), message: z.string() })),
  /** The price rules' answer to the product's price change: applied, held for review, refused (with why). */
  priceStatus: z.enum(['applied', 'pending', 'failed']).nullable(),
  priceMessage: z.string().nullable(),
});
export type PreviewItem = z.infer<typeof PreviewItem>;

const READ_ROLES = [
  'partner_user',
  'b2b_manager',
  'support_engineer',
  'admin',
  'cc_operator',
] as const satisfies Role[];
const WRITE_ROLES = ['partner_user', 'b2b_manager', 'support_engineer'] as const satisfies Role[];
const page = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
const fileImportId = z.string().uuid();

export const importsPreviewGet = defineMethod({
  name: 'v1.imports.preview.get',
  params: z.strictObject({
    ...partnerParams,
    fileImportId,
    kind: z.enum(['changed', 'refused']).default('changed'),
    ...page,
  }),
  result: z.strictObject({ update: ImportUpdate, items: z.array(PreviewItem), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description:
    'An update file’s preview: the counts, and a page of the products that change (field, old, new) or of the refused rows.',
});

export const importsPreviewApply = defineMethod({
  name: 'v1.imports.preview.apply',
  params: z.strictObject({ ...partnerParams, fileImportId }),
  result: ImportUpdate,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description:
    'Write what the preview shows in one transaction (prices through the price rules); refused if a product changed since.',
});

export const importsPreviewDrop = defineMethod({
  name: 'v1.imports.preview.drop',
  params: z.strictObject({ ...partnerParams, fileImportId }),
  result: ImportUpdate,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description: 'Drop an update file’s preview: nothing is written.',
});

export const importsUpdatesRollback = defineMethod({
  name: 'v1.imports.updates.rollback',
  params: z.strictObject({ ...partnerParams, fileImportId }),
  result: ImportUpdate,
  roles: WRITE_ROLES,
  partner: true,
  mutates: true,
  description:
    'Roll an applied update back within 7 days: each field restored where it still holds the applied value; the rest reported.',
});

export const importsUpdatesList = defineMethod({
  name: 'v1.imports.updates.list',
  params: z.strictObject({
    ...partnerParams,
    /** Only these files' updates (the import screen asks which of its tasks are previews). */
    fileImportIds: z.array(fileImportId).max(100).optional(),
    ...page,
  }),
  result: z.strictObject({ items: z.array(ImportUpdate), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s update files, newest first: previews, applied ones with their rollback state.',
});
