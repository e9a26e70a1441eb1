// Product import from Excel (issue 8; spec 000 §2 /nomenclatures/add/excel, §4 task and import states;
// spec 001 §5 Files). An upload of type nomenclature_import becomes a task (new → executing → ok / fail)
// run by the 'file.import' job: hostile files are refused before parsing (zip-guard), the data sheet is
// read as a stream, every card is checked by the catalogue's own rules (cardErrors, the validator of
// manual creation), and the file is written in one transaction — all of its products or none. Every bad
// cell goes to a CSV error report.
import { Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Category, ERRORS, IMPORT_FILES_AT_ONCE, type CategoryCode, type ErrorKey } from '@moda/contracts';
import type { Db } from '../../db/client';
import { defineJob, type Jobs } from '../../jobs/jobs';
import { safeCellText, looksLikeFormula } from '../../files/safe-cell';
import type { CallContext } from '../../core/context';
import { plainContext, requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import type { CatalogueService } from '../catalogue';
import { storedCard, type StoredCard } from '../catalogue';
import type { UploadsService } from '../uploads';
import * as q from './imports.queries';
import { readFirstSheet } from './sheet-reader';
import { Checker, type CellError, type Row, type SheetLayout } from './imports.checker';
import { cardMapper, norm } from './imports.card';
import {
  FIRST_DATA_ROW,
  HEADER_ROW,
  STAMP_ROW,
  TEMPLATE_VERSION,
  headerOf,
  nameOfHeader,
  parseStamp,
  templateColumns,
  type Column,
  type TemplateMode,
  type Stamp,
} from '../catalogue';
import { writeTemplate, type TemplateCard } from '../catalogue';
import { RefusedFileError, centralDirectory, inReadingOrder, scanParts } from './zip-guard';
import type { ImportUpdatesService } from './imports.updates';
import { emitEvent } from '../webhooks';

/** Refuses the whole file with a coded message (result failed). */
class FileFailure extends Error {
  constructor(
    readonly code: ErrorKey,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }
}

/** A parent's rows came back after its batch was checked: the file is taken again as one batch. */
class ScatteredParent extends Error {}

const DATA_SHEET_PART = 'xl/worksheets/sheet1.xml';
const MSG = {
  unknownColumn: 'Такого столбца нет в шаблоне',
  missingColumn: 'В файле нет обязательного столбца',
  duplicateColumn: 'Столбец повторяется',
};

/** Undo the formula guard of our own exports: `'=x` written by safeCellText reads back as `=x`. */
const unguard = (s: string) => (s.startsWith("'") && looksLikeFormula(s.slice(1)) ? s.slice(1) : s);

/** Process an uploaded product file. Applied in one transaction or not at all, so one retry after a crash is safe. */
export const importJob = defineJob<{ partnerId: number; fileId: string }>('file.import', {
  retryLimit: 1,
  retryDelay: 30,
  expireInSeconds: 1800,
});

export class ImportsService {
  constructor(
    private readonly deps: {
      db: Db;
      jobs: Jobs;
      files: UploadsService;
      catalogue: CatalogueService;
      /** The previews of update files (full_update): without it an update file is written at once. */
      updates?: ImportUpdatesService;
      /** Rows between two progress updates of the task. */
      progressEvery?: number;
      /** Products (sizes) of valid cards written together (whole cards; the last card may take it past). */
      batchRows?: number;
      log?: (obj: object, msg: string) => void;
    },
  ) {
    deps.files.onUploaded(
      'nomenclature_import',
      async (record, partnerId) => {
        await deps.jobs.send(importJob, { partnerId, fileId: record.id });
      },
      { max: IMPORT_FILES_AT_ONCE, error: () => new AppError('import.tooManyAtOnce', { field: 'file' }) },
    );
  }

  private async columns(ctx: CallContext, category: CategoryCode, mode: TemplateMode) {
    const brands = (await this.deps.catalogue.brands(ctx)).items.map((b) => b.name);
    return templateColumns(this.deps.catalogue, category, mode, brands);
  }

  /**
   * Write the template of a category in a mode to `out` (full_update: with the partner's products; `edit`
   * changes or leaves out a card as a seller editing the file would — the demo's update files).
   */
  async template(
    ctx: CallContext,
    category: CategoryCode,
    mode: TemplateMode,
    out: Writable,
    edit?: (card: StoredCard) => StoredCard | null,
  ): Promise<void> {
    const partnerId = requirePartner(ctx);
    const columns = await this.columns(ctx, category, mode);
    const categoryName =
      this.deps.catalogue.categories().items.find((c) => c.code === category)?.name ?? category;
    const db = ctx.db;
    async function* cards(): AsyncIterable<TemplateCard> {
      if (mode !== 'full_update') return;
      const rows = await q.productsOfCategory(db, partnerId, category);
      // Rows come parents together: each parent's run of rows is one card.
      for (let i = 0; i < rows.length;) {
        let end = i + 1;
        while (end < rows.length && rows[end]!.sellerParentSku === rows[i]!.sellerParentSku) end++;
        const card = storedCard(rows[i]!, rows.slice(i, end));
        const edited = edit ? edit(card) : card;
        if (edited) yield edited;
        i = end;
      }
    }
    await writeTemplate(out, { columns, category, categoryName, mode, cards: cards() });
  }

  /** The 'file.import' job: process one uploaded file; never throws for a bad file (the task says why). */
  /**
   * The job's process died on its last try (no heartbeat): the file's transaction never committed, so nothing
   * of it was saved; the task says so instead of staying «выполняется».
   */
  async abandon({ partnerId, fileId }: { partnerId: number; fileId: string }): Promise<void> {
    const f = new FileFailure('import.interrupted');
    await this.finish(partnerId, fileId, {
      status: 'fail',
      result: 'failed',
      errorCode: f.code,
      errorMessage: f.message,
    });
  }

  /**
   * The file's task reaches its final state, with the webhook event `import.finished` in the same
   * transaction (an update file's preview is not final: its event is sent when it is applied).
   */
  private async finish(
    partnerId: number,
    fileId: string,
    state: Parameters<UploadsService['setState']>[3] & { status: 'ok' | 'fail' },
    tx?: Parameters<UploadsService['setState']>[0],
  ): Promise<void> {
    const write = async (db: Parameters<UploadsService['setState']>[0]) => {
      await this.deps.files.setState(db, partnerId, fileId, state);
      await emitEvent(db, {
        partnerId,
        type: 'import.finished',
        objectId: fileId,
        payload: {
          taskId: fileId,
          type: 'nomenclature_import',
          status: state.status,
          errors: state.errorCount ?? 0,
        },
      });
    };
    if (tx) await write(tx);
    else await this.deps.db.transaction(write);
  }

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
      await this.finish(partnerId, fileId, {
        status: 'fail',
        result: 'failed',
        errorCode: f.code,
        errorMessage: f.message,
      });
    }
  }

  /**
   * Read, check and write the file in one transaction — all of its products or none. Each parent's rows
   * are checked as soon as the next parent begins, and the valid cards' rows go to PostgreSQL in batches:
   * while one batch is written, the next is read and checked. Once a cell is bad nothing more is written
   * (the transaction is rolled back) but every row is still checked, for the report. `wholeFile`: all rows
   * first, then checked together (a parent's rows scattered through the file).
   */
  private async importRows(
    file: Parameters<UploadsService['putResult']>[0],
    bytes: Buffer,
    wholeFile: boolean,
  ): Promise<{ errors: CellError[]; rowCount: number }> {
    const { db, files } = this.deps;
    const { partnerId, id: fileId } = file;
    const every = this.deps.progressEvery ?? 2000;
    const batchRows = this.deps.batchRows ?? 2000;
    const errors: CellError[] = [];
    let rowCount = 0;
    const rollback = new Error('rows refused');
    let scattered = false;
    try {
      await db.transaction(async (tx) => {
        await q.lockPartnerImports(tx, partnerId);
        const ctx = plainContext(tx, { partnerId });
        let checker: Checker | undefined;
        /** The rows of the parent being read (wholeFile: of the whole file). */
        let group: Row[] = [];
        let groupParent = '';
        /** Parents already checked. */
        const done = new Set<string>();
        let writing: Promise<void> = Promise.resolve();
        /** The write before the last one queued. */
        let earlier: Promise<void> = writing;
        /** The task's progress update in flight, if any. */
        let progress: Promise<void> | undefined;
        const check = (c: Checker) => {
          if (group.length) c.check(group, errors);
          if (groupParent) done.add(groupParent);
          group = [];
        };
        /** An update file (full_update) fills its preview instead of writing (issue 28). */
        let previewing = false;
        const checkerOf = async (sheet: SheetLayout) => {
          const c = await this.checker(ctx, sheet);
          if (sheet.stamp.mode === 'full_update' && this.deps.updates) {
            await this.deps.updates.begin(tx, partnerId, fileId, sheet.stamp.category, sheet.columns);
            previewing = true;
          }
          return c;
        };
        /** Send the rows checked so far; one write in flight, the next batch is read and checked meanwhile. */
        const flush = async (c: Checker) => {
          const rows = c.take();
          if ((errors.length && !previewing) || rows.rows === 0) return;
          // Two writes at most: the next one queued behind the one the database is doing, so that it never
          // waits for the reading between two batches.
          await earlier;
          earlier = writing;
          writing = writing.then(() =>
            previewing ? this.deps.updates!.record(ctx, fileId, rows.updates) : c.write(tx, rows),
          );
          writing.catch(() => undefined);
        };
        let layout: SheetLayout | undefined;
        // Synchronous but when it has to wait: for the partner's catalogue, a write, the progress.
        const onRow = (r: Row, sheet: SheetLayout): Promise<void> | void => {
          layout = sheet;
          let wait: Promise<void> | undefined;
          const parent = r.values[sheet.parentAt]!;
          // A row without a parent stays with the rows around it (the rules report it).
          if (!wholeFile && parent && parent !== groupParent) {
            if (done.has(parent)) {
              scattered = true;
              throw new ScatteredParent();
            }
            if (!checker)
              return checkerOf(sheet).then((c) => {
                checker = c;
                return onRow(r, sheet);
              });
            check(checker);
            if (checker.queued >= batchRows) wait = flush(checker);
            groupParent = parent;
          }
          group.push(r);
          if (++rowCount % every === 0 && !progress) {
            // The reading does not wait for it; one update at a time (a later count is sent by the next).
            progress = files
              .setState(db, partnerId, fileId, { rowsDone: rowCount })
              .catch((err: unknown) => this.deps.log?.({ err, fileId }, 'import: progress not saved'))
              .finally(() => {
                progress = undefined;
              });
          }
          return wait;
        };
        const reading = this.read(ctx, fileId, bytes, errors, onRow);
        // The transaction rolls back only once a write in flight has finished with the connection; the task's
        // final state is written only after the last progress update (which would otherwise overwrite it).
        await reading.catch(async (err: unknown) => {
          await writing.catch(() => undefined);
          await progress;
          throw err;
        });
        await progress;
        if (rowCount === 0 && errors.length === 0) throw new FileFailure('import.empty');
        if (layout) {
          checker ??= await checkerOf(layout);
          check(checker);
          await flush(checker);
        }
        await writing;
        if (previewing) {
          // The preview is ready: refused rows are shown in it beside the products that change.
          await this.deps.updates!.refuse(tx, partnerId, fileId, errors);
          await files.setState(tx, partnerId, fileId, {
            status: 'ok',
            result: 'ok',
            rowsDone: rowCount,
            rowsTotal: rowCount,
            errorCount: errors.length,
            errorCode: null,
            errorMessage: null,
          });
          errors.length = 0;
          return;
        }
        if (errors.length) throw rollback;
        await this.finish(
          partnerId,
          fileId,
          {
            status: 'ok',
            result: 'ok',
            rowsDone: rowCount,
            rowsTotal: rowCount,
            errorCount: 0,
            errorCode: null,
            errorMessage: null,
          },
          tx,
        );
      });
    } catch (err) {
      // The sheet's stream may report the callback's refusal as an error of its own: the flag says what it was.
      if (scattered) throw new ScatteredParent();
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
    onRow: (row: Row, sheet: SheetLayout) => Promise<void> | void,
  ): Promise<void> {
    let stamp: Stamp | null = null;
    let columns: Column[] = [];
    /** File column index → template column index. */
    let mapping: (number | undefined)[] = [];
    let sheet: SheetLayout | undefined;
    // Hostile files are refused before exceljs sees them.
    const entries = centralDirectory(bytes);
    const sheetRows = await scanParts(bytes, entries, DATA_SHEET_PART);
    await this.deps.files.setState(this.deps.db, requirePartner(ctx), fileId, {
      rowsTotal: Math.max(0, sheetRows - (FIRST_DATA_ROW - 1)),
    });
    await readFirstSheet(inReadingOrder(bytes, entries), (r) => {
      if (r.number === STAMP_ROW) {
        stamp = parseStamp(r.cells[0] ?? '', Category.options);
        if (!stamp) throw new FileFailure('import.notTemplate');
        if (stamp.version < TEMPLATE_VERSION) throw new FileFailure('import.outdatedTemplate');
        if (stamp.version > TEMPLATE_VERSION) throw new FileFailure('import.notTemplate');
        return this.columns(ctx, stamp.category, stamp.mode).then((c) => {
          columns = c;
        });
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
      return onRow({ number: r.number, values }, sheet);
    });
    if (!stamp) throw new FileFailure('import.notTemplate');
  }

  /** The facts the rules need about the partner's catalogue, gathered once per file. */
  private async checker(ctx: CallContext, sheet: SheetLayout): Promise<Checker> {
    const partnerId = requirePartner(ctx);
    const catalogue = await q.partnerCatalogue(ctx.db, partnerId);
    const brands = new Map((await this.deps.catalogue.brands(ctx)).items.map((b) => [b.name, b]));
    return new Checker(
      partnerId,
      sheet,
      catalogue,
      brands,
      cardMapper(this.deps.catalogue, sheet.stamp.category, sheet.columns),
    );
  }

  /** Rows refused: nothing written; the error report is stored and the task fails with the first error. */
  private async refuseRows(
    row: Parameters<UploadsService['putResult']>[0],
    errors: CellError[],
    rowsRead: number,
  ) {
    const key = await this.deps.files.putResult(row, errorCsv(errors));
    const firstError = errors[0]!;
    await this.finish(row.partnerId, row.id, {
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
