// REST of FBO, where bytes move: the supply file's template, a supply's box and pallet labels (PDF), its
// acceptance report (xlsx), and the stock forecast report (spec 001 §7 "stock report download").
// Access is the FBO methods' own roles.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  Category,
  DaysBucket,
  FBO_SUPPLY_COLUMNS,
  FBO_WAREHOUSE_NAMES,
  FboWarehouseCode,
  METHODS,
  formatMoscowDate,
  moscowDay,
  toFieldErrors,
  type FboWarehouseCode as Wh,
} from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestCall, RestReply, RestRoute } from '../../core/rest';
import { safeCellText } from '../../files/safe-cell';
import type { FboService } from './fbo.service';
import { toItem } from './fbo.model';
import { formatDay } from './fbo.supply-moves';
import type { FboStockService } from './fbo-stock.service';
import { renderSupplyLabels } from './fbo.labels';
import { loadExcel } from '../../core/lazy-libs';

const READ = METHODS['v1.fulfilment-shipments.get'];
const FORECAST = METHODS['v1.analytics.recommended-shipment.get'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(item).max(50).optional());

const PartnerQuery = z.object({ partnerId: z.coerce.number().int().positive() });
const LabelsQuery = PartnerQuery.extend({
  kind: z.enum(['box', 'pallet']).default('box'),
  /** Boxes of a supply whose file named none, or pallets: how many labels. */
  count: z.coerce
    .number()
    .int()
    .min(1, 'Значение должно быть не меньше 1')
    .max(200, 'Значение должно быть не больше 200')
    .optional(),
});
const StockQuery = PartnerQuery.extend({
  brand: list(z.string().max(100)),
  category: list(Category),
  warehouseCode: list(FboWarehouseCode),
  daysBucket: DaysBucket.optional(),
  search: z.string().max(100).optional(),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(r.error) });
  return r.data;
}

