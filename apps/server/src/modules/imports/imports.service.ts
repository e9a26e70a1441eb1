// Product import from Excel (issue 8; spec 000 §2 /nomenclatures/add/excel, §4 task and import states;
// spec 001 §5 Files). An upload of type nomenclature_import becomes a task (new → executing → ok / fail)
// run by the 'file.import' job: hostile files are refused before parsing (zip-guard), the data sheet is
// read as a stream, every card is checked by the catalogue's own rules (cardErrors, the validator of
// manual creation), and the file is written in one transaction — all of its products or none. Every bad
// cell goes to a CSV error report.
import { Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  Category,
  ERRORS,
  IMPORT_FILES_AT_ONCE,
  ProductCard,
  ruErrorMap,
  VALIDATION,
  type CategoryCode,
  type DictionaryEntry,
  type ErrorKey,
} from '@moda/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import { safeCellText, looksLikeFormula } from '../../files/safe-cell';
import type { CallContext } from '../../rpc/context';
import { plainContext, requirePartner } from '../../rpc/context';
import { AppError } from '../../rpc/errors';
import { cardErrors, cardRowValues, type CatalogueService } from '../catalogue/catalogue.service';
import type { FilesService } from '../files/files.service';
import * as q from './imports.queries';
import { readFirstSheet } from './sheet-reader';
import {
  FIRST_DATA_ROW,
  HEADER_ROW,
  NO,
  STAMP_ROW,
  TEMPLATE_VERSION,
  YES,
  headerOf,
  nameOfHeader,
  parseStamp,
  templateColumns,
  type Column,
  type TemplateMode,
  type Stamp,
} from './template';
import { writeTemplate, type TemplateCard } from './template-writer';
import { RefusedFileError, centralDirectory, scanParts } from './zip-guard';

export interface CellError {
  row: number;
  column: string;
  message: string;
}

/** Refuses the whole file with a coded message (result failed). */
class FileFailure extends Error {
  constructor(
    readonly code: ErrorKey,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }
}

interface Row {
  number: number;
  /** Values by the template's column order. */
  values: string[];
}

const DATA_SHEET_PART = 'xl/worksheets/sheet1.xml';
const MSG = {
  unknownColumn: 'Такого столбца нет в шаблоне',
  missingColumn: 'В файле нет обязательного столбца',
  duplicateColumn: 'Столбец повторяется',
  number: 'Введите число',
  boolean: `Укажите «${YES}» или «${NO}»`,
  composition: 'Укажите материалы и проценты, например: хлопок 95%; эластан 5%',
};

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** Undo the formula guard of our own exports: `'=x` written by safeCellText reads back as `=x`. */
const unguard = (s: string) => (s.startsWith("'") && looksLikeFormula(s.slice(1)) ? s.slice(1) : s);

export class ImportsService {
  constructor(
    private readonly deps: {
      db: Db;
      jobs: Jobs;
      files: FilesService;
      catalogue: CatalogueService;
      /** Rows between two progress updates of the task. */
      progressEvery?: number;
      log?: (obj: object, msg: string) => void;
    },
  ) {
    deps.files.onUploaded(
      'nomenclature_import',
      async (record, partnerId) => {
        await deps.jobs.send('file.import', { partnerId, fileId: record.id });
      },
      { max: IMPORT_FILES_AT_ONCE, error: () => new AppError('import.tooManyAtOnce', { field: 'file' }) },
    );
  }

  /** Register the job handler (a no-op where this process runs no workers). */
  start(): Promise<void> {
    return this.deps.jobs.work('file.import', (data) => this.run(data));
  }

  private async columns(ctx: CallContext, category: CategoryCode, mode: TemplateMode) {
    const brands = (await this.deps.catalogue.brands(ctx)).items.map((b) => b.name);
    return templateColumns(this.deps.catalogue, category, mode, brands);
  }

