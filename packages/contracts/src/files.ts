// Uploaded files and their processing state (spec 001 §5 Files, §7 REST, DESIGN "Files and long work").
import { z } from 'zod';
import { ImportResult, Role, TaskStatus } from './enums';
import { defineMethod, partnerParams } from './rpc';

const MB = 1024 * 1024;

export const FileFormat = z.enum(['xlsx', 'xls', 'csv', 'jpg', 'png', 'svg', 'txt', 'docx', 'xml', 'pdf']);
export type FileFormat = z.infer<typeof FileFormat>;

/** The sellers' write roles: who may feed a file into the catalogue, prices, supplies and shipments. */
const SELLER_WRITE: readonly Role[] = ['partner_user', 'b2b_manager', 'support_engineer'];

/**
 * What each kind of upload accepts (spec 001 §5 Files), checked by content while streaming, and who may
 * upload it: the roles of the operation the file feeds (`feeds`, checked against the catalogue by a test), so
 * an upload is never a way around a method's roles.
 */
export const UPLOAD_TYPES = {
  nomenclature_import: {
    maxBytes: 16 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.nomenclatures.store',
  },
  nomenclature_image: {
    maxBytes: 5 * MB,
    formats: ['jpg'],
    roles: SELLER_WRITE,
    feeds: 'v1.nomenclatures.images.update',
  },
  fbo_supply: {
    maxBytes: 5 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.fulfilment-shipments.create',
  },
  fbo_return: {
    maxBytes: 5 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.supplier-return.create-from-file',
  },
  shipments: { maxBytes: 5 * MB, formats: ['xlsx'], roles: SELLER_WRITE },
  fbs_shipment: { maxBytes: 5 * MB, formats: ['xlsx'], roles: SELLER_WRITE },
  promotion_products: {
    maxBytes: 10 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.promotions.products.add',
  },
  /** Cost and floor prices of products (issue 21: "or by file"). */
  product_cost_prices: {
    maxBytes: 10 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.promotions.cost-prices.set',
  },
  competitor_prices: {
    maxBytes: 5 * MB,
    formats: ['xlsx'],
    roles: SELLER_WRITE,
    feeds: 'v1.matching-manager.rfc.competitor-price.create',
  },
  competitor_screenshot: {
    maxBytes: 5 * MB,
    formats: ['jpg', 'png'],
    roles: SELLER_WRITE,
    feeds: 'v1.matching-manager.rfc.competitor-price.create',
  },
  support_attachment: {
    maxBytes: 5 * MB,
    formats: ['jpg', 'png', 'svg', 'txt', 'csv', 'xls', 'xlsx', 'docx', 'xml', 'pdf'],
    roles: Role.options,
    feeds: 'v1.support.email.send',
  },
  /**
   * A trademark document of a questionnaire's brand. The applicant has no partner yet: the kind is scoped to
   * the applicant's own reservation (`v1.surveys.attachments.reserve`, field attachment_id), never to a partner.
   */
  survey_trademark: {
    maxBytes: 5 * MB,
    formats: ['pdf', 'jpg', 'png'],
    roles: ['onboarding_user'],
    feeds: 'v1.surveys.attachments.reserve',
    applicant: true,
  },
} as const satisfies Record<
  string,
  {
    maxBytes: number;
    formats: readonly FileFormat[];
    roles: readonly Role[];
    feeds?: string;
    /** Uploaded by an applicant into their reservation (no partner_code). */
    applicant?: true;
  }
>;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const UploadType = z.enum(Object.keys(UPLOAD_TYPES) as [UploadType, ...UploadType[]]);
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_TYPES).map((t) => t.maxBytes));

export const FileRecord = z.strictObject({
  id: z.string().uuid(),
  name: z.string(),
  type: UploadType,
  format: FileFormat,
  size: z.number().int(),
  status: TaskStatus,
  hasFileResult: z.boolean(),
  errorCode: z.string().nullable(),
  /** The first error of the result, for the notice. */
  errorMessage: z.string().nullable(),
  /** Import outcome once finished: ok, error (rows refused), failed (file unreadable). */
  result: ImportResult.nullable(),
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  errorCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileRecord = z.infer<typeof FileRecord>;

export const filesGet = defineMethod({
  name: 'v1.files.get',
  params: z.strictObject({ ...partnerParams, fileImportId: z.string().uuid() }),
  result: FileRecord,
  roles: Role.options,
  partner: true,
  mutates: false,
  description: 'An uploaded file and the state of its processing; the web polls it every 10 s.',
});
