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

/** The data sheet as its stamp and header row describe it. */
interface SheetLayout {
  stamp: Stamp;
  columns: Column[];
  /** Each template column's header as the file has it. */
  headers: string[];
  /** The template column of the parent's SKU. */
  parentAt: number;
}

/** A parent's rows came back after its batch was checked: the file is taken again as one batch. */
class ScatteredParent extends Error {}

type Bad = (row: number, code: string, message: string) => void;
type ValidCard = { card: ProductCard; existing: Map<string, q.ExistingRow> | undefined };

/**
 * Checks batches of rows against the partner's catalogue as it stood when the file's transaction began
 * and the file's earlier cards, and writes the valid cards.
 */
class Checker {
  readonly parentAt: number;
  private readonly at: Map<string, number>;
  private readonly bySku: Map<string, q.ExistingRow>;
  private readonly byBarcode = new Map<string, string>();
  private readonly parents = new Map<string, q.ExistingRow>();
  /** Seller parent SKU → Moda parent SKU, of the catalogue and of the file's written cards. */
  private readonly parentSku = new Map<string, string>();
  private readonly fileSku = new Map<string, string>();
  private readonly fileBarcode = new Map<string, string>();

  constructor(
    private readonly partnerId: number,
    private readonly sheet: SheetLayout,
    catalogue: q.ExistingRow[],
    private readonly brands: Map<string, { needsPermission: boolean; permissionGranted: boolean }>,
    private readonly cardOf: (group: Row[], bad: Bad) => unknown,
  ) {
    this.parentAt = sheet.parentAt;
    this.at = new Map(sheet.columns.map((c, i) => [c.code, i]));
    this.bySku = new Map(catalogue.map((p) => [p.sellerSku, p]));
    for (const p of catalogue) {
      if (p.barcode && !this.byBarcode.has(p.barcode)) this.byBarcode.set(p.barcode, p.sellerParentSku);
      if (!this.parents.has(p.sellerParentSku)) {
        this.parents.set(p.sellerParentSku, p);
        this.parentSku.set(p.sellerParentSku, p.modaParentSku);
      }
    }
  }

  /**
   * Build each parent's card from its rows, check it with the catalogue's rules against the partner's
   * catalogue (and the file's other cards), and record every bad cell. Returns the valid cards.
   */
  check(rows: Row[], errors: CellError[]): ValidCard[] {
    const { columns, headers } = this.sheet;
    const { at, bySku, byBarcode, parents, fileSku, fileBarcode } = this;
    const seen = new Set<string>();
    const bad: Bad = (row, code, message) => {
      const i = at.get(code) ?? this.parentAt;
      const key = `${row}:${i}`;
      if (seen.has(key)) return;
      seen.add(key);
      errors.push({ row, column: headers[i]!, message });
    };

    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const parent = r.values[this.parentAt]!;
      if (!parent) {
        bad(r.number, 'supplier_parent_sku', VALIDATION.required);
        continue;
      }
      const g = groups.get(parent);
      if (g) g.push(r);
      else groups.set(parent, [r]);
    }

    const valid: ValidCard[] = [];
    for (const [parent, group] of groups) {
      const first = group[0]!;
      // The parent's fields are the same on every row of the parent.
      for (let k = 1; k < group.length; k++) {
        const r = group[k]!;
        columns.forEach((c, i) => {
          if (!c.perSize && r.values[i] !== first.values[i])
            bad(r.number, c.code, ERRORS['nomenclature.parentFieldsDiffer'].message);
        });
      }
      const before = errors.length;
      const raw = this.cardOf(group, bad);
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
      const found = cardErrors(card, {
        parent: parents.get(parent),
        clashes,
        brand: this.brands.get(card.brand),
      });
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
    return valid;
  }