  /** Write the template of a category in a mode to `out` (full_update: with the partner's products). */
  async template(ctx: CallContext, category: CategoryCode, mode: TemplateMode, out: Writable): Promise<void> {
    const partnerId = requirePartner(ctx);
    const columns = await this.columns(ctx, category, mode);
    const categoryName =
      this.deps.catalogue.categories().items.find((c) => c.code === category)?.name ?? category;
    const db = ctx.db;
    async function* cards(): AsyncIterable<TemplateCard> {
      if (mode !== 'full_update') return;
      const rows = await q.productsOfCategory(db, partnerId, category);
      let current: TemplateCard | undefined;
      for (const r of rows) {
        const a = (r.attributes ?? {}) as Record<string, unknown>;
        const { gender, country, composition, sizeScale, legal, size, dataMatrix, ...attributes } = a;
        const sizeRow = {
          size: typeof size === 'string' ? size : '',
          sellerSku: r.sellerSku,
          barcode: r.barcode ?? '',
          dataMatrix: dataMatrix === true,
        };
        if (current?.sellerParentSku === r.sellerParentSku) {
          current.sizes.push(sizeRow);
          continue;
        }
        if (current) yield current;
        current = {
          category,
          sellerParentSku: r.sellerParentSku,
          title: r.title,
          brand: r.brand,
          ...(r.erpLevel1 && r.erpLevel2
            ? { erpCategory: { level1: r.erpLevel1, level2: r.erpLevel2 } }
            : {}),
          ...(r.price !== null ? { price: r.price } : {}),
          ...(gender ? { gender: gender as ProductCard['gender'] } : {}),
          ...(country ? { country: country as ProductCard['country'] } : {}),
          ...(composition ? { composition: composition as ProductCard['composition'] } : {}),
          ...(sizeScale ? { sizeScale: sizeScale as string } : {}),
          ...(legal ? { legal: legal as ProductCard['legal'] } : {}),
          attributes: attributes as ProductCard['attributes'],
          sizes: [sizeRow],
        };
      }
      if (current) yield current;
    }
    await writeTemplate(out, { columns, category, categoryName, mode, cards: cards() });
  }

  /** The 'file.import' job: process one uploaded file; never throws for a bad file (the task says why). */
  async run({ partnerId, fileId }: { partnerId: number; fileId: string }): Promise<void> {
    const { db, files } = this.deps;
    const row = await files.row(db, partnerId, fileId);
    if (!row || row.type !== 'nomenclature_import' || row.status === 'ok' || row.status === 'fail') return;
    await files.setState(db, partnerId, fileId, { status: 'executing', rowsDone: 0 });
    try {
      const bytes = await files.bytes(row);
      const entries = centralDirectory(bytes);
      const sheetRows = await scanParts(bytes, entries, DATA_SHEET_PART);
      await files.setState(db, partnerId, fileId, {
        rowsTotal: Math.max(0, sheetRows - (FIRST_DATA_ROW - 1)),
      });
      const ctx = plainContext(db, { partnerId });
      const parsed = await this.read(ctx, bytes, async (done) => {
        await files.setState(db, partnerId, fileId, { rowsDone: done });
      });
      const errors = parsed.errors;
      const rowCount = parsed.rows.length;
      if (parsed.rows.length === 0 && errors.length === 0) throw new FileFailure('import.empty');
      // One transaction: the cards are checked against the catalogue as it stands and written together.
      const outcome = await db.transaction(async (tx) => {
        await q.lockPartnerImports(tx, partnerId);
        const txCtx = plainContext(tx, { partnerId });
        const cards = errors.length ? [] : await this.check(txCtx, parsed, errors);
        // The rows are in the cards now: let them go before the writing.
        parsed.rows.length = 0;
        if (errors.length) return 'error' as const;
        await this.write(tx, partnerId, cards);
        await files.setState(tx, partnerId, fileId, {
          status: 'ok',
          result: 'ok',
          rowsDone: rowCount,
          rowsTotal: rowCount,
          errorCount: 0,
          errorCode: null,
          errorMessage: null,
        });
        return 'ok' as const;
      });
      if (outcome === 'error') await this.refuseRows(row, errors, rowCount);
    } catch (err) {
      const failure =
        err instanceof FileFailure
          ? err
          : err instanceof RefusedFileError
            ? new FileFailure('import.refused', err.message)
            : null;
      if (!failure) this.deps.log?.({ err, fileId }, 'import: file unreadable');
      const f = failure ?? new FileFailure('import.unreadable');
      await files.setState(db, partnerId, fileId, {
        status: 'fail',
        result: 'failed',
        errorCode: f.code,
        errorMessage: f.message,
      });
    }
  }

