// REST of FBS, where bytes move: a shipment's transfer act and pallet labels (PDF, Code 128), and the
// shipment file (POST /rest/api/v1/import/shipments_ac). Access is the FBS methods' own roles.
import { z } from 'zod';
import { METHODS, formatMoscowDate, toFieldErrors, toMoscow } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestCall, RestReply, RestRoute } from '../../core/rest';
import { renderPalletLabels } from '../orders';
import type { FbsService } from './fbs.service';
import { renderAct } from './fbs.act';

const READ = METHODS['v1.shipments.get'];

const Query = z.object({ partnerId: z.coerce.number().int().positive() });
const Id = z.uuid();

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(r.error) });
  return r.data;
}

/** DD.MM.YY HH:MM in Moscow. */
const when = (at: string) =>
  `${formatMoscowDate(new Date(at))} ${toMoscow(new Date(at)).toISOString().slice(11, 16)}`;

async function printable(fbs: FbsService, call: RestCall) {
  await call.principal();
  const query = parse(Query, call.query);
  const ctx = await call.authorize(READ, query.partnerId);
  const id = call.params.id ?? '';
  if (!Id.safeParse(id).success) throw new AppError('fbs.notFound', { field: 'id' });
  return fbs.printData(ctx, id);
}

const pdf = (body: Buffer, fileName: string): RestReply => ({
  file: { contentType: 'application/pdf', fileName, inline: true, body },
});

export const fbsRest = (fbs: FbsService, extra: RestRoute[] = []): RestRoute[] => [
  ...extra,
  {
    method: 'GET',
    url: '/rest/api/v1/shipments/:id/act',
    async handle(call) {
      const d = await printable(fbs, call);
      const body = await renderAct({
        shipmentNr: d.shipment.shipmentId,
        partnerId: d.row.partner_id,
        shopName: d.shopName,
        warehouseName: d.row.warehouse_name,
        destination: d.row.destination,
        handoverAt: when(d.shipment.shippedAt),
        lines: d.lines.map((l) => ({
          orderNr: l.order_nr,
          cargoSpace: l.cargo_space,
          packs: l.packs,
          items: l.items,
        })),
        pallets: d.pallets.length,
      });
      return pdf(body, `act_${d.shipment.shipmentId}.pdf`);
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/shipments/:id/pallet-labels',
    async handle(call) {
      const d = await printable(fbs, call);
      if (!d.pallets.length) throw new AppError('fbs.cannotMove', { message: 'В отгрузке ещё нет паллет' });
      const body = await renderPalletLabels({
        shipmentNr: d.shipment.shipmentId,
        partnerId: d.row.partner_id,
        shopName: d.shopName,
        handoverAt: when(d.shipment.shippedAt),
        destination: d.row.destination,
        pallets: d.pallets.map((p) => ({
          barcode: p.barcode,
          cargoSpace: p.cargo_space,
          packs: p.packs,
          items: p.items,
        })),
      });
      return pdf(body, `pallets_${d.shipment.shipmentId}.pdf`);
    },
  },
];
