// Exports and imports as tasks of the file manager (spec 000 §3 export types and modes, §4 task states;
// spec 001 §7 exports create / list, imports list, §9 limits). Each export type is registered once on the
// server with its filter schema, format and row limit; the web lists whatever the server reports.
import { z } from 'zod';
import { ExportCheckStatus, ExportType, type Role, TaskStatus } from './enums';
import { FileRecord, UploadType } from './files';
import { defineMethod, partnerParams } from './rpc';
import { safeString } from './text';

/** Spec 001 §5: at most this many product import files at once. */
export const IMPORT_FILES_AT_ONCE = 10;

export const ExportRecord = z.strictObject({
  id: z.string().uuid(),
  type: ExportType,
  format: z.enum(['csv', 'xlsx']),
  status: ExportCheckStatus,
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  rowCount: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

const READ_ROLES = [
  'partner_user',
  'b2b_manager',
  'support_engineer',
  'admin',
  'cc_operator',
] as const satisfies Role[];
const page = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const exportsCreate = defineMethod({
  name: 'v1.exports.create',
  params: z.strictObject({
    ...partnerParams,
    type: ExportType,
    /**
     * The list's filters the export reproduces; each type checks them with its own strict schema, whose
     * strings are safeString too.
     */
    filter: z.record(safeString().max(100), z.unknown()).default({}),
  }),
  result: ExportRecord,
  roles: READ_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description:
    'Start an export of the given type; it runs in the background (status PROCESSING → OK or ERROR).',
});

export const exportsList = defineMethod({
  name: 'v1.exports.list',
  params: z.strictObject({
    ...partnerParams,
    type: ExportType.optional(),
    status: ExportCheckStatus.optional(),
    ids: z.array(z.string().uuid()).max(100).optional(),
    ...page,
  }),
  result: z.strictObject({ items: z.array(ExportRecord), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s exports, newest first, for the file manager and polling.',
});

export const importsList = defineMethod({
  name: 'v1.imports.list',
  params: z.strictObject({
    ...partnerParams,
    type: UploadType.optional(),
    status: TaskStatus.optional(),
    ...page,
  }),
  result: z.strictObject({ items: z.array(FileRecord), total: z.number().int() }),
  roles: READ_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s uploaded files and their processing, newest first, for the file manager.',
});