  /** Create or update the cards' rows (update by seller SKU), as manual creation stores them. */
  async write(tx: DbOrTx, cards: ValidCard[]): Promise<void> {
    const { partnerId, parentSku } = this;
    const newParents = cards.filter(({ card }) => !parentSku.has(card.sellerParentSku));
    const fresh = await q.nextModaParentSkus(tx, newParents.length);
    newParents.forEach(({ card }, i) => parentSku.set(card.sellerParentSku, fresh[i]!));
    // Rows go to PostgreSQL as JSON text, built here: what a card's sizes share is serialised once per card.
    const inserts: string[] = [];
    const updates: string[] = [];
    for (const { card, existing } of cards) {
      const { common, details } = cardRowValues(card);
      const shared = JSON.stringify({
        title: common.title,
        brand: common.brand,
        category: common.category,
        erpLevel1: common.erpLevel1,
        erpLevel2: common.erpLevel2,
        price: common.price,
        status: common.status,
        moderationStatus: common.moderationStatus,
      }).slice(1, -1);
      // The stored attributes but the size's own two (jsonb keeps no key order, so they may come first).
      const { size: _size, dataMatrix: _dataMatrix, ...rest } = details(card.sizes[0]!);
      const restJson = JSON.stringify(rest).slice(1, -1);
      const parent = JSON.stringify(card.sellerParentSku);
      const moda = JSON.stringify(parentSku.get(card.sellerParentSku)!);
      for (const s of card.sizes) {
        const attributes =
          `{"dataMatrix":${s.dataMatrix}` +
          (s.size === undefined ? '' : `,"size":${JSON.stringify(s.size)}`) +
          (restJson ? `,${restJson}}` : '}');
        const row = existing?.get(s.sellerSku);
        if (row)
          updates.push(
            `{"id":${row.id},"barcode":${JSON.stringify(s.barcode)},${shared},"attributes":${attributes}}`,
          );
        else
          inserts.push(
            `{"modaParentSku":${moda},"sellerSku":${JSON.stringify(s.sellerSku)},"sellerParentSku":${parent},` +
              `"barcode":${JSON.stringify(s.barcode)},${shared},"attributes":${attributes}}`,
          );
      }
    }
    await q.updateProducts(tx, partnerId, updates);
    await q.insertProducts(tx, partnerId, inserts);
  }
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
      /** Rows checked and written together (whole parents; the last parent may take it past). */
      batchRows?: number;
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
      // Rows are checked and written batch by batch while the sheet is read; a parent whose rows come
      // back after its batch was written needs the whole file's rows at once: the file is read again so.
      let outcome = await this.importRows(row, bytes, false).catch((err: unknown) => {
        if (err instanceof ScatteredParent) return null;
        throw err;
      });
      outcome ??= await this.importRows(row, bytes, true);
      if (outcome.errors.length) await this.refuseRows(row, outcome.errors, outcome.rowCount);
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

