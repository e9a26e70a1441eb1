// Price downloads over REST (spec 001 §7 "price history file", "prices validation report"): xlsx streamed as
// it is written. Access is the read methods' own: same roles, the caller must act for `?partnerId=`.
import { PassThrough } from 'node:stream';
import { METHODS, toMoscow } from '@moda/contracts';
import type { CallContext } from '../../core/context';
import type { RestCall, RestReply, RestRoute } from '../../core/rest';
import type { PricesService } from './prices.service';
import { writeHistoryFile, writeValidationReport } from './prices.files';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const READ_OP = {
  name: 'v1.nomenclatures.price-history',
  roles: METHODS['v1.nomenclatures.price-history'].roles,
  partner: true,
  mutates: false,
} as const;

/** A compact local timestamp for file names: 20261201-1530 (Moscow). */
function stamp(d = new Date()): string {
  const m = toMoscow(d).toISOString();
  return `${m.slice(0, 10).replace(/-/g, '')}-${m.slice(11, 16).replace(':', '')}`;
}

function contextOf(call: RestCall): Promise<CallContext> {
  const raw = Number(call.query.partnerId);
  return call.authorize(READ_OP, Number.isInteger(raw) && raw > 0 ? raw : null);
}

/** Sends the workbook as it is written; a failure after the headers went out cuts the download short. */
function stream(call: RestCall, fileName: string, write: (out: PassThrough) => Promise<void>): RestReply {
  const out = new PassThrough();
  write(out).catch((err: unknown) => {
    call.logError(err, 'price file failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { file: { contentType: XLSX, fileName, cacheControl: 'no-store', body: out } };
}

export const pricesRest = (prices: PricesService): RestRoute[] => {
  const history = async (call: RestCall): Promise<RestReply> => {
    const ctx = await contextOf(call);
    const productId = call.params.id ?? null;
    const name = productId
      ? `price-history-${(await prices.productSku(ctx, productId)).replace(/[^\w.-]+/g, '_')}.xlsx`
      : `price-history-${ctx.partnerId}-${stamp()}.xlsx`;
    return stream(call, name, (out) => writeHistoryFile(out, prices.historyRows(ctx, productId)));
  };
  return [
    { method: 'GET', url: '/rest/api/v1/nomenclatures/price-history/file', handle: history },
    { method: 'GET', url: '/rest/api/v1/nomenclatures/:id/price-history/file', handle: history },
    {
      method: 'GET',
      url: '/rest/api/v1/nomenclatures/prices-validation-report/:reportId',
      async handle(call) {
        const ctx = await contextOf(call);
        const report = await prices.report(ctx, call.params.reportId ?? '');
        return stream(call, `prices-validation-report-${stamp(report.createdAt)}.xlsx`, (out) =>
          writeValidationReport(out, report),
        );
      },
    },
  ];
};
