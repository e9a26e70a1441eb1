// A hostile spreadsheet is refused before the spreadsheet library sees it, with bounded memory:
// 1. the zip's central directory is read first (nothing inflated): entry count, declared sizes, the
//    compression ratio of each entry, the total, the shared strings part, zip64 and the entries' layout;
// 2. then every part is inflated as a stream and thrown away, counting the real bytes (a header that
//    lies about its size is caught at the declared size); XML parts are refused for DOCTYPE / ENTITY
//    declarations and non-UTF-8, and the parts exceljs parses are walked as it would parse them (XmlBudget):
//    what it would hold measured (a cell's text, a shared string, a text node), the rows of the data sheet
//    and the cells of each row counted (millions of rows or columns stop at the limit).
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
  /**
   * One cell's or shared string's XML, and any text node, tag or comment: Excel holds at most 32,767
   * characters in a cell, which as escaped UTF-8 stays under this.
   */
  maxCellBytes: 256 * 1024,
  /** `<col>` definitions of a sheet, each kept by the reader; Excel has 16,384 columns. */
  maxColumnDefinitions: 16_384,
  /** The workbook and its relations are read whole into a model: a real one is a few kilobytes. */
  maxWorkbookPartBytes: 8 * 1024 * 1024,
} as const;

export type RefusalReason =
  | 'notZip'
  | 'zipBomb'
  | 'tooManyEntries'
  | 'entities'
  | 'sharedStrings'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'disguisedPart'
  | 'longText';

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  notZip: 'Файл повреждён или это не файл Excel (XLSX)',
  zipBomb: 'Файл отклонён: после распаковки он слишком большой (возможна «zip-бомба»)',
  tooManyEntries: 'Файл отклонён: в архиве XLSX слишком много частей',
  entities: 'Файл отклонён: в нём есть объявления DOCTYPE или ENTITY, которые не допускаются',
  sharedStrings: 'Файл отклонён: слишком много текста в общих строках таблицы',
  tooManyRows: `Слишком много строк: в одном файле можно загрузить не больше ${IMPORT_LIMITS.maxRows.toLocaleString('ru-RU')} товаров`,
  tooManyColumns: `Слишком много столбцов: в файле может быть не больше ${IMPORT_LIMITS.maxColumns}`,
  disguisedPart: 'Файл отклонён: в архиве XLSX есть части с недопустимыми именами',
  longText: 'Файл отклонён: в ячейке слишком длинный текст — в Excel не больше 32 767 символов',
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
    if (partKind(e.name) === 'model' && e.uncompressed > IMPORT_LIMITS.maxWorkbookPartBytes)
      refuse('zipBomb');
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

// exceljs 4's streaming reader (stream/xlsx/workbook-reader.js) reads these parts by exact name, and parses as
// a worksheet (or a sheet's relations) any name its unanchored patterns find: `xl/worksheets/sheet1.xml.bin`
// or `a/xl/worksheets/sheet1.xml` too.
const MODEL_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];
const EXCELJS_WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const EXCELJS_SHEET_RELS = /xl\/worksheets\/_rels\/sheet\d+[.]xml.rels/;
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHEET_RELS = /^xl\/worksheets\/_rels\/sheet\d+\.xml\.rels$/;

/**
 * How exceljs parses a part, or null when it only drains it. A name its patterns take for a sheet that is not
 * exactly a sheet's is refused: no spreadsheet program writes one, and the guard would judge it by its ending.
 */
