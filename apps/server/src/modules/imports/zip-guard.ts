// A hostile spreadsheet is refused before the spreadsheet library sees it, with bounded memory:
// 1. the zip's central directory is read first (nothing inflated): entry count, declared sizes, the
//    compression ratio of each entry, the total, the shared strings part, zip64 and the entries' layout;
// 2. then every XML part is inflated as a stream and thrown away, counting the real bytes (a header that
//    lies about its size is caught at the declared size), refusing DOCTYPE / ENTITY declarations and
//    non-UTF-8 parts, and counting the rows and cells of the data sheet (millions of rows or columns stop
//    at the limit).
import { createInflateRaw } from 'node:zlib';

export const IMPORT_LIMITS = {
  /** A spreadsheet has a few dozen parts. */
  maxEntries: 500,
  /** All parts together, inflated. */
  maxTotalBytes: 400 * 1024 * 1024,
  /** Inflated / compressed size of one part above this (and above `ratioFloorBytes`) is a zip bomb. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  /** The shared strings are held in memory by the reader: their part is capped. */
  maxSharedStringsBytes: 48 * 1024 * 1024,
  /** Data rows (besides the stamp and header rows) and columns of the data sheet. */
  maxRows: 100_000,
  maxColumns: 500,
} as const;

export type RefusalReason =
  'notZip' | 'zipBomb' | 'tooManyEntries' | 'entities' | 'sharedStrings' | 'tooManyRows' | 'tooManyColumns';

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  notZip: 'Файл повреждён или это не файл Excel (XLSX)',
  zipBomb: 'Файл отклонён: после распаковки он слишком большой (возможна «zip-бомба»)',
  tooManyEntries: 'Файл отклонён: в архиве XLSX слишком много частей',
  entities: 'Файл отклонён: в нём есть объявления DOCTYPE или ENTITY, которые не допускаются',
  sharedStrings: 'Файл отклонён: слишком много текста в общих строках таблицы',
  tooManyRows: `Слишком много строк: в одном файле можно загрузить не больше ${IMPORT_LIMITS.maxRows.toLocaleString('ru-RU')} товаров`,
  tooManyColumns: `Слишком много столбцов: в файле может быть не больше ${IMPORT_LIMITS.maxColumns}`,
};

export class RefusedFileError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(REFUSAL_MESSAGES[reason]);
  }
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  uncompressed: number;
  /** Where its local header begins. */
  offset: number;
  /** Where its data begins, and where the entry (with its data descriptor, if any) ends. */
  start: number;
  end: number;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** The central directory's entries, checked; throws RefusedFileError. Inflates nothing. */
export function centralDirectory(buf: Buffer): Entry[] {
  const refuse = (r: RefusalReason = 'notZip'): never => {
    throw new RefusedFileError(r);
  };
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) refuse();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // zip64 markers: a 16 MB spreadsheet never needs them; a crafted one hides its sizes behind them.
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) refuse('zipBomb');
  if (count > IMPORT_LIMITS.maxEntries) refuse('tooManyEntries');
  if (cdOffset + cdSize > eocd) refuse();

  const entries: Entry[] = [];
  let p = cdOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CEN) refuse();
    const nameLen = buf.readUInt16LE(p + 28);
    const e: Entry = {
      start: 0,
      end: 0,
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      uncompressed: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (e.compressed === 0xffffffff || e.uncompressed === 0xffffffff || e.offset === 0xffffffff)
      refuse('zipBomb');
    if (e.method !== 0 && e.method !== 8) refuse();
    if (e.method === 0 && e.compressed !== e.uncompressed) refuse();
    if (
      e.uncompressed > IMPORT_LIMITS.ratioFloorBytes &&
      e.uncompressed > e.compressed * IMPORT_LIMITS.maxRatio
    )
      refuse('zipBomb');
    total += e.uncompressed;
    if (total > IMPORT_LIMITS.maxTotalBytes) refuse('zipBomb');
    if (e.name === 'xl/sharedStrings.xml' && e.uncompressed > IMPORT_LIMITS.maxSharedStringsBytes)
      refuse('sharedStrings');
    entries.push(e);
  }
  // The parts lie end to end from the start up to the directory: a streaming reader reading local headers
  // in order then sees exactly the parts checked here, and nothing hidden between them.
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const e of sorted) {
    if (e.offset !== expected || e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== LOC) refuse();
    const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const localFlags = buf.readUInt16LE(e.offset + 6);
    if (!(localFlags & 8)) {
      // Sizes in the local header must be the directory's.
      if (
        buf.readUInt32LE(e.offset + 18) !== e.compressed ||
        buf.readUInt32LE(e.offset + 22) !== e.uncompressed
      )
        refuse();
    }
    expected = start + e.compressed;
    if (localFlags & 8) {
      // A data descriptor follows: with or without its signature.
      expected += expected + 4 <= buf.length && buf.readUInt32LE(expected) === DESCRIPTOR ? 16 : 12;
    }
    e.start = start;
    e.end = expected;
  }
  if (expected !== cdOffset) refuse();
  return entries;
}

