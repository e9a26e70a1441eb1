// The FBO tests' set-up, shared by fbo.test.ts, fbo-platform.test.ts and fbo-stock.test.ts: an app on the
// test's clock with the FBO tables emptied, the logins, room at every warehouse and a few SKUs, and the
// seller's calls on supplies (file upload and check, drafts) that the supplies' tests make through it.
import ExcelJS from 'exceljs';
import type { FileRecord } from '@moda/contracts';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

export type FboFixture = {
  t: TestApp;
  /** 10001, consignment. */
  seller: string;
  /** 10004 (consignment) and 10005. */
  multi: string;
  /** 10002, crossdocking. */
  fbs: string;
  /** The warehouse system's service credential. */
  platform: string;
  /** Five products of 10001 and of 10004. */
  skus: string[];
  skusB: string[];
} & ReturnType<typeof supplyCalls>;

export async function setUpFbo(now: () => Date): Promise<FboFixture> {
  const t = await createTestApp({ workers: true, now });
  await t.sql(
    'truncate fbo_supplies, fbo_supply_items, fbo_supply_events, fbo_disputes, fbo_slot_capacity, fbo_checked_files, fbo_stock_moves',
  );
  const seller = (await t.login('seller')).accessToken;
  const multi = (await t.login('multi')).accessToken;
  const fbs = (await t.login('fbs')).accessToken;
  const platform = (await issueServiceCredential(t.runtime.db, 'WMS')).token;
  // Room for every supply the tests book; the waitlist test narrows one day.
  const days = Array.from({ length: 28 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 2, 16 + i)).toISOString().slice(0, 10),
    capacity: 1000,
  }));
  for (const warehouseCode of ['Bykovo', 'Sofino', 'Chekhov', 'Novokhokhlovskaya'])
    await t.rpc('v1.platform.fulfilment-warehouses.capacity.set', { warehouseCode, days }, platform);
  const of = async (p: number) =>
    (
      await t.sql<{ seller_sku: string }>(
        `select seller_sku from products where partner_id = $1 and not archived order by id limit 5`,
        [p],
      )
    ).map((r) => r.seller_sku);
  const skus = await of(10001);
  return { t, seller, multi, fbs, platform, skus, skusB: await of(10004), ...supplyCalls(t, seller, skus) };
}

/** A supply file: a sheet of rows under the template's header (or another). */
export async function sheet(
  rows: (string | number | null)[][],
  header = ['Артикул продавца', 'Количество', 'Короб'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Поставка');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const BOUNDARY = '----fbo-boundary';

/** The seller's calls on supplies, as a client makes them: 10001's unless told. */
function supplyCalls(t: TestApp, seller: string, skus: string[]) {
  /** Uploads a supply file (for Bykovo unless told), as a client posts it. */
  const upload = (content: Buffer, opts: { token?: string; partnerId?: number; warehouse?: string } = {}) => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfbo_supply\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n${opts.partnerId ?? 10001}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="warehouse_code"\r\n\r\n${opts.warehouse ?? 'Bykovo'}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="supply.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    return t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${opts.token ?? seller}`,
      },
      payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    });
  };
  /** Uploads a supply file and waits for its check: the file's record. */
  const checked = async (content: Buffer, opts: Parameters<typeof upload>[1] = {}) => {
    const res = await upload(content, opts);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const id = res.json<{ id: string }>().id;
    for (let i = 0; i < 300; i++) {
      const r = await t.rpc(
        'v1.files.get',
        { partnerId: opts.partnerId ?? 10001, fileImportId: id },
        opts.token ?? seller,
      );
      const file = r.result as FileRecord;
      if (file.status === 'ok' || file.status === 'fail') return file;
      // Waits for the check instead of sleeping; a loaded machine may take longer than one wait.
      await t.runtime.jobs.drain(['fbo.supply-file'], 30_000).catch(() => undefined);
    }
    throw new Error('file never checked');
  };
  /** A v1.fulfilment-shipments.* call for 10001. */
  const rpc = (method: string, params: Record<string, unknown>, token = seller) =>
    t.rpc(`v1.fulfilment-shipments.${method}`, { partnerId: 10001, ...params }, token);
  /** A draft of 10001 at Bykovo on 20 March with two lines. */
  const draft = async (over: Record<string, unknown> = {}) => {
    const r = await rpc('create-draft', {
      warehouseCode: 'Bykovo',
      plannedDate: '2026-03-20',
      items: [
        { sellerSku: skus[0], quantity: 5 },
        { sellerSku: skus[1], quantity: 3 },
      ],
      ...over,
    });
    expect(r.error).toBeUndefined();
    return r.result as { id: string; status: string };
  };
  return { upload, checked, rpc, draft };
}
