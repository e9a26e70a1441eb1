// GET /rest/api/v1/exports/{id}/download (spec 001 §7): the finished file of an export, streamed from storage
// and named through content-disposition (`Товары_полные_атрибуты_21.11.26.xlsx`). Access is the list
// method's: its roles, and the caller must act for the export's partner; another partner's export answers
// exactly as one that does not exist.
import { METHODS } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { ExportsService } from './exports.service';

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

const READ_OP = {
  name: 'v1.exports.list',
  roles: METHODS['v1.exports.list'].roles,
  partner: true,
  mutates: false,
} as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const exportsRest = (exports: ExportsService): RestRoute[] => [
  {
    method: 'GET',
    url: '/rest/api/v1/exports/:id/download',
    async handle(call) {
      const id = call.params.id ?? '';
      const anyone = await call.signedIn();
      if (!UUID.test(id)) throw new AppError('export.notFound');
      const owner = await exports.ownerOf(anyone, id);
      if (owner === undefined) throw new AppError('export.notFound');
      const ctx = await call.authorize(READ_OP, owner).catch((err: unknown) => {
        // Another partner's export is one that does not exist.
        if (err instanceof AppError && err.key === 'partner.notFound') throw new AppError('export.notFound');
        throw err;
      });
      const { record, body } = await exports.open(ctx, id);
      return {
        file: {
          contentType: MIME[record.format],
          size: record.size ?? undefined,
          fileName: record.fileName ?? `export.${record.format}`,
          cacheControl: 'private, no-store',
          body,
        },
      };
    },
  },
];