function partKind(name: string): PartKind | null {
  if (MODEL_PARTS.includes(name)) return 'model';
  if (name === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (EXCELJS_WORKSHEET.test(name)) {
    if (!WORKSHEET.test(name)) throw new RefusedFileError('disguisedPart');
    return 'worksheet';
  }
  if (EXCELJS_SHEET_RELS.test(name) && !SHEET_RELS.test(name)) throw new RefusedFileError('disguisedPart');
  return null;
}

/**
 * Inflate every part as a stream, discarding the bytes: real sizes against the declared ones; in XML parts
 * DOCTYPE / ENTITY refused and the data sheet's rows and cells per row counted; in the parts exceljs parses,
 * what it would hold measured (XmlBudget). Returns the number of rows of the sheet.
 */
export async function scanParts(buf: Buffer, entries: Entry[], dataSheet: string): Promise<number> {
  let rows = 0;
  for (const e of entries) {
    const kind = partKind(e.name);
    const part = {
      xml: kind !== null || /\.(xml|rels|vml)$/i.test(e.name),
      budget: kind ? new XmlBudget(kind, e.name === dataSheet) : null,
    };
    await scanPart(buf.subarray(e.start, e.start + e.compressed), e, part);
    if (e.name === dataSheet) rows = part.budget?.rows ?? 0;
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

/** Stored parts are fed in slices too: the budget's strings stay small whatever the part. */
const SLICE = 64 * 1024;

/**
 * Inflate one part, checking each slice as it comes: its real size against the declared one, and an XML
 * part's text — by the budget for the parts exceljs parses (which refuses DOCTYPE / ENTITY as it meets the
 * markup), by a search for the declarations in the others.
 */
async function scanPart(
  data: Buffer,
  e: Entry,
  { xml, budget }: { xml: boolean; budget: XmlBudget | null },
): Promise<void> {
  let out = 0;
  let tail = '';
  let first = true;
  const check = (chunk: Buffer) => {
    out += chunk.length;
    if (out > e.uncompressed) throw new RefusedFileError('zipBomb');
    if (!xml) return;
    if (first) {
      first = false;
      // Only UTF-8 XML (with or without its byte-order mark): a UTF-16 part would hide a DOCTYPE.
      const start = chunk[0] === 0xef ? 3 : 0;
      if (chunk.length > start && chunk[start] !== 0x3c && !/^\s/.test(String.fromCharCode(chunk[start]!)))
        throw new RefusedFileError('notZip');
    }
    const latin1 = chunk.toString('latin1');
    if (budget) {
      budget.write(latin1);
      return;
    }
    // The tail joins a declaration cut in two.
    const text = tail + latin1;
    if (DECL.test(text)) throw new RefusedFileError('entities');
    tail = text.slice(-16);
  };
  if (e.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) check(data.subarray(at, at + SLICE));
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(err);
    };
    // A slice is checked once zlib has been handed the next one ('data' comes before it does): the next
    // slice inflates on the thread pool while this one is checked here.
    inflate.on('data', (chunk: Buffer) =>
      queueMicrotask(() => {
        if (failed) return;
        try {
          check(chunk);
        } catch (err) {
          fail(err instanceof Error ? err : new RefusedFileError('notZip'));
        }
      }),
    );
    inflate.on('error', () => fail(new RefusedFileError('notZip')));
    // After the last slice's check (microtasks run in order).
    inflate.on('end', () => queueMicrotask(() => (failed ? undefined : resolve())));
    inflate.end(data);
  });
}

/** How exceljs reads a part: a worksheet, the shared strings, or a small model part (workbook and its rels). */
type PartKind = 'worksheet' | 'sharedStrings' | 'model';

const LEADING_SPACE = /[ \t\r\n]*/y;
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const SPACE = 0x20;

/**
 * What exceljs's streaming reader will hold in memory while it parses a part, measured ahead: its XML parser
 * keeps a whole text node, tag or comment, and its readers append a cell's (or a shared string's) text into
 * one growing string — a single 380 MB cell fits in a 9 MB file.
 *
 * Feed a part's bytes (as latin1, one character per byte) in any slices; throws RefusedFileError as soon as
 * something exceljs would hold grows past its limit. The worksheet and shared-strings rules mirror exceljs 4's
 * readers (stream/xlsx/worksheet-reader.js, workbook-reader.js): element names are matched exactly as they do.
 * Tags are read without a regular expression or a string per tag: a sheet of 100,000 rows has millions.
 */