  /**
   * Read, check and write the file in one transaction — all of its products or none. Rows are taken in
   * batches of whole parents: while PostgreSQL writes one batch, the next is read and checked. Once a cell
   * is bad nothing more is written (the transaction is rolled back) but every row is still checked, for
   * the report. `wholeFile`: one batch of all rows (a parent's rows scattered through the file).
   */
  private async importRows(
    file: Parameters<FilesService['putResult']>[0],
    bytes: Buffer,
    wholeFile: boolean,
  ): Promise<{ errors: CellError[]; rowCount: number }> {
    const { db, files } = this.deps;
    const { partnerId, id: fileId } = file;
    const every = this.deps.progressEvery ?? 2000;
    const batchRows = wholeFile ? Infinity : (this.deps.batchRows ?? 2000);
    const errors: CellError[] = [];
    let rowCount = 0;
    const rollback = new Error('rows refused');
    try {
      await db.transaction(async (tx) => {
        await q.lockPartnerImports(tx, partnerId);
        const ctx = plainContext(tx, { partnerId });
        let checker: Checker | undefined;
        let batch: Row[] = [];
        let batchParent = '';
        const batchParents = new Set<string>();
        /** Parents of the batches already checked. */
        const done = new Set<string>();
        let writing: Promise<void> = Promise.resolve();
        const flush = async (sheet: SheetLayout) => {
          checker ??= await this.checker(ctx, sheet);
          const cards = checker.check(batch, errors);
          for (const parent of batchParents) done.add(parent);
          batch = [];
          batchParents.clear();
          if (errors.length) return;
          // One write in flight: the next batch is read and checked meanwhile, never more than that.
          await writing;
          writing = checker.write(tx, cards);
          writing.catch(() => undefined);
        };
        let layout: SheetLayout | undefined;
        await this.read(ctx, fileId, bytes, errors, async (r, sheet) => {
          layout = sheet;
          const parent = r.values[sheet.parentAt]!;
          if (parent && parent !== batchParent) {
            if (done.has(parent)) throw new ScatteredParent();
            // A batch ends between two parents (a parent met again within the batch stays in it).
            if (batch.length >= batchRows && !batchParents.has(parent)) await flush(sheet);
            batchParent = parent;
            batchParents.add(parent);
          }
          batch.push(r);
          if (++rowCount % every === 0) await files.setState(db, partnerId, fileId, { rowsDone: rowCount });
        });
        if (rowCount === 0 && errors.length === 0) throw new FileFailure('import.empty');
        if (layout && batch.length) await flush(layout);
        await writing;
        if (errors.length) throw rollback;
        await files.setState(tx, partnerId, fileId, {
          status: 'ok',
          result: 'ok',
          rowsDone: rowCount,
          rowsTotal: rowCount,
          errorCount: 0,
          errorCode: null,
          errorMessage: null,
        });
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
    errors.sort((a, b) => a.row - b.row);
    return { errors, rowCount };
  }

  /**
   * Read the sheet: stamp, header, then each data row by the template's columns to `onRow`; cell-level
   * errors of the header stop the reading.
   */
  private async read(
    ctx: CallContext,
    fileId: string,
    bytes: Buffer,
    errors: CellError[],
    onRow: (row: Row, sheet: SheetLayout) => Promise<void>,
  ): Promise<void> {
    let stamp: Stamp | null = null;
    let columns: Column[] = [];
    /** File column index → template column index. */
    let mapping: (number | undefined)[] = [];
    let sheet: SheetLayout | undefined;
    // Hostile files are refused before exceljs sees them.
    const sheetRows = await scanParts(bytes, centralDirectory(bytes), DATA_SHEET_PART);
    await this.deps.files.setState(this.deps.db, requirePartner(ctx), fileId, {
      rowsTotal: Math.max(0, sheetRows - (FIRST_DATA_ROW - 1)),
    });
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
        const headers: string[] = [];
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
        columns.forEach((c, i) => (headers[i] ??= headerOf(c)));
        sheet = {
          stamp,
          columns,
          headers,
          parentAt: columns.findIndex((c) => c.code === 'supplier_parent_sku'),
        };
        // A header that does not fit the template: its rows cannot be read column by column.
        return errors.length === 0;
      }
      if (r.number < FIRST_DATA_ROW || !sheet) return;
      let empty = true;
      const values: string[] = new Array<string>(columns.length).fill('');
      for (let j = 0; j < r.cells.length; j++) {
        const v = r.cells[j]!.trim();
        if (v === '') continue;
        empty = false;
        const i = mapping[j];
        if (i !== undefined) values[i] = unguard(v);
      }
      if (empty) return;
      await onRow({ number: r.number, values }, sheet);
    });
    if (!stamp) throw new FileFailure('import.notTemplate');
  }

  /** The facts the rules need about the partner's catalogue, gathered once per file. */
  private async checker(ctx: CallContext, sheet: SheetLayout): Promise<Checker> {
    const partnerId = requirePartner(ctx);
    const catalogue = await q.partnerCatalogue(ctx.db, partnerId);
    const brands = new Map((await this.deps.catalogue.brands(ctx)).items.map((b) => [b.name, b]));
    const at = new Map(sheet.columns.map((c, i) => [c.code, i]));
    const found = new Map<string, string>();
    return new Checker(partnerId, sheet, catalogue, brands, (group, bad) =>
      this.cardOf(sheet.stamp.category, sheet.columns, at, found, group, bad),
    );
  }

  /** The card of one parent from its rows, values turned from the sheet's text into the card's types. */
  private cardOf(
    category: CategoryCode,
    columns: Column[],
    at: Map<string, number>,
    /** Dictionary values found in this file: column code + value → the entry's code (misses not kept). */
    found: Map<string, string>,
    group: Row[],
    bad: (row: number, code: string, message: string) => void,
  ): unknown {
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
      const key = `${code}\u0000${v}`;
      let known = found.get(key);
      if (known === undefined) {
        const n = norm(v);
        const e = entries(code).find((x) => x.code === v || norm(x.name) === n || norm(x.code) === n);
        if (!e) return v;
        known = e.code;
        found.set(key, known);
      }
      return known;
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
                  .map((x) => {
                    const key = `${c.code}\u0001${x}`;
                    let known = found.get(key);
                    if (known === undefined) {
                      const n = norm(x);
                      known = c.entries?.find((e) => e.code === x || norm(e.name) === n)?.code;
                      if (known === undefined) return x;
                      found.set(key, known);
                    }
                    return known;
                  })
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