  /** Read the sheet: stamp, header, rows by the template's columns; cell-level parse errors. */
  private async read(ctx: CallContext, bytes: Buffer, progress: (rows: number) => Promise<void>) {
    const every = this.deps.progressEvery ?? 2000;
    const errors: CellError[] = [];
    const rows: Row[] = [];
    let stamp: Stamp | null = null;
    let columns: Column[] = [];
    /** File column index → template column index. */
    let mapping: (number | undefined)[] = [];
    const headers: string[] = [];
    await readFirstSheet(bytes, async (r) => {
      if (r.number === STAMP_ROW) {
        stamp = parseStamp(r.cells[0] ?? '', Category.options);
        if (!stamp) throw new FileFailure('import.notTemplate');
        if (stamp.version < TEMPLATE_VERSION) throw new FileFailure('import.outdatedTemplate');
        if (stamp.version > TEMPLATE_VERSION) throw new FileFailure('import.notTemplate');
        columns = await this.columns(ctx, stamp.category, stamp.mode);
        return;
      }
      if (!stamp) throw new FileFailure('import.notTemplate');
      if (r.number === HEADER_ROW) {
        const seen = new Set<number>();
        mapping = r.cells.map((h) => {
          if (!h.trim()) return undefined;
          const name = norm(nameOfHeader(h));
          const i = columns.findIndex((c) => norm(c.name) === name);
          if (i < 0) errors.push({ row: r.number, column: h, message: MSG.unknownColumn });
          else if (seen.has(i)) errors.push({ row: r.number, column: h, message: MSG.duplicateColumn });
          else {
            seen.add(i);
            headers[i] = h.trim();
            return i;
          }
          return undefined;
        });
        columns.forEach((c, i) => {
          if (c.required && !seen.has(i))
            errors.push({ row: r.number, column: headerOf(c), message: MSG.missingColumn });
        });
        // A header that does not fit the template: its rows cannot be read column by column.
        return errors.length === 0;
      }
      if (r.number < FIRST_DATA_ROW) return;
      if (r.cells.every((c) => c.trim() === '')) return;
      const values: string[] = new Array<string>(columns.length).fill('');
      r.cells.forEach((v, j) => {
        const i = mapping[j];
        if (i !== undefined) values[i] = unguard(v.trim());
      });
      rows.push({ number: r.number, values });
      if (rows.length % every === 0) await progress(rows.length);
    });
    if (!stamp) throw new FileFailure('import.notTemplate');
    columns.forEach((c, i) => (headers[i] ??= headerOf(c)));
    return { stamp: stamp as Stamp, columns, headers, rows, errors };
  }

