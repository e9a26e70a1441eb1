// Hostile spreadsheets, generated here: each is refused quickly with its Russian message and bounded
// memory, the process stays up and a good file uploaded beside them is imported.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { fill, finished, template, upload, validRow } from './test-support';
import { IMPORT_LIMITS, REFUSAL_MESSAGES, RefusedFileError, centralDirectory, scanParts } from './zip-guard';

// Each import runs a background job on a shared two-core machine: seconds, not milliseconds.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let seller: string;
let tpl: Buffer;
beforeAll(async () => {
  t = await createTestApp({ workers: true });
  seller = (await t.login('seller')).accessToken;
  tpl = await template(t, seller, { partnerId: 10001, category: 'clothes', mode: 'full' });
});
afterAll(() => t.close());

interface Part {
  name: string;
  /** Deflated bytes, or the plain bytes to deflate here. */
  data: Buffer;
  deflated?: boolean;
  /** What the headers declare (a zip bomb declares what it likes). */
  size?: number;
  crc?: number;
}

/** A zip written byte by byte, so that sizes can lie. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const body = p.deflated ? p.data : deflateRawSync(p.data);
    const size = p.size ?? p.data.length;
    const crc = p.crc ?? (p.deflated ? 0 : crc32(p.data));
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(0x800, 8);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt32LE(crc, 16);
    cen.writeUInt32LE(body.length, 20);
    cen.writeUInt32LE(size, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(cen, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The parts of a real filled template, to swap one of them for something hostile. */
async function partsOf(bytes: Buffer): Promise<Part[]> {
  const z = await JSZip.loadAsync(bytes);
  const names = Object.keys(z.files).filter((n) => !z.files[n]!.dir);
  return Promise.all(names.map(async (name) => ({ name, data: await z.file(name)!.async('nodebuffer') })));
}

const swap = (parts: Part[], replacement: Part) => [
  ...parts.filter((p) => p.name !== replacement.name),
  replacement,
];

/** `megabytes` of zeros deflated as a stream (the test never holds them inflated). */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const out: Buffer[] = [];
  const d = createDeflateRaw({ level: 9 });
  d.on('data', (c: Buffer) => out.push(c));
  const mb = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) if (!d.write(mb)) await new Promise((r) => d.once('drain', r));
  await new Promise((r) => d.end(r));
  return Buffer.concat(out);
}

