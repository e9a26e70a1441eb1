// The check of an uploaded file, one lifecycle for every area that takes an xlsx of rows (spec 001 §5 Files):
// the job takes the file once (not again once it is ok or failed), marks it executing, hands its bytes to
// the area's reading and row rules, and then either saves what a clean file becomes together with the ok
// state in one transaction, or writes the refused rows into the file's error file (rowErrorsCsv) with the
// first row's message — nothing half-saved. A file refused whole (a hostile or unreadable file, or the
// area's own reason) fails with its code and message; the job itself never throws for a bad file.
import type { UploadType } from '@moda/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rowErrorsCsv, type RowError } from '../../files/csv';
import { defineJob } from '../../jobs/jobs';
import type { FileRow } from './uploads.queries';
import type { UploadsService } from './uploads.service';

/** The job that checks one uploaded file (one retry: a crash mid-check is tried once more). */
export const uploadCheckJob = (name: string) =>
  defineJob<{ partnerId: number; fileId: string }>(name, {
    retryLimit: 1,
    retryDelay: 10,
    expireInSeconds: 600,
  });

/** A whole file refused for the area's own reason (an unknown warehouse, an outdated template…). */
export class UploadRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the area's check found: the refused rows, or what saving the clean file does. */
export interface UploadCheckOutcome {
  errors: RowError[];
  /** The rows counted for the file's progress. */
  rowsTotal: number;
  /** The rows counted and shown done when rows are refused (rowsTotal, unless the area counts otherwise). */
  refusedRowsTotal?: number;
  refusedRowsDone?: number;
  /** Checks that must hold in the saving transaction (locks, stock): push further row errors. */
  recheck?: (tx: Tx, errors: RowError[]) => Promise<void>;
  /** Save what a clean file becomes; runs in the transaction that marks the file ok. */
  save: (tx: Tx) => Promise<unknown>;
}

export interface UploadCheck {
  type: UploadType;
  /** The file's error codes: rows refused, a hostile file refused by the reader, an unreadable file. */
  codes: { rowsRefused: string; refusedFile: string; unreadable: string };
  /** The reader's refusal of a hostile file (its message goes to the seller as it is). */
  refusedFileError: abstract new (...args: never[]) => Error;
  /** What the log says when the file cannot be read. */
  unreadableLog: string;
  /** Read and check the rows; may throw UploadRefusal before or after reading the bytes. */
  check: (file: { row: FileRow; bytes: () => Promise<Buffer> }) => Promise<UploadCheckOutcome>;
}

const UNREADABLE = 'Не удалось прочитать файл: сохраните его из шаблона в формате XLSX';

/** Record the refused rows: the error file (sorted by row) and the failed state with the first row's message. */
export async function refuseRows(
  db: DbOrTx,
  files: UploadsService,
  row: FileRow,
  errors: RowError[],
  state: { errorCode: string; rowsTotal: number; rowsDone: number },
): Promise<RowError[]> {
  errors.sort((a, b) => a.row - b.row);
  const key = await files.putResult(row, rowErrorsCsv(errors));
  const first = errors[0]!;
  await files.setState(db, row.partnerId, row.id, {
    status: 'fail',
    result: 'error',
    resultKey: key,
    errorCount: errors.length,
    errorMessage: `Строка ${first.row}, столбец «${first.column}»: ${first.message}`,
    ...state,
  });
  return errors;
}

/** Run one upload check job from start to end (see the head of this file). */
export async function runUploadCheck(
  deps: { db: Db; files: UploadsService; log?: (obj: object, msg: string) => void },
  { partnerId, fileId }: { partnerId: number; fileId: string },
  spec: UploadCheck,
): Promise<void> {
  const { db, files } = deps;
  const row = await files.row(db, partnerId, fileId);
  if (!row || row.type !== spec.type || row.status === 'ok' || row.status === 'fail') return;
  await files.setState(db, partnerId, fileId, { status: 'executing', rowsDone: 0 });
  const fail = (errorCode: string, errorMessage: string) =>
    files.setState(db, partnerId, fileId, { status: 'fail', result: 'failed', errorCode, errorMessage });
  try {
    const out = await spec.check({ row, bytes: () => files.bytes(row) });
    const refuse = (tx: DbOrTx) =>
      refuseRows(tx, files, row, out.errors, {
        errorCode: spec.codes.rowsRefused,
        rowsTotal: out.refusedRowsTotal ?? out.rowsTotal,
        rowsDone: out.refusedRowsDone ?? out.rowsTotal,
      });
    if (out.errors.length && !out.recheck) {
      await refuse(db);
      return;
    }
    await db.transaction(async (tx) => {
      await out.recheck?.(tx, out.errors);
      if (out.errors.length) {
        await refuse(tx);
        return;
      }
      await out.save(tx);
      await files.setState(tx, partnerId, fileId, {
        status: 'ok',
        result: 'ok',
        rowsTotal: out.rowsTotal,
        rowsDone: out.rowsTotal,
      });
    });
  } catch (err) {
    if (err instanceof UploadRefusal) {
      await fail(err.code, err.message);
      return;
    }
    if (err instanceof spec.refusedFileError) {
      await fail(spec.codes.refusedFile, err.message);
      return;
    }
    deps.log?.({ err, fileId }, spec.unreadableLog);
    await fail(spec.codes.unreadable, UNREADABLE);
  }
}