  /**
   * Build each parent's card from its rows, check it with the catalogue's rules against the partner's
   * catalogue (and the file's other cards), and record every bad cell. Returns the valid cards.
   */
  private async check(
    ctx: CallContext,
    parsed: { stamp: Stamp; columns: Column[]; headers: string[]; rows: Row[] },
    errors: CellError[],
  ) {
    const { stamp, columns, headers, rows } = parsed;
    const partnerId = requirePartner(ctx);
    const at = new Map(columns.map((c, i) => [c.code, i]));
    const seen = new Set<string>();
    const bad = (row: number, code: string, message: string) => {
      const i = at.get(code) ?? at.get('supplier_parent_sku')!;
      const key = `${row}:${i}`;
      if (seen.has(key)) return;
      seen.add(key);
      errors.push({ row, column: headers[i]!, message });
    };

    const groups = new Map<string, Row[]>();
    const parentAt = at.get('supplier_parent_sku')!;
    for (const r of rows) {
      const parent = r.values[parentAt]!;
      if (!parent) {
        bad(r.number, 'supplier_parent_sku', VALIDATION.required);
        continue;
      }
      const g = groups.get(parent);
      if (g) g.push(r);
      else groups.set(parent, [r]);
    }

    const catalogue = await q.partnerCatalogue(ctx.db, partnerId);
    const bySku = new Map(catalogue.map((p) => [p.sellerSku, p]));
    const byBarcode = new Map<string, string>();
    const parents = new Map<string, q.ExistingRow>();
    for (const p of catalogue) {
      if (p.barcode && !byBarcode.has(p.barcode)) byBarcode.set(p.barcode, p.sellerParentSku);
      if (!parents.has(p.sellerParentSku)) parents.set(p.sellerParentSku, p);
    }
    const brands = new Map((await this.deps.catalogue.brands(ctx)).items.map((b) => [b.name, b]));
    const fileSku = new Map<string, string>();
    const fileBarcode = new Map<string, string>();

    const valid: { card: ProductCard; existing: Map<string, q.ExistingRow> | undefined }[] = [];
    for (const [parent, group] of groups) {
      const first = group[0]!;
      // The parent's fields are the same on every row of the parent.
      for (const r of group.slice(1))
        columns.forEach((c, i) => {
          if (!c.perSize && r.values[i] !== first.values[i])
            bad(r.number, c.code, ERRORS['nomenclature.parentFieldsDiffer'].message);
        });
      const before = errors.length;
      const raw = this.cardOf(stamp.category, columns, group, bad);
      const res = ProductCard.safeParse(raw, { error: ruErrorMap });
      if (!res.success) {
        for (const issue of res.error.issues) {
          const [code, index] = cellOfField(issue.path.map(String).join('.'));
          bad(
            index === undefined ? first.number : (group[index]?.number ?? first.number),
            code,
            issue.message,
          );
        }
        continue;
      }
      const card = res.data;
      const clashes: { sellerSku: string | null; barcode: string | null }[] = [];
      for (const s of card.sizes) {
        const owner = bySku.get(s.sellerSku)?.sellerParentSku ?? fileSku.get(s.sellerSku);
        if (owner !== undefined && owner !== parent) clashes.push({ sellerSku: s.sellerSku, barcode: null });
        const bOwner = byBarcode.get(s.barcode) ?? fileBarcode.get(s.barcode);
        if (bOwner !== undefined && bOwner !== parent) clashes.push({ sellerSku: null, barcode: s.barcode });
      }
      for (const s of card.sizes) {
        if (!fileSku.has(s.sellerSku)) fileSku.set(s.sellerSku, parent);
        if (!fileBarcode.has(s.barcode)) fileBarcode.set(s.barcode, parent);
      }
      const found = cardErrors(card, { parent: parents.get(parent), clashes, brand: brands.get(card.brand) });
      for (const e of found) {
        const [code, index] = cellOfField(e.field);
        bad(index === undefined ? first.number : (group[index]?.number ?? first.number), code, e.message);
      }
      if (errors.length === before)
        valid.push({
          card,
          // Only the sizes already in the catalogue (to update); most cards of a file have none.
          existing: card.sizes.some((s) => bySku.has(s.sellerSku))
            ? new Map(
                card.sizes.flatMap((s) =>
                  bySku.has(s.sellerSku) ? [[s.sellerSku, bySku.get(s.sellerSku)!]] : [],
                ),
              )
            : undefined,
        });
    }
    errors.sort((a, b) => a.row - b.row);
    return valid;
  }

