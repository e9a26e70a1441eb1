// Helpers of the import tests: upload through the real REST route, the template, filling it, polling.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { FileRecord } from '@moda/contracts';
import type { TestApp } from '../../../test/helpers';

const BOUNDARY = '----moda-import-boundary';

export function upload(t: TestApp, token: string, partnerId: number, name: string, content: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nnomenclature_import\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${partnerId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/rest/api/v1/files',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
    },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
}

export async function template(
  t: TestApp,
  token: string,
  body: { partnerId: number; category: string; mode: string },
): Promise<Buffer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/api/moda-seller/nomenclature/template-generate',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
}

/** Wait until the import task is finished; returns its record. */
export async function finished(t: TestApp, token: string, partnerId: number, id: string, seconds = 60) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const r = await t.rpc('v1.files.get', { partnerId, fileImportId: id }, token);
    const rec = r.result as FileRecord | undefined;
    if (!rec) throw new Error(JSON.stringify(r.error));
    if (rec.status === 'ok' || rec.status === 'fail') return rec;
    if (Date.now() > end) throw new Error(`import ${id} still ${rec.status}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Fill the template's data sheet: each row is {header name without asterisk → value}. */
export async function fill(templateBytes: Buffer, rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(templateBytes as never);
  const ws = wb.getWorksheet('Товары')!;
  const headers = (ws.getRow(2).values as (string | undefined)[]).map((h) => (h ?? '').replace(/\*$/, ''));
  rows.forEach((r, i) => {
    const row = ws.getRow(3 + i);
    for (const [k, v] of Object.entries(r)) {
      const col = headers.indexOf(k);
      if (col < 1) throw new Error(`no column ${k}`);
      row.getCell(col).value = v;
    }
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** EAN-13 with its check digit. */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

let seq = 0;
/** A valid row of a clothes card; `n` names the parent, `size` the size. */
export function validRow(parent: string, size: string, over: Record<string, string | number> = {}) {
  seq++;
  return {
    'Артикул родителя': parent,
    Артикул: `${parent}-${size}`,
    'Размерная сетка': 'Российские размеры одежды',
    Размер: size,
    'Штрихкод (EAN)': ean13(`04${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(4, '0')}`),
    Название: 'Платье «Лето» "Sun" d’Or и l\'été',
    Бренд: 'Nord Wind',
    Пол: 'женщины',
    'Страна производства': 'Россия',
    Категория: 'Одежда',
    Подкатегория: 'Платья',
    Состав: 'лён 70%; хлопок 30%',
    Цена: 4990,
    Цвет: 'бежевый',
    Сезон: 'лето',
    'Код ТН ВЭД': '6204 42 000 0 — платья женские из хлопка',
    Производитель: 'ООО «Северный ветер»',
    'Адрес производителя': 'г. Москва, ул. Тверская, 1',
    ...over,
  };
}
