// The fulfilment_shipment export (spec 000 §3, xlsx): the supplies of the list's filters, one line per item
// and box, with what was declared and what the warehouse counted.
import { z } from 'zod';
import { FBO_SUPPLY_STATUS_LABELS, FboSupplyFilter, fboWarehouseName } from '@moda/contracts';
import { registerExportType } from '../exports';
import type { FboService } from './fbo.service';

export const FboExportFilter = z.strictObject({
  status: FboSupplyFilter.status,
  warehouseCode: FboSupplyFilter.warehouseCode,
  plannedFrom: FboSupplyFilter.plannedFrom,
  plannedTo: FboSupplyFilter.plannedTo,
  createdFrom: FboSupplyFilter.createdFrom,
  createdTo: FboSupplyFilter.createdTo,
  search: FboSupplyFilter.search,
  /** One supply (the card's export). */
  id: z.string().uuid().optional(),
});

/** Lines of supplies per export: the supply file's limit times a page of supplies. */
const LIMIT = 100_000;
let registered = false;

export function registerFboExports(fbo: FboService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'fulfilment_shipment',
    format: 'xlsx',
    title: 'Поставки_FBO',
    filter: FboExportFilter,
    limit: LIMIT,
    count: (ctx, _partnerId, f) => fbo.exportCount(ctx, f),
    columns: [
      { key: 'number', header: 'Номер поставки', width: 20 },
      { key: 'status', header: 'Статус', width: 18 },
      { key: 'warehouse', header: 'Склад', width: 16 },
      { key: 'plannedDate', header: 'Дата поставки', numFmt: 'dd.mm.yy' },
      { key: 'createdAt', header: 'Создана', numFmt: 'dd.mm.yy' },
      { key: 'box', header: 'Короб' },
      { key: 'sellerSku', header: 'Артикул продавца', width: 22 },
      { key: 'modaSku', header: 'Артикул Moda', width: 18 },
      { key: 'ean', header: 'EAN', width: 16 },
      { key: 'title', header: 'Товар', width: 40 },
      { key: 'price', header: 'Цена', numFmt: '# ##0.00' },
      { key: 'declared', header: 'Заявлено' },
      { key: 'received', header: 'Принято' },
      { key: 'surplus', header: 'Излишек' },
      { key: 'missing', header: 'Недостача' },
      { key: 'damaged', header: 'Брак' },
    ],
    async *rows(ctx, _partnerId, f) {
      for await (const r of fbo.exportRows(ctx, f)) {
        yield {
          number: r.number,
          status: FBO_SUPPLY_STATUS_LABELS[r.status as keyof typeof FBO_SUPPLY_STATUS_LABELS] ?? r.status,
          warehouse: fboWarehouseName(r.warehouse_code),
          plannedDate: r.planned_date ? new Date(`${r.planned_date}T00:00:00+03:00`) : null,
          createdAt: new Date(r.created_at),
          box: r.box,
          sellerSku: r.seller_sku,
          modaSku: r.moda_sku,
          ean: r.ean,
          title: r.title,
          price: Number(r.price),
          declared: r.declared,
          received: r.received,
          surplus: r.surplus,
          missing: r.missing,
          damaged: r.damaged,
        };
      }
    },
  });
}