  /** The card of one parent from its rows, values turned from the sheet's text into the card's types. */
  private cardOf(
    category: CategoryCode,
    columns: Column[],
    group: Row[],
    bad: (row: number, code: string, message: string) => void,
  ): unknown {
    const at = new Map(columns.map((c, i) => [c.code, i]));
    const first = group[0]!;
    const text = (r: Row, code: string) => {
      const i = at.get(code);
      return i === undefined ? '' : r.values[i]!;
    };
    const entries = (code: string): DictionaryEntry[] =>
      code === 'tn_ved'
        ? this.deps.catalogue.dictionary('tn_ved').items
        : (columns[at.get(code)!]?.entries ?? []);
    const dict = (r: Row, code: string): string | undefined => {
      const v = text(r, code);
      if (!v) return undefined;
      if (code === 'tn_ved') {
        const digits = v.split('—')[0]!.replace(/\s/g, '');
        if (/^\d{10}$/.test(digits)) return digits;
      }
      const e = entries(code).find(
        (x) => x.code === v || norm(x.name) === norm(v) || norm(x.code) === norm(v),
      );
      return e?.code ?? v;
    };
    const bool = (r: Row, code: string): boolean | undefined => {
      const v = norm(text(r, code));
      if (!v) return undefined;
      if (['да', 'yes', 'true', '1'].includes(v)) return true;
      if (['нет', 'no', 'false', '0'].includes(v)) return false;
      bad(r.number, code, MSG.boolean);
      return undefined;
    };
    const num = (r: Row, code: string): number | undefined => {
      const v = text(r, code)
        .replace(/[\s\u00a0]/g, '')
        .replace(',', '.');
      if (!v) return undefined;
      if (!/^-?\d+(\.\d+)?$/.test(v)) {
        bad(r.number, code, MSG.number);
        return undefined;
      }
      return Number(v);
    };
    const composition = () => {
      const v = text(first, 'composition');
      if (!v) return undefined;
      const parts = v
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean);
      const out = parts.map((p) => /^(.+?)\s*(\d+(?:[.,]\d+)?)\s*%?$/.exec(p));
      if (out.some((m) => !m)) {
        bad(first.number, 'composition', MSG.composition);
        return undefined;
      }
      return out.map((m) => ({ material: m![1]!.trim(), percent: Number(m![2]!.replace(',', '.')) }));
    };
    const attributes: Record<string, unknown> = {};
    for (const c of columns) {
      if (!c.code || FIXED.has(c.code)) continue;
      if (!text(first, c.code)) continue;
      attributes[c.code] =
        c.kind === 'number'
          ? num(first, c.code)
          : c.kind === 'boolean'
            ? bool(first, c.code)
            : c.kind === 'multi'
              ? text(first, c.code)
                  .split(/[;,]/)
                  .map((x) => x.trim())
                  .filter(Boolean)
                  .map((x) => c.entries?.find((e) => e.code === x || norm(e.name) === norm(x))?.code ?? x)
              : c.kind === 'list'
                ? dict(first, c.code)
                : text(first, c.code);
      if (attributes[c.code] === undefined) delete attributes[c.code];
    }
    return {
      category,
      sellerParentSku: text(first, 'supplier_parent_sku'),
      title: text(first, 'title'),
      brand: text(first, 'brand'),
      gender: dict(first, 'gender'),
      country: dict(first, 'country'),
      erpCategory: { level1: text(first, 'erp_category'), level2: text(first, 'erp_subcategory') },
      composition: composition(),
      sizeScale: dict(first, 'size_scale'),
      sizes: group.map((r) => ({
        size: dict(r, 'size_value'),
        sellerSku: text(r, 'supplier_sku'),
        barcode: text(r, 'product_identifier'),
        dataMatrix: bool(r, 'data_matrix') ?? false,
      })),
      price: num(first, 'price'),
      attributes,
      legal: {
        tnVed: dict(first, 'tn_ved'),
        producer: text(first, 'producer'),
        producerAddress: text(first, 'producer_address'),
        isResale: bool(first, 'is_resale') ?? false,
        eac: bool(first, 'eac') ?? false,
      },
    };
  }

  /** Create or update every card's rows (update by seller SKU), as manual creation stores them. */
  private async write(
    tx: DbOrTx,
    partnerId: number,
    cards: { card: ProductCard; existing: Map<string, q.ExistingRow> | undefined }[],
  ): Promise<void> {
    const catalogue = await q.partnerCatalogue(tx, partnerId);
    const parentSku = new Map<string, string>();
    for (const p of catalogue)
      if (!parentSku.has(p.sellerParentSku)) parentSku.set(p.sellerParentSku, p.modaParentSku);
    const newParents = cards.filter(({ card }) => !parentSku.has(card.sellerParentSku));
    const fresh = await q.nextModaParentSkus(tx, newParents.length);
    newParents.forEach(({ card }, i) => parentSku.set(card.sellerParentSku, fresh[i]!));
    const pending: { card: ProductCard; size: ProductCard['sizes'][number] }[] = [];
    for (const { card, existing } of cards) {
      const { common, details } = cardRowValues(card);
      for (const s of card.sizes) {
        const row = existing?.get(s.sellerSku);
        if (row)
          await q.updateProduct(tx, partnerId, row.id, {
            ...common,
            barcode: s.barcode,
            attributes: details(s),
          });
        else pending.push({ card, size: s });
      }
    }
    const skus = await q.nextModaSkus(tx, pending.length);
    // Rows are built chunk by chunk as they are sent, never all at once.
    const rowOf = (i: number): q.NewProduct => {
      const { card, size } = pending[i]!;
      const { common, details } = cardRowValues(card);
      return {
        partnerId,
        modaSku: skus[i]!,
        modaParentSku: parentSku.get(card.sellerParentSku)!,
        sellerSku: size.sellerSku,
        sellerParentSku: card.sellerParentSku,
        barcode: size.barcode,
        title: common.title,
        brand: common.brand,
        category: common.category,
        erpLevel1: common.erpLevel1,
        erpLevel2: common.erpLevel2,
        price: common.price,
        status: common.status,
        moderationStatus: common.moderationStatus,
        attributes: details(size),
      };
    };
    await q.insertProducts(tx, pending.length, rowOf);
  }

  /** Rows refused: nothing written; the error report is stored and the task fails with the first error. */
  private async refuseRows(
    row: Parameters<FilesService['putResult']>[0],
    errors: CellError[],
    rowsRead: number,
  ) {
    const { files, db } = this.deps;
    const key = await files.putResult(row, errorCsv(errors));
    const firstError = errors[0]!;
    await files.setState(db, row.partnerId, row.id, {
      status: 'fail',
      result: 'error',
      resultKey: key,
      rowsDone: rowsRead,
      errorCount: errors.length,
      errorCode: 'import.rowsRefused',
      errorMessage: `Строка ${firstError.row}, столбец «${firstError.column}»: ${firstError.message}`,
    });
  }
}