/** One sheet written as it goes (exceljs' streaming writer): header, rows, text guarded against formulas. */
async function xlsx(
  sheet: string,
  columns: { header: string; width?: number }[],
  rows: AsyncIterable<(string | number | null)[]> | Iterable<(string | number | null)[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const r of rows)
    ws.addRow(r.map((v) => (typeof v === 'string' ? safeCellText(v) : (v ?? undefined)))).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const file = (body: Buffer, fileName: string): RestReply => ({ file: { contentType: XLSX, fileName, body } });

export const fboRest = (fbo: FboService, fboStock: FboStockService): RestRoute[] => [
  {
    // The supply file's template: the columns the check reads, with an example row.
    method: 'GET',
    url: '/rest/api/v1/fulfilment-shipments/template',
    async handle(call) {
      await call.principal();
      const body = await xlsx(
        'Поставка',
        [
          { header: FBO_SUPPLY_COLUMNS.sellerSku, width: 24 },
          { header: FBO_SUPPLY_COLUMNS.quantity, width: 14 },
          { header: FBO_SUPPLY_COLUMNS.box, width: 14 },
        ],
        [],
      );
      return file(body, 'Шаблон_поставки_FBO.xlsx');
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/fulfilment-shipments/:id/labels',
    async handle(call: RestCall) {
      await call.principal();
      const query = parse(LabelsQuery, call.query);
      const ctx = await call.authorize(READ, query.partnerId);
      const { supply, items, shopName } = await fbo.labelData(ctx, call.params.id ?? '');
      const boxes = [...new Set(items.map((i) => i.box).filter(Boolean))];
      const prefix = query.kind === 'box' ? 'BOX' : 'PLT';
      const seq = supply.number.replace(/^FBO-/, '');
      let labels;
      if (query.kind === 'box' && boxes.length) {
        labels = boxes.map((b, i) => ({
          barcode: `${prefix}${seq}-${String(i + 1).padStart(3, '0')}`,
          kind: 'box' as const,
          name: b,
          index: i + 1,
          count: boxes.length,
          units: items.filter((it) => it.box === b).reduce((n, it) => n + it.declared, 0),
        }));
      } else {
        if (!query.count)
          throw new AppError('rpc.invalidParams', {
            field: 'count',
            errors: [{ field: 'count', message: 'Укажите количество этикеток' }],
          });
        labels = Array.from({ length: query.count }, (_, i) => ({
          barcode: `${prefix}${seq}-${String(i + 1).padStart(3, '0')}`,
          kind: query.kind,
          name: null,
          index: i + 1,
          count: query.count!,
          units: null,
        }));
      }
      let body: Buffer;
      try {
        body = await renderSupplyLabels({
          number: supply.number,
          partnerId: supply.partner_id,
          shopName,
          warehouse: FBO_WAREHOUSE_NAMES[supply.warehouse_code as Wh],
          plannedDate: supply.planned_date ? formatDay(supply.planned_date) : null,
          labels,
        });
      } catch (err) {
        call.logError(err, 'supply label rendering failed');
        throw new AppError('label.generationFailed');
      }
      return {
        file: {
          contentType: 'application/pdf',
          fileName: `${query.kind === 'box' ? 'Короба' : 'Паллеты'}_${supply.number}.pdf`,
          inline: true,
          body,
        },
      };
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/fulfilment-shipments/:id/acceptance-report',
    async handle(call) {
      await call.principal();
      const query = parse(PartnerQuery, call.query);
      const ctx = await call.authorize(READ, query.partnerId);
      const { supply, items } = await fbo.labelData(ctx, call.params.id ?? '');
      if (!supply.reported_at)
        throw new AppError('file.noResult', { message: 'Склад ещё не прислал акт приёмки' });
      const today = moscowDay(new Date());
      const body = await xlsx(
        'Акт приёмки',
        [
          { header: 'Короб' },
          { header: 'Артикул продавца', width: 22 },
          { header: 'Артикул Moda', width: 18 },
          { header: 'EAN', width: 16 },
          { header: 'Товар', width: 40 },
          { header: 'Цена' },
          { header: 'Заявлено' },
          { header: 'Принято' },
          { header: 'Излишек' },
          { header: 'Недостача' },
          { header: 'Брак' },
        ],
        items.map((i) => {
          const it = toItem(i, today);
          return [
            i.box,
            it.sellerSku,
            it.modaSku,
            it.ean,
            it.title,
            it.price,
            it.declared,
            it.received,
            it.surplus,
            it.missing,
            it.damaged,
          ];
        }),
      );
      return file(
        body,
        `Акт_приёмки_${supply.number}_${formatMoscowDate(new Date(supply.reported_at))}.xlsx`,
      );
    },
  },
  {
    method: 'GET',
    url: '/rest/api/v1/stock-report/download',
    async handle(call) {
      await call.principal();
      const query = parse(StockQuery, call.query);
      const ctx = await call.authorize(FORECAST, query.partnerId);
      const rows = fboStock.forecastRows(ctx, query);
      const body = await xlsx(
        'Рекомендуемая поставка',
        [
          { header: 'Артикул продавца', width: 22 },
          { header: 'Артикул Moda', width: 18 },
          { header: 'Товар', width: 40 },
          { header: 'Бренд' },
          { header: 'Категория' },
          { header: 'Склад' },
          { header: 'На складе' },
          { header: 'В резерве' },
          { header: 'В пути' },
          { header: 'Продажи за 7 дней' },
          { header: 'Дней запаса' },
          { header: 'Рекомендуем поставить' },
          { header: 'Без маркировки' },
        ],
        (async function* () {
          for await (const r of rows)
            yield [
              r.sellerSku,
              r.modaSku,
              r.title,
              r.brand,
              r.category,
              FBO_WAREHOUSE_NAMES[r.warehouseCode],
              r.onHand,
              r.reserved,
              r.inTransit,
              r.sales7,
              r.daysOfStock,
              r.recommended,
              r.lacksMarking ? 'да' : 'нет',
            ];
        })(),
      );
      return file(body, `Прогноз_поставки_${formatMoscowDate(new Date())}.xlsx`);
    },
  },
];
