// A product import file as a seller's Excel saves it: the clothes category's full template, `parents` cards
// of four sizes each, SKUs prefixed so that the import's rows can be counted in the database afterwards.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { headerOf, stampOf, templateColumns } from '../apps/server/src/modules/catalogue/template';
import { CatalogueService } from '../apps/server/src/modules/catalogue/catalogue.service';
import { parseBody, type ApiBody } from './lib';

const SIZES = ['42', '44', '46', '48'];

const ean13 = (first12: string) => {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
};

export async function importFile(
  file: string,
  opts: { parents: number; brand: string; prefix: string; barcodeStart: number },
): Promise<{ bytes: number; rows: number }> {
  const catalogue = new CatalogueService({ accounts: null as never });
  const columns = templateColumns(catalogue, 'clothes', 'full', [opts.brand]);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: true,
  });
  const ws = wb.addWorksheet('Товары');
  ws.addRow([stampOf('clothes', 'full')]).commit();
  ws.addRow(columns.map(headerOf)).commit();
  let rows = 0;
  for (let p = 0; p < opts.parents; p++) {
    const parent = `${opts.prefix}-${String(p).padStart(6, '0')}`;
    SIZES.forEach((size, s) => {
      const values: Record<string, string | number> = {
        supplier_parent_sku: parent,
        supplier_sku: `${parent}-${size}`,
        size_scale: 'Российские размеры одежды',
        size_value: size,
        product_identifier: ean13(String(opts.barcodeStart + p * 10 + s).padStart(12, '0')),
        data_matrix: 'нет',
        title: `Платье «Надёжность ${p}» из льна`,
        brand: opts.brand,
        gender: 'женщины',
        country: 'Россия',
        erp_category: 'Одежда',
        erp_subcategory: 'Платья',
        composition: 'лён 60%; хлопок 40%',
        price: 1990 + (p % 50) * 100,
        color_family: ['бежевый', 'белый', 'синий', 'чёрный'][p % 4]!,
        style: 'повседневный',
        season: 'лето; весна',
        sleeve_length: 'короткий',
        model_name: `Модель ${p}`,
        site_category: 'Платья',
        tn_ved: '6204 42 000 0 — платья женские из хлопка',
        producer: 'ООО «Фабрика надёжности»',
        producer_address: 'г. Иваново, ул. Ткацкая, д. 1',
        eac: 'да',
        is_resale: 'нет',
      };
      ws.addRow(columns.map((c) => values[c.code] ?? '')).commit();
      rows++;
    });
  }
  ws.commit();
  await wb.commit();
  return { bytes: (await fs.stat(file)).size, rows };
}

/** POST /rest/api/v1/files: one file as multipart, as the web app uploads it. */
export async function upload(
  base: string,
  token: string,
  partnerId: number,
  type: string,
  name: string,
  content: Buffer,
): Promise<{ status: number; body: ApiBody }> {
  const form = new FormData();
  form.set('type', type);
  form.set('partner_code', String(partnerId));
  form.set('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${base}/rest/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: parseBody(await res.text()) };
}