/** The card's own fields, with their own columns (everything else is an attribute). */
const FIXED = new Set([
  'supplier_parent_sku',
  'supplier_sku',
  'size_scale',
  'size_value',
  'product_identifier',
  'data_matrix',
  'title',
  'brand',
  'gender',
  'country',
  'erp_category',
  'erp_subcategory',
  'composition',
  'price',
  'tn_ved',
  'producer',
  'producer_address',
  'eac',
  'is_resale',
]);

const FIELD_COLUMNS: Record<string, string> = {
  sellerParentSku: 'supplier_parent_sku',
  category: 'supplier_parent_sku',
  title: 'title',
  brand: 'brand',
  gender: 'gender',
  country: 'country',
  price: 'price',
  erpCategory: 'erp_category',
  'erpCategory.level1': 'erp_category',
  'erpCategory.level2': 'erp_subcategory',
  composition: 'composition',
  sizeScale: 'size_scale',
  sizes: 'data_matrix',
  'legal.tnVed': 'tn_ved',
  'legal.producer': 'producer',
  'legal.producerAddress': 'producer_address',
  'legal.isResale': 'is_resale',
  'legal.eac': 'eac',
};
const SIZE_COLUMNS: Record<string, string> = {
  size: 'size_value',
  sellerSku: 'supplier_sku',
  barcode: 'product_identifier',
  dataMatrix: 'data_matrix',
};

/** The column (and the size's index) a card field's error belongs to. */
function cellOfField(field: string): [string, number | undefined] {
  const size = /^sizes\.(\d+)\.(\w+)/.exec(field);
  if (size) return [SIZE_COLUMNS[size[2]!] ?? 'supplier_sku', Number(size[1])];
  if (field.startsWith('attributes.')) return [field.split('.')[1]!, undefined];
  if (field.startsWith('composition')) return ['composition', undefined];
  return [FIELD_COLUMNS[field] ?? 'supplier_parent_sku', undefined];
}

/** The error report: byte-order mark, commas, RFC 4180 quoting, text guarded against formulas. */
export function errorCsv(errors: CellError[]): Readable {
  const out = stringify({ bom: true, delimiter: ',', record_delimiter: 'windows', quote: '"', escape: '"' });
  Readable.from(
    (function* () {
      yield ['Строка', 'Столбец', 'Ошибка'];
      for (const e of errors) yield [String(e.row), safeCellText(e.column), safeCellText(e.message)];
    })(),
  ).pipe(out);
  return out;
}
