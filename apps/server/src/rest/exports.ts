// GET /rest/api/v1/exports/{id}/download (spec 001 §7): the finished file of an export, streamed from
// storage and named through content-disposition (`Товары_полные_атрибуты_21.11.26.xlsx`). Access is the
// list method's: its roles, and the caller must act for the export's partner; another partner's export
// answers exactly as one that does not exist.
import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { METHODS } from '@moda/contracts';
import type { Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { AppError } from '../core/errors';
import { plainContext } from '../core/context';
import type { ExportsService } from '../modules/exports/exports.service';
import { sendError } from './reply';

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

const READ_OP = {
  roles: METHODS['v1.exports.list'].roles,
  partner: true,
  mutates: false,
} as const;

export async function exportRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; exports: ExportsService },
) {
  const { dispatcher, exports } = opts;

  app.get<{ Params: { id: string } }>('/rest/api/v1/exports/:id/download', async (req, reply) => {
    try {
      const caller = dispatcher.caller(transportOf(req));
      const principal = await caller.authenticate();
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(req.params.id))
        throw new AppError('export.notFound');
      const owner = await exports.ownerOf(plainContext(dispatcher.db), req.params.id);
      if (owner === undefined) throw new AppError('export.notFound');
      const access = await dispatcher.authorize(READ_OP, caller, owner).catch((err: unknown) => {
        // Another partner's export is one that does not exist.
        if (err instanceof AppError && err.key === 'partner.notFound') throw new AppError('export.notFound');
        throw err;
      });
      const { record, body } = await exports.open(
        plainContext(dispatcher.db, { principal, partnerId: access.partnerId, ip: req.ip }),
        req.params.id,
      );
      return reply
        .header('content-type', MIME[record.format])
        .header('content-length', String(record.size))
        .header('content-disposition', contentDisposition(record.fileName ?? `export.${record.format}`))
        .header('cache-control', 'private, no-store')
        .send(body);
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
