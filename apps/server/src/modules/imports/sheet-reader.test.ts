// The data sheet read as a stream (issue 8): a file whose sheets come before its shared strings (as Excel,
// LibreOffice and exceljs write them) is handed to exceljs in reading order — the same rows, without the
// whole sheet first copied to a temporary file.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cellText, readFirstSheet, type SheetRow } from './sheet-reader';
import { centralDirectory, inReadingOrder } from './zip-guard';

/** The module exceljs's streaming reader makes its temporary files with (its own copy). */
const require = createRequire(import.meta.url);
const tmp = createRequire(require.resolve('exceljs'))('tmp') as { file: (...args: unknown[]) => void };

let dir: string;
let bytes: Buffer;
const ROWS: (string | number)[][] = [
  ['MODA-TEMPLATE v2 clothes full'],
  ['Артикул родителя*', 'Штрихкод (EAN)*', 'Название*', 'Цена*'],
  ['Р-1', '0460000000017', "Платье «Лето» d’Or и l'été", 4990],
  ['Р-1', '0460000000024', "Платье «Лето» d’Or и l'été", 4990],
  ['Р-2', '0460000000031', '=нет формулы "как есть"', 1990.5],
];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-sheet-reader-'));
  const file = path.join(dir, 'товары.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('Товары');
  for (const r of ROWS) ws.addRow(r).commit();
  ws.commit();
  wb.addWorksheet('Инструкция').addRow(['Шаблон загрузки товаров']).commit();
  await wb.commit();
  bytes = await fs.readFile(file);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Each local header's entry name, in the order the parts give them. */
function entryNames(parts: Buffer[]): string[] {
  const names: string[] = [];
  for (const p of parts)
    if (p.length >= 30 && p.readUInt32LE(0) === 0x04034b50)
      names.push(p.toString('utf8', 30, 30 + p.readUInt16LE(26)));
  return names;
}

async function rowsOf(source: Buffer | Buffer[]): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await readFirstSheet(source, (r) => {
    rows.push(r);
  });
  return rows;
}

describe('the data sheet in reading order', () => {
  it('moves the workbook’s relations, the workbook and the shared strings before the sheets, nothing else', () => {
    const entries = centralDirectory(bytes);
    const written = [...entries].sort((a, b) => a.offset - b.offset).map((e) => e.name);
    expect(written.indexOf('xl/sharedStrings.xml')).toBeGreaterThan(
      written.indexOf('xl/worksheets/sheet1.xml'),
    );

    const parts = inReadingOrder(bytes, entries);
    const names = entryNames(parts);
    expect(names.slice(0, 3)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
    ]);
    expect(names.filter((n) => n.startsWith('xl/worksheets/'))).toEqual(
      written.filter((n) => n.startsWith('xl/worksheets/')),
    );
    expect([...names].sort()).toEqual([...written].sort());
    // The same bytes, only moved: every entry whole, then the central directory.
    expect(parts.reduce((n, p) => n + p.length, 0)).toBe(bytes.length);
    expect(parts.at(-1)!.readUInt32LE(0)).toBe(0x02014b50);
  });

  it('reads every row and cell, without a temporary copy of the sheet', async () => {
    const spill = vi.spyOn(tmp, 'file');
    try {
      const ordered = await rowsOf(inReadingOrder(bytes, centralDirectory(bytes)));
      expect(spill).not.toHaveBeenCalled();
      expect(ordered.map((r) => r.cells)).toEqual(ROWS.map((r) => r.map(String)));
      expect(ordered.map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);
      // The file as written goes through the temporary copy.
      await rowsOf(bytes);
      expect(spill).toHaveBeenCalled();
    } finally {
      spill.mockRestore();
    }
  });
});

describe('text across the stream’s chunks', () => {
  it('keeps every Cyrillic letter whole, whichever chunk boundary it falls on', async () => {
    // exceljs decoded each inflated chunk of a part on its own: a two-byte letter split between two chunks
    // became two U+FFFD (~0.5 % of a 100,000-row file's names). Enough text for many chunks, in the shared
    // strings and inline.
    const file = path.join(dir, 'кириллица.xlsx');
    const names = Array.from({ length: 3000 }, (_, i) => `Платье «Лето» №${i} — шёлк, ёлочка, съёмный пояс`);
    for (const useSharedStrings of [true, false]) {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings });
      const ws = wb.addWorksheet('Товары');
      for (const n of names) ws.addRow([n, `Описание: ${n}`]).commit();
      ws.commit();
      await wb.commit();
      const whole = await fs.readFile(file);
      const rows = await rowsOf(inReadingOrder(whole, centralDirectory(whole)));
      expect(rows.map((r) => r.cells)).toEqual(names.map((n) => [n, `Описание: ${n}`]));
    }
  });
});

describe('a number cell as text', () => {
  it('is written in digits up to 10^21, as typed past it, and empty when not finite', () => {
    expect(cellText(4600000000002)).toBe('4600000000002');
    expect(cellText(1990)).toBe('1990');
    expect(cellText(-5)).toBe('-5');
    expect(cellText(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    // Past 2^53 String() would still give digits below 10^21; BigInt keeps every integer in digits.
    expect(cellText(2 ** 53 + 2)).toBe('9007199254740994');
    expect(cellText(1e20)).toBe('100000000000000000000');
    expect(cellText(1e21)).toBe('1e+21');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(Number.NaN)).toBe('');
    expect(cellText(Number.POSITIVE_INFINITY)).toBe('');
  });
});
