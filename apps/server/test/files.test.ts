// Uploads and downloads: limits enforced while streaming, content checked by magic bytes, records
// scoped to the partner, downloads named through content-disposition.
import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UPLOAD_TYPES } from '@moda/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let seller: string;
let fbs: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.login('seller')).accessToken;
  fbs = (await t.login('fbs')).accessToken;
  support = (await t.login('support')).accessToken;
});
afterAll(() => t.close());

const BOUNDARY = '----moda-test-boundary';
function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  fileFirst = false,
) {
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const filePart = file
    ? [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ]
    : [];
  parts.push(...(fileFirst ? [...filePart, ...fieldParts] : [...fieldParts, ...filePart]));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const upload = (
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  fileFirst = false,
) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/api/v1/files',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: multipart(fields, file, fileFirst),
  });

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Товары');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200, 1),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(200, 0),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const out: string[] = [];
  async function walk(dir: string) {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(dir, e.name));
      else out.push(e.name);
    }
  }
  await walk(root);
  return out;
}
const recordCount = async () => (await t.sql<{ n: number }>('select count(*)::int as n from files'))[0]!.n;

describe('upload', () => {
  it('stores an xlsx, answers the record, and v1.files.get polls it', async () => {
    const content = await xlsx([
      ['Артикул', 'Название'],
      ['0001234', 'Платье «Лето»'],
    ]);
    const res = await upload(
      seller,
      { type: 'nomenclature_import', partner_code: '10001' },
      { name: 'Товары май.xlsx', content },
    );
    expect(res.statusCode).toBe(201);
    const record = res.json();
    expect(record).toMatchObject({
      name: 'Товары май.xlsx',
      type: 'nomenclature_import',
      format: 'xlsx',
      size: content.length,
      status: 'new',
      hasFileResult: false,
    });
    const polled = await t.rpc('v1.files.get', { partnerId: 10001, fileImportId: record.id }, seller);
    expect(polled.result).toEqual(record);
  });

  it('downloads the same bytes, named by content-disposition', async () => {
    const content = await xlsx([['a']]);
    const { id } = (
      await upload(
        seller,
        { type: 'fbo_supply', partner_code: '10001' },
        { name: 'Поставка №1.xlsx', content },
      )
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${id}`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Поставка №1.xlsx')}`,
    );
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('accepts every support attachment format by content', async () => {
    for (const [name, content] of [
      ['photo.jpg', JPEG],
      ['photo.jpeg', JPEG],
      ['scan.png', PNG],
      ['act.pdf', PDF],
      ['list.csv', Buffer.from('\uFEFFАртикул,Цена\n1,100\n')],
      ['note.txt', Buffer.from('Добрый день')],
      ['logo.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['data.xml', Buffer.from('<?xml version="1.0"?><root/>')],
    ] as const) {
      const res = await upload(
        seller,
        { type: 'support_attachment', partner_code: '10001' },
        { name, content },
      );
      expect(res.statusCode, name).toBe(201);
    }
  });

  it('refuses content that does not match the name: a PNG named .jpg, text named .xlsx, an xlsx for images', async () => {
    const before = await recordCount();
    for (const [type, name, content] of [
      ['nomenclature_image', 'photo.jpg', PNG],
      ['nomenclature_import', 'goods.xlsx', Buffer.from('Артикул;Цена\n')],
      ['nomenclature_image', 'goods.xlsx', await xlsx([['a']])],
      ['support_attachment', 'virus.exe', Buffer.from('MZ\x90\x00')],
      ['support_attachment', 'fake.txt', Buffer.from([0x4d, 0x5a, 0, 0, 1, 2, 3])],
      ['support_attachment', 'empty.csv', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(seller, { type, partner_code: '10001' }, { name, content });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toMatchObject({
        data: { reason: 'file.wrongFormat', errors: [{ field: 'file' }] },
      });
    }
    expect(await recordCount()).toBe(before);
  });

  it('refuses a declared size over the limit with 413 before reading, keeping nothing', async () => {
    const before = [await recordCount(), (await storedFiles()).length];
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(17 * 1024 * 1024),
        authorization: `Bearer ${seller}`,
      },
      payload: multipart(
        { type: 'fbo_supply', partner_code: '10001' },
        { name: 'big.xlsx', content: Buffer.alloc(10) },
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { data: { reason: 'file.tooLarge' } } });
    expect([await recordCount(), (await storedFiles()).length]).toEqual(before);
  });

  it('a file over its type’s limit (5 MB) → 413 with the limit named, nothing kept', async () => {
    const before = [await recordCount(), (await storedFiles()).length];
    const content = Buffer.concat([await xlsx([['a']]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(
      seller,
      { type: 'fbo_supply', partner_code: '10001' },
      { name: 'supply.xlsx', content },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Файл слишком большой: максимальный размер — 5 МБ');
    expect([await recordCount(), (await storedFiles()).length]).toEqual(before);
  });

  it('a chunked upload with no declared length is cut off while streaming: 413, nothing kept', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const before = [await recordCount(), (await storedFiles()).length];
    const head = multipart({ type: 'nomenclature_image', partner_code: '10001' }).subarray(
      0,
      -`--${BOUNDARY}--\r\n`.length,
    );
    const fileHead = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, fileHead, JPEG]));
        else if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(Buffer.alloc(256 * 1024, 7));
        sent += 256 * 1024;
      },
    });
    // Node's fetch needs `duplex` for a streamed body; the DOM's RequestInit (the root program's lib) lacks it.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${seller}`,
      },
      body,
      duplex: 'half',
    };
    const res = await fetch(`http://127.0.0.1:${port}/rest/api/v1/files`, init).catch((err: unknown) => err);
    if (res instanceof Response) expect(res.status).toBe(413);
    // The server stops reading past the limit and closes the socket: the client could not send it all
    // (what it did send beyond 5 MB sat in loopback socket buffers). Either way nothing is kept.
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    await expect.poll(async () => [await recordCount(), (await storedFiles()).length]).toEqual(before);
  });

  it('asks for the type and partner before the file, and for a file at all', async () => {
    const content = await xlsx([['a']]);
    const unknownType = await upload(
      seller,
      { type: 'nonsense', partner_code: '10001' },
      { name: 'a.xlsx', content },
    );
    expect(unknownType.json().error).toMatchObject({
      data: { errors: [{ field: 'type', message: 'Неизвестный тип загрузки' }] },
    });
    const fileFirst = await upload(
      seller,
      { type: 'fbo_supply', partner_code: '10001' },
      { name: 'a.xlsx', content },
      true,
    );
    expect(fileFirst.statusCode).toBe(400);
    const noFile = await upload(seller, { type: 'fbo_supply', partner_code: '10001' });
    expect(noFile.json().error).toMatchObject({
      data: { errors: [{ field: 'file', message: 'Прикрепите файл' }] },
    });
    expect(
      (await upload(undefined, { type: 'fbo_supply', partner_code: '10001' }, { name: 'a.xlsx', content }))
        .statusCode,
    ).toBe(401);
  });
});