class XmlBudget {
  /** An unfinished tag, comment or CDATA section from the end of the last slice. */
  private carry = '';
  /** Whether anything but the leading whitespace (which the XML parser skips, not holds) has come. */
  private begun = false;
  private textRun = 0;
  // The worksheet reader's state, as exceljs keeps it.
  private inRows = false;
  private inCols = false;
  private row = false;
  private cell = false;
  /** Whether exceljs has a value accumulator (`current`) that text is appended to, and its length. */
  private current = false;
  private currentBytes = 0;
  private cellsInRow = 0;
  private cols = 0;
  /** Rows of the sheet as exceljs reads them (`<row>` in `<sheetData>`). */
  rows = 0;
  /** Bytes since the last `<si>`: the shared-strings reader's text and rich-text runs grow until the next. */
  private sharedBytes = 0;
  /** The next `"` and `'` of the slice at or after where they were last looked for: -1 none, -2 not yet. */
  private quote = -2;
  private apostrophe = -2;

  /** `dataSheet`: the sheet read for products, whose rows are limited (the stamp and header rows besides). */
  constructor(
    private readonly kind: PartKind,
    private readonly dataSheet = false,
  ) {}

  write(slice: string): void {
    const s = this.carry + slice;
    this.carry = '';
    this.quote = this.apostrophe = -2;
    let i = 0;
    if (!this.begun) {
      LEADING_SPACE.lastIndex = 0;
      LEADING_SPACE.test(s);
      i = LEADING_SPACE.lastIndex;
      this.begun = i < s.length;
    }
    while (i < s.length) {
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf('<', i);
        this.text((lt < 0 ? s.length : lt) - i);
        if (lt < 0) return;
        i = lt;
      }
      this.textRun = 0;
      const end = this.markup(s, i);
      if (end < 0) {
        this.carry = s.slice(i);
        if (this.carry.length > IMPORT_LIMITS.maxCellBytes) throw new RefusedFileError('notZip');
        return;
      }
      if (this.kind === 'sharedStrings') this.shared(end - i);
      i = end;
    }
  }

  /** Where the markup at `i` ends, or -1 when it goes on in the next slice. */
  private markup(s: string, i: number): number {
    const next = s.charCodeAt(i + 1);
    if (next === BANG || next === QUESTION) {
      // Too short to tell a comment from CDATA yet.
      if (s.length - i < 9 && s.indexOf('>', i) < 0) return -1;
      if (s.startsWith('<!--', i)) return closing(s, i, '-->');
      if (s.startsWith('<![CDATA[', i)) return closing(s, i, ']]>');
      if (next === QUESTION) return closing(s, i, '?>');
      throw new RefusedFileError(DECL.test(s.slice(i, i + 9)) ? 'entities' : 'notZip');
    }
    const isClose = next === SLASH;
    const nameStart = isClose ? i + 2 : i + 1;
    let nameEnd = nameStart;
    for (; nameEnd < s.length; nameEnd++) {
      const c = s.charCodeAt(nameEnd);
      if (c === GT || c === SLASH || c <= SPACE) break;
    }
    // The tag's end is the first '>' outside a quoted attribute value (which may hold '>' or '/'); a closing
    // tag has no attributes (the XML parser stops at one that does).
    let j = isClose ? s.indexOf('>', nameEnd) : -1;
    if (isClose && j < 0) return -1;
    for (let from = nameEnd; j < 0;) {
      const gt = s.indexOf('>', from);
      if (gt < 0) return -1;
      const q = this.quoteFrom(s, from);
      if (q < 0 || q > gt) j = gt;
      else {
        const qEnd = s.indexOf(s[q]!, q + 1);
        if (qEnd < 0) return -1;
        from = qEnd + 1;
      }
    }
    if (isClose) this.close(s, nameStart, nameEnd - nameStart);
    else {
      this.open(s, nameStart, nameEnd - nameStart);
      if (s.charCodeAt(j - 1) === SLASH) this.close(s, nameStart, nameEnd - nameStart);
    }
    return j + 1;
  }

  /** The first quote or apostrophe at or after `from`, or -1; each is searched for once per stretch. */
  private quoteFrom(s: string, from: number): number {
    if (this.quote !== -1 && this.quote < from) this.quote = s.indexOf('"', from);
    if (this.apostrophe !== -1 && this.apostrophe < from) this.apostrophe = s.indexOf("'", from);
    if (this.quote < 0) return this.apostrophe;
    if (this.apostrophe < 0) return this.quote;
    return Math.min(this.quote, this.apostrophe);
  }

  private text(n: number): void {
    if (n === 0) return;
    // The XML parser holds a whole text node before handing it on.
    this.textRun += n;
    if (this.textRun > IMPORT_LIMITS.maxCellBytes) throw new RefusedFileError('longText');
    if (this.current) {
      this.currentBytes += n;
      if (this.currentBytes > IMPORT_LIMITS.maxCellBytes) throw new RefusedFileError('longText');
    }
    if (this.kind === 'sharedStrings') this.shared(n);
  }

  private shared(n: number): void {
    this.sharedBytes += n;
    if (this.sharedBytes > IMPORT_LIMITS.maxCellBytes) throw new RefusedFileError('longText');
  }

  /** An opening tag whose name is `s[at, at + length)`. */
  private open(s: string, at: number, length: number): void {
    if (this.kind === 'sharedStrings') {
      if (named(s, at, length, 'si')) this.sharedBytes = 0;
      return;
    }
    if (this.kind !== 'worksheet') return;
    if (length === 1) {
      const c = s.charCodeAt(at);
      if (c === 0x63 /* c */) {
        if (this.row) {
          this.cell = true;
          // A row is held whole until it ends: whichever sheet exceljs reads, its width is capped.
          if (++this.cellsInRow > IMPORT_LIMITS.maxColumns) throw new RefusedFileError('tooManyColumns');
        }
      } else if (c === 0x66 /* f */ || c === 0x76 /* v */ || c === 0x74 /* t */) this.startValue();
    } else if (named(s, at, length, 'is')) this.startValue();
    else if (named(s, at, length, 'row')) {
      if (this.inRows) {
        this.row = true;
        this.cellsInRow = 0;
        if (++this.rows > IMPORT_LIMITS.maxRows + 2 && this.dataSheet)
          throw new RefusedFileError('tooManyRows');
      }
    } else if (named(s, at, length, 'col')) {
      if (this.inCols && ++this.cols > IMPORT_LIMITS.maxColumnDefinitions)
        throw new RefusedFileError('notZip');
    } else if (named(s, at, length, 'cols')) {
      this.inCols = true;
      this.cols = 0;
    } else if (named(s, at, length, 'sheetData')) this.inRows = true;
  }

  /** exceljs starts a new value accumulator at `<f>`, `<v>`, `<is>` and `<t>` inside a cell. */
  private startValue(): void {
    if (!this.cell) return;
    this.current = true;
    this.currentBytes = 0;
  }

  private close(s: string, at: number, length: number): void {
    if (this.kind !== 'worksheet') return;
    if (length === 1 && s.charCodeAt(at) === 0x63 /* c */) {
      if (this.row) this.cell = false;
    } else if (named(s, at, length, 'row')) this.row = false;
    else if (named(s, at, length, 'cols')) this.inCols = false;
    else if (named(s, at, length, 'sheetData')) this.inRows = false;
  }
}

/** Whether the name `s[at, at + length)` is `name`, without cutting it out. */
function named(s: string, at: number, length: number, name: string): boolean {
  return length === name.length && s.startsWith(name, at);
}

/** The end of a comment, CDATA section or processing instruction, or -1; refuses one too long to hold. */
function closing(s: string, i: number, end: string): number {
  const at = s.indexOf(end, i + 2);
  if (at >= 0 && at - i <= IMPORT_LIMITS.maxCellBytes) return at + end.length;
  if (at >= 0 || s.length - i > IMPORT_LIMITS.maxCellBytes) throw new RefusedFileError('notZip');
  return -1;
}