const STAMP = '<row r="1"><c r="A1" t="inlineStr"><is><t>MODA-TEMPLATE v2 clothes full</t></is></c></row>';
const HEADER = '<row r="2"><c r="A2" t="inlineStr"><is><t>Артикул родителя*</t></is></c></row>';
const sheet = (rows: string, header = HEADER) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${STAMP}${header}${rows}</sheetData></worksheet>`;

describe('hostile files', () => {
  it('are each refused quickly with their message while a good file beside them is imported', async () => {
    const good = await fill(tpl, [validRow('HOST-OK', '42')]);
    const parts = await partsOf(good);
    const S = 'xl/worksheets/sheet1.xml';

    const bombBody = await deflatedZeros(300);
    const files: [string, Buffer, string][] = [
      // 300 MB of one byte in a few hundred kilobytes: the directory's ratio refuses it, nothing inflated.
      [
        'бомба.xlsx',
        zip(swap(parts, { name: S, data: bombBody, deflated: true, size: 300 * 1024 * 1024 })),
        REFUSAL_MESSAGES.zipBomb,
      ],
      // The same stream declaring a modest size: inflation stops at the declared size.
      [
        'лжец.xlsx',
        zip(swap(parts, { name: S, data: bombBody, deflated: true, size: bombBody.length * 50 })),
        REFUSAL_MESSAGES.zipBomb,
      ],
      // Billion laughs: entity declarations anywhere are refused before any XML parser runs.
      [
        'смех.xlsx',
        zip(
          swap(parts, {
            name: S,
            data: Buffer.from(
              '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
                sheet('<row r="3"><c r="A3" t="inlineStr"><is><t>&lol2;</t></is></c></row>'),
            ),
          }),
        ),
        REFUSAL_MESSAGES.entities,
      ],
      // A million rows: counted while inflating, refused at the limit.
      [
        'миллион.xlsx',
        zip(
          swap(parts, {
            name: S,
            data: Buffer.from(
              sheet(
                Array.from(
                  { length: 1_000_000 },
                  (_, i) => `<row r="${i + 3}"><c r="A${i + 3}"><v>${i}</v></c></row>`,
                ).join(''),
              ),
            ),
          }),
        ),
        REFUSAL_MESSAGES.tooManyRows,
      ],
      // 20,000 columns in the header row.
      [
        'столбцы.xlsx',
        zip(
          swap(parts, {
            name: S,
            data: Buffer.from(
              sheet(
                '',
                `<row r="2">${Array.from({ length: 20_000 }, (_, i) => `<c r="${colName(i + 1)}2"><v>1</v></c>`).join('')}</row>`,
              ),
            ),
          }),
        ),
        REFUSAL_MESSAGES.tooManyColumns,
      ],
      // 80 MB of shared strings in a file well under 16 MB.
      [
        'строки.xlsx',
        zip(
          swap(parts, {
            name: 'xl/sharedStrings.xml',
            data: Buffer.from(
              `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${Array.from(
                { length: 1_000_000 },
                (_, i) => `<si><t>Строка, которая повторяется в файле много раз, №${i}</t></si>`,
              ).join('')}</sst>`,
            ),
          }),
        ),
        REFUSAL_MESSAGES.sharedStrings,
      ],
      [
        'не-архив.xlsx',
        Buffer.concat([good.subarray(0, 4000), Buffer.alloc(4000, 7)]),
        REFUSAL_MESSAGES.notZip,
      ],
    ];
    for (const [name, bytes] of files) expect(bytes.length, name).toBeLessThan(16 * 1024 * 1024);

    const rssBefore = process.resourceUsage().maxRSS;
    const ids: [string, string, string][] = [];
    for (const [name, bytes, message] of files) {
      const res = await upload(t, seller, 10001, name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      ids.push([name, res.json().id, message]);
    }
    const goodRes = await upload(t, seller, 10001, 'хороший.xlsx', good);
    expect(goodRes.statusCode).toBe(201);

    const started = Date.now();
    for (const [name, id, message] of ids) {
      const rec = await finished(t, seller, 10001, id, 60);
      expect({ name, status: rec.status, result: rec.result, message: rec.errorMessage }).toEqual({
        name,
        status: 'fail',
        result: 'failed',
        message,
      });
    }
    const ok = await finished(t, seller, 10001, goodRes.json().id, 60);
    expect(ok).toMatchObject({ status: 'ok', result: 'ok' });
    // Seven hostile files and a good one in well under a minute on a busy two-core machine.
    expect(Date.now() - started).toBeLessThan(60_000);
    // Nothing was held inflated: the process grew by far less than the bomb's 300 MB.
    const grownMb = (process.resourceUsage().maxRSS - rssBefore) / 1024;
    expect(grownMb).toBeLessThan(200);
    // The server still answers.
    const list = await t.rpc('v1.imports.list', { partnerId: 10001, pageSize: 20 }, seller);
    expect(list.result.items.length).toBeGreaterThanOrEqual(8);
  }, 240_000);

  it('a sheet under another name, a huge cell or shared string, text piling onto a cell: each refused', async () => {
    const good = await fill(tpl, [validRow('HOST-OK2', '42')]);
    const parts = await partsOf(good);
    const S = 'xl/worksheets/sheet1.xml';
    const data = parts.find((p) => p.name === S)!.data;
    const others = parts.filter((p) => p.name !== S);
    const big = 'Я'.repeat(IMPORT_LIMITS.maxCellBytes / 2 + 1);
    const cell = (text: string) => `<row r="3"><c r="A3" t="inlineStr"><is><t>${text}</t></is></c></row>`;
    const files: [string, Buffer, string][] = [
      // exceljs takes any name its unanchored pattern finds for a sheet; the guard judged parts by their ending.
      ['маска.xlsx', zip([...others, { name: `${S}.bin`, data }]), REFUSAL_MESSAGES.disguisedPart],
      ['маска2.xlsx', zip([...others, { name: `a/${S}`, data }]), REFUSAL_MESSAGES.disguisedPart],
      [
        'ячейка.xlsx',
        zip(swap(parts, { name: S, data: Buffer.from(sheet(cell(big))) })),
        REFUSAL_MESSAGES.longText,
      ],
      // One shared string of many short runs: no text node is long, the string they make is.
      [
        'строка.xlsx',
        zip(
          swap(parts, {
            name: 'xl/sharedStrings.xml',
            data: Buffer.from(
              `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si>${'<r><t>Длинный текст</t></r>'.repeat(10_000)}</si></sst>`,
            ),
          }),
        ),
        REFUSAL_MESSAGES.longText,
      ],
      // exceljs appends any text after a cell's value to that value: short pieces between tags pile up.
      [
        'хвост.xlsx',
        zip(
          swap(parts, {
            name: S,
            data: Buffer.from(sheet(`<row r="3"><c r="A3"><v>1</v>${'хвост<x/>'.repeat(30_000)}</c></row>`)),
          }),
        ),
        REFUSAL_MESSAGES.longText,
      ],
    ];
    for (const [name, bytes] of files) expect(bytes.length, name).toBeLessThan(4 * 1024 * 1024);

    const ids: [string, string, string][] = [];
    for (const [name, bytes, message] of files) {
      const res = await upload(t, seller, 10001, name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      ids.push([name, res.json().id, message]);
    }
    const goodRes = await upload(t, seller, 10001, 'хороший2.xlsx', good);
    for (const [name, id, message] of ids) {
      const rec = await finished(t, seller, 10001, id, 60);
      expect({ name, status: rec.status, message: rec.errorMessage }).toEqual({
        name,
        status: 'fail',
        message,
      });
    }
    expect(await finished(t, seller, 10001, goodRes.json().id, 60)).toMatchObject({ status: 'ok' });
  }, 120_000);

  it('a cell of the longest text allowed passes the guard; one byte more is refused', async () => {
    const parts = await partsOf(await fill(tpl, [validRow('HOST-OK3', '42')]));
    const scan = (bytes: number) => {
      const file = zip(
        swap(parts, {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(
            sheet(`<row r="3"><c r="A3" t="inlineStr"><is><t>${'x'.repeat(bytes)}</t></is></c></row>`),
          ),
        }),
      );
      return scanParts(file, centralDirectory(file), 'xl/worksheets/sheet1.xml');
    };
    await expect(scan(IMPORT_LIMITS.maxCellBytes)).resolves.toBe(3);
    await expect(scan(IMPORT_LIMITS.maxCellBytes + 1)).rejects.toEqual(new RefusedFileError('longText'));
  });

  it('counts the rows exceljs reads: the limit exactly, one row more refused, rows it skips not counted', async () => {
    const parts = await partsOf(await fill(tpl, [validRow('HOST-OK4', '42')]));
    const S = 'xl/worksheets/sheet1.xml';
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => `<row r="${i + 3}"><c r="A${i + 3}"><v>${i}</v></c></row>`).join(
        '',
      );
    const scan = (xml: string, name = S) => {
      const file = zip(swap(parts, { name, data: Buffer.from(xml) }));
      return scanParts(file, centralDirectory(file), S);
    };
    // The stamp and header rows besides the data rows.
    await expect(scan(sheet(rows(IMPORT_LIMITS.maxRows)))).resolves.toBe(IMPORT_LIMITS.maxRows + 2);
    await expect(scan(sheet(rows(IMPORT_LIMITS.maxRows + 1)))).rejects.toEqual(
      new RefusedFileError('tooManyRows'),
    );
    // A prefixed row and rows outside <sheetData> are not read by exceljs: not counted, not limited.
    const outside = `<x:row r="9"/>${'<row/>'.repeat(IMPORT_LIMITS.maxRows + 10)}`;
    await expect(
      scan(
        `<?xml version="1.0"?><worksheet xmlns:x="urn:x"><sheetData>${STAMP}${HEADER}${rows(2)}<x:row r="5"/></sheetData><extLst>${outside}</extLst></worksheet>`,
      ),
    ).resolves.toBe(4);
  });

  it('refuses a DOCTYPE cut across two inflated slices, and one in a part exceljs does not parse', async () => {
    const parts = await partsOf(await fill(tpl, [validRow('HOST-OK5', '42')]));
    const S = 'xl/worksheets/sheet1.xml';
    const scan = (name: string, xml: string | Buffer) => {
      const file = zip(swap(parts, { name, data: Buffer.from(xml) }));
      return scanParts(file, centralDirectory(file), S);
    };
    const entities = new RefusedFileError('entities');
    // The guard inflates 64 KB at a time: `<!DOC` ends one slice, `TYPE` begins the next.
    const head = `${sheet('').replace('</sheetData></worksheet>', '')}<row r="3"><c r="A3" t="inlineStr"><is><t>`;
    const tail = '</t></is></c></row></sheetData>';
    const pad = 'x'.repeat(65_536 - 3 - Buffer.byteLength(head) - tail.length);
    const cut = Buffer.from(`${head}${pad}${tail}<!DOCTYPE x [<!ENTITY a "a">]></worksheet>`);
    expect(cut.indexOf('<!DOCTYPE')).toBe(65_536 - 3);
    await expect(scan(S, cut)).rejects.toEqual(entities);
    await expect(
      scan('xl/styles.xml', '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "a">]><styleSheet/>'),
    ).rejects.toEqual(entities);
    await expect(scan(S, sheet(''))).resolves.toBe(2);
  });
});

function colName(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}