/**
 * Inflate every XML part as a stream, discarding the bytes: real sizes against the declared ones,
 * DOCTYPE / ENTITY refused, and the data sheet's rows and cells per row counted. Returns the number of rows of the sheet.
 */
export async function scanParts(buf: Buffer, entries: Entry[], dataSheet: string): Promise<number> {
  let rows = 0;
  for (const e of entries) {
    if (!/\.(xml|rels|vml)$/i.test(e.name)) continue;
    const isSheet = e.name === dataSheet;
    rows = Math.max(rows, await scanPart(buf.subarray(e.start, e.start + e.compressed), e, isSheet));
  }
  return rows;
}

/**
 * What exceljs's streaming reader needs before a worksheet to read it as it streams; a worksheet met
 * before them is first copied whole to a temporary file and read from there. Excel, LibreOffice and exceljs
 * itself all put the shared strings after the sheets.
 */
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'];

/**
 * The checked file's bytes as a streaming reader best takes them: the entries of READ_FIRST, then the
 * others in their order, then the central directory — the same entries, each whole (local header, data,
 * descriptor), only moved; nothing is copied.
 */
export function inReadingOrder(buf: Buffer, entries: Entry[]): Buffer[] {
  const rank = (e: Entry) => {
    const i = READ_FIRST.indexOf(e.name);
    return i < 0 ? READ_FIRST.length : i;
  };
  const ordered = [...entries].sort((a, b) => rank(a) - rank(b) || a.offset - b.offset);
  const directory = Math.max(0, ...entries.map((e) => e.end));
  return [...ordered.map((e) => buf.subarray(e.offset, e.end)), buf.subarray(directory)];
}

const DECL = /<!(DOCTYPE|ENTITY)/i;
const ROW_OR_CELL = /<(?:\w+:)?(row|c)[\s>/]/g;

async function scanPart(data: Buffer, e: Entry, isSheet: boolean): Promise<number> {
  let out = 0;
  let tail = '';
  let rows = 0;
  let cells = 0;
  let first = true;
  const check = (chunk: Buffer) => {
    out += chunk.length;
    if (out > e.uncompressed) throw new RefusedFileError('zipBomb');
    if (first) {
      first = false;
      // Only UTF-8 XML (with or without its byte-order mark): a UTF-16 part would hide a DOCTYPE.
      const start = chunk[0] === 0xef ? 3 : 0;
      if (chunk.length > start && chunk[start] !== 0x3c && !/^\s/.test(String.fromCharCode(chunk[start]!)))
        throw new RefusedFileError('notZip');
    }
    const text = tail + chunk.toString('latin1');
    if (DECL.test(text)) throw new RefusedFileError('entities');
    if (isSheet) {
      // A tag counts once: when it ends in the new chunk (the tail only joins a tag cut in two).
      // test() and lastIndex instead of match objects: millions of cells, no garbage per cell. A match
      // ends with the byte after the name, so the one before it tells a row ('w') from a cell ('c').
      ROW_OR_CELL.lastIndex = 0;
      while (ROW_OR_CELL.test(text)) {
        const end = ROW_OR_CELL.lastIndex;
        if (end <= tail.length) continue;
        if (text.charCodeAt(end - 2) === 0x77) {
          rows++;
          cells = 0;
          if (rows > IMPORT_LIMITS.maxRows + 2) throw new RefusedFileError('tooManyRows');
        } else if (++cells > IMPORT_LIMITS.maxColumns) throw new RefusedFileError('tooManyColumns');
      }
    }
    tail = text.slice(-16);
  };
  if (e.method === 0) {
    check(data);
    return rows;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  await new Promise<void>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      try {
        check(chunk);
      } catch (err) {
        inflate.destroy();
        reject(err instanceof Error ? err : new RefusedFileError('notZip'));
      }
    });
    inflate.on('error', () => reject(new RefusedFileError('notZip')));
    inflate.on('end', resolve);
    inflate.end(data);
  });
  return rows;
}