describe('another partner’s files', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await upload(
        seller,
        { type: 'fbo_supply', partner_code: '10001' },
        { name: 'mine.xlsx', content: await xlsx([['a']]) },
      )
    ).json().id;
  });

  it('cannot upload for another partner', async () => {
    const res = await upload(
      fbs,
      { type: 'fbo_supply', partner_code: '10001' },
      { name: 'x.xlsx', content: await xlsx([['a']]) },
    );
    expect(res.statusCode).toBe(404);
  });

  it('another partner’s file is not found, through REST and RPC alike', async () => {
    const rest = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${id}`,
      headers: { authorization: `Bearer ${fbs}` },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/00000000-0000-4000-8000-000000000000`,
      headers: { authorization: `Bearer ${fbs}` },
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual(missing.json());
    expect((await t.rpc('v1.files.get', { partnerId: 10002, fileImportId: id }, fbs)).error?.code).toBe(
      50404,
    );
  });

  it('support staff can open any partner’s file', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${id}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the error file downloads as <first part>_error.csv once a result exists', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${id}/result/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(none.statusCode).toBe(404);
    const { Readable } = await import('node:stream');
    await t.runtime.storage.put(`results/${id}`, Readable.from([Buffer.from('\uFEFFrow,column,message\n')]));
    await t.sql(`update files set result_key = $1, status = 'fail' where id = $2`, [`results/${id}`, id]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${id}/result/download`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=mine_error.csv');
    expect(
      (await t.rpc('v1.files.get', { partnerId: 10001, fileImportId: id }, seller)).result,
    ).toMatchObject({ status: 'fail', hasFileResult: true });
  });
});

describe('upload roles', () => {
  // One user of each role, acting for a partner they may act for.
  const USERS = [
    { login: 'fbs', role: 'partner_user', partner: '10002' },
    { login: 'manager', role: 'b2b_manager', partner: '10002' },
    { login: 'newseller', role: 'onboarding_user', partner: '10006' },
    { login: 'support', role: 'support_engineer', partner: '10002' },
    { login: 'admin', role: 'admin', partner: '10002' },
    { login: 'operator', role: 'cc_operator', partner: '10002' },
    { login: 'keeper', role: 'stock_keeper', partner: '10002' },
  ] as const;
  const FILE_OF: Record<string, { name: string; content: Buffer }> = {
    jpg: { name: 'a.jpg', content: JPEG },
    png: { name: 'a.png', content: PNG },
    txt: { name: 'a.txt', content: Buffer.from('текст') },
  };

  // Logged in once each, from their own address: the login rate limit counts per address.
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const [i, u] of USERS.entries())
      tokens[u.login] = (await t.login(u.login, undefined, `10.9.0.${i + 1}`)).accessToken;
  });

  it('covers every role of the contract', () => {
    expect(USERS.map((u) => u.role).sort()).toEqual([...Role.options].sort());
  });

  // Generated: every upload type against every role, so a type added later is covered too.
  it.each(Object.keys(UPLOAD_TYPES) as (keyof typeof UPLOAD_TYPES)[])(
    '%s: only the roles of the operation it feeds may upload it',
    async (type) => {
      const spec = UPLOAD_TYPES[type];
      const format = spec.formats[0];
      const file = FILE_OF[format] ?? { name: `a.${format}`, content: await xlsx([['Артикул']]) };
      for (const u of USERS) {
        const res = await upload(tokens[u.login], { type, partner_code: u.partner }, file);
        const refused = res.statusCode === 403 && res.json().error?.code === 50403;
        expect(refused, `${u.role} uploading ${type}: ${res.statusCode} ${res.body}`).toBe(
          !(spec.roles as readonly string[]).includes(u.role),
        );
      }
    },
  );

  it('an onboarding user cannot create products through an import file', async () => {
    const token = tokens.newseller;
    const before = await t.sql<{ n: number }>(
      'select count(*)::int as n from products where partner_id = 10006',
    );
    const res = await upload(
      token,
      { type: 'nomenclature_import', partner_code: '10006' },
      {
        name: 'import.xlsx',
        content: await xlsx([['Артикул']]),
      },
    );
    expect(res.json().error).toMatchObject({ code: 50403 });
    const after = await t.sql<{ n: number }>(
      'select count(*)::int as n from products where partner_id = 10006',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    const files = await t.sql(
      "select 1 from files where partner_id = 10006 and type = 'nomenclature_import'",
    );
    expect(files).toHaveLength(0);
  });
});

describe('downloads of uploaded files', () => {
  it('an SVG attachment is served with nosniff and a CSP that runs nothing', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const up = await upload(
      seller,
      { type: 'support_attachment', partner_code: '10001' },
      { name: 'a.svg', content: svg },
    );
    expect(up.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/files/${up.json().id}`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
  });
});
