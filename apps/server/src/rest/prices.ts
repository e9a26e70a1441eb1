// Price downloads over REST (spec 001 §7 "price history file", "prices validation report"): xlsx streamed
// as it is written, named through content-disposition. Access is the read methods' own: same roles, the
// caller must act for the partner in `?partnerId=`.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { METHODS } from '@moda/contracts';
import type { Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { plainContext, type CallContext } from '../core/context';
import type { PricesService } from '../modules/prices/prices.service';
import { writeHistoryFile, writeValidationReport } from '../modules/prices/prices.files';
import { sendError } from './reply';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const READ_OP = {
  roles: METHODS['v1.nomenclatures.price-history'].roles,
  partner: true,
  mutates: false,
} as const;

type Req = FastifyRequest<{
  Params: { id?: string; reportId?: string };
  Querystring: { partnerId?: string };
}>;

/** A compact local timestamp for file names: 20261201-1530 (Moscow). */
function stamp(d = new Date()): string {
  const m = new Date(d.getTime() + 3 * 60 * 60 * 1000).toISOString();
  return `${m.slice(0, 10).replace(/-/g, '')}-${m.slice(11, 16).replace(':', '')}`;
}

export async function priceRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; prices: PricesService },
) {
  const { dispatcher, prices } = opts;

  async function contextOf(req: Req): Promise<CallContext> {
    const raw = Number(req.query.partnerId);
    const requested = Number.isInteger(raw) && raw > 0 ? raw : null;
    const { principal, partnerId } = await dispatcher.authorize(
      READ_OP,
      dispatcher.caller(transportOf(req)),
      requested,
    );
    return plainContext(dispatcher.db, { principal, partnerId, ip: req.ip });
  }

  /** Sends the workbook as it is written; a failure after the headers went out cuts the download short. */
  function stream(
    reply: FastifyReply,
    req: Req,
    fileName: string,
    write: (out: PassThrough) => Promise<void>,
  ) {
    const out = new PassThrough();
    write(out).catch((err: unknown) => {
      req.log.error({ err }, 'price file failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(out);
  }

  const history = async (req: Req, reply: FastifyReply) => {
    try {
      const ctx = await contextOf(req);
      const productId = req.params.id ?? null;
      const name = productId
        ? `price-history-${(await prices.productSku(ctx, productId)).replace(/[^\w.-]+/g, '_')}.xlsx`
        : `price-history-${ctx.partnerId}-${stamp()}.xlsx`;
      return stream(reply, req, name, (out) => writeHistoryFile(out, prices.historyRows(ctx, productId)));
    } catch (err) {
      return sendError(reply, err);
    }
  };
  app.get('/rest/api/v1/nomenclatures/price-history/file', history);
  app.get('/rest/api/v1/nomenclatures/:id/price-history/file', history);

  app.get('/rest/api/v1/nomenclatures/prices-validation-report/:reportId', async (req: Req, reply) => {
    try {
      const ctx = await contextOf(req);
      const report = await prices.report(ctx, req.params.reportId ?? '');
      return stream(reply, req, `prices-validation-report-${stamp(report.createdAt)}.xlsx`, (out) =>
        writeValidationReport(out, report),
      );
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
