// Exports as tasks of the file manager (spec 001 §7, §9): a request is checked (type, filter, row limit)
// and recorded; the 'export.run' job streams the type's rows into a file in storage; the file manager lists
// the records and downloads the finished file. States: PROCESSING → OK | ERROR, and QUARANTINE for an
// export a seller asked for while the cabinet is read-only (terms not signed): it is held, not produced,
// and released to PROCESSING once the terms are signed (docs/decisions.md "Exports").
import { Transform, type Readable } from 'node:stream';
import {
  ERRORS,
  EXPORTS_AT_ONCE,
  fill,
  formatMoscowDate,
  toFieldErrors,
  type ExportCheckStatus,
  type ExportRecord,
  type ExportType,
} from '@moda/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { CatalogueService } from '../catalogue';
import { defineJob, type Jobs } from '../../jobs/jobs';
import type { CallContext } from '../../core/context';
import { plainContext, requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import { emitEvent } from '../webhooks';
import { columnsOf, exportTypeOf } from './exports.registry';
import { writeExport } from './exports.writers';
import * as q from './exports.queries';
// The nomenclature types register themselves on import.
import './nomenclature-exports';

type Status = z.infer<typeof ExportCheckStatus>;

/** 100000 → "100 000". */
export const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** A run that found more rows than the limit (the catalogue grew after the request was checked). */
class LimitExceeded extends Error {
  constructor(readonly count: number) {
    super(`Export above its limit: ${count} rows`);
  }
}

const limitMessage = (def: { limit: number; limitMessage?: string | undefined }, count: number) =>
  fill(def.limitMessage ?? ERRORS['export.tooManyRows'].message, {
    limit: groupDigits(def.limit),
    count: groupDigits(count),
  });

function toRecord(row: q.ExportRow): ExportRecord {
  return {
    id: row.id,
    type: row.type as ExportType,
    format: row.format as ExportRecord['format'],
    status: row.status as Status,
    fileName: row.fileName,
    size: row.size,
    rowCount: row.rowCount,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export interface ExportsDeps {
  storage: FileStorage;
  jobs: Jobs;
  /** Whether the partner's cabinet is read-only until it signs the cooperation terms. */
  isRestricted: (db: DbOrTx, partnerId: number) => Promise<boolean>;
  log: (obj: object, msg: string) => void;
  /** The catalogue (templates of a category), read when an export runs. */
  catalogue: () => CatalogueService;
}

/** Produce the file of a recorded export. */
export const exportJob = defineJob<{ partnerId: number; exportId: string }>('export.run', {
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 1800,
});

export class ExportsService {
  constructor(private readonly deps: ExportsDeps) {}

  /** Check and record an export; the job produces it once the call has committed. */
  async create(
    ctx: CallContext,
    p: { type: ExportType; filter: Record<string, unknown> },
  ): Promise<ExportRecord> {
    const partnerId = requirePartner(ctx);
    const def = exportTypeOf(p.type);
    if (!def) throw new AppError('export.unknownType', { field: 'type' });
    const parsed = def.filter.safeParse(p.filter);
    if (!parsed.success) {
      const errors = toFieldErrors(parsed.error).map((e) => ({
        field: e.field === '-' ? 'filter' : `filter.${e.field}`,
        message: e.message,
      }));
      throw new AppError('rpc.invalidParams', { errors });
    }
    const filter = parsed.data;
    const rows = await def.count(ctx, partnerId, filter);
    if (rows > def.limit) {
      throw new AppError('export.tooManyRows', {
        field: 'filter',
        message: limitMessage(def, rows),
        data: { limit: def.limit, count: rows },
      });
    }
    // A seller's read-only cabinet keeps the request but holds it; staff acting for the partner are not held.
    const linked = ctx.principal?.partnerIds.includes(partnerId) ?? false;
    const held = linked && (await this.deps.isRestricted(ctx.db, partnerId));
    // One batch of 50 creates once queued 50 exports: a partner has at most so many produced at once. The
    // count runs under the partner's lock, so concurrent creates cannot all pass it.
    if (!held && (await q.processingCount(ctx.db, partnerId)) >= EXPORTS_AT_ONCE)
      throw new AppError('export.tooManyAtOnce', {
        message: fill(ERRORS['export.tooManyAtOnce'].message, { max: EXPORTS_AT_ONCE }),
      });
    const row = await q.insertExport(ctx.db, {
      partnerId,
      type: p.type,
      format: def.format,
      status: held ? 'QUARANTINE' : 'PROCESSING',
      params: filter,
      createdBy: ctx.principal?.userId || null,
    });
    ctx.audit.objectId = row.id;
    if (!held) ctx.afterCommit(() => this.deps.jobs.send(exportJob, { partnerId, exportId: row.id }));
    return toRecord(row);
  }

  async list(
    ctx: CallContext,
    p: {
      type?: ExportType | undefined;
      status?: Status | undefined;
      ids?: string[] | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<{ items: ExportRecord[]; total: number }> {
    const partnerId = requirePartner(ctx);
    await this.releaseIfSigned(ctx.db, partnerId);
    const { rows, total } = await q.listExports(ctx.db, {
      partnerId,
      ...(p.type ? { type: p.type } : {}),
      ...(p.status ? { status: p.status } : {}),
      ...(p.ids ? { ids: p.ids } : {}),
      limit: p.pageSize,
      offset: (p.page - 1) * p.pageSize,
    });
    return { items: rows.map(toRecord), total };
  }

  /**
   * Held exports go to work once the partner's terms are signed. The file manager polls the list, so the
   * list is where a release is noticed; `now` is at most one poll after the signature.
   */
  async releaseIfSigned(db: DbOrTx, partnerId: number): Promise<void> {
    if (!(await q.hasHeld(db, partnerId))) return;
    if (await this.deps.isRestricted(db, partnerId)) return;
    for (const exportId of await q.releaseHeld(db, partnerId))
      await this.deps.jobs.send(exportJob, { partnerId, exportId });
  }

  /** The job: stream the rows into storage and record the outcome. Never leaves a record PROCESSING. */
  async run(job: { partnerId: number; exportId: string }, db: DbOrTx): Promise<void> {
    const { partnerId, exportId } = job;
    const row = await q.exportById(db, partnerId, exportId);
    // Gone, held, or already finished by an earlier attempt: nothing to do.
    if (!row || row.status !== 'PROCESSING') return;
    const def = exportTypeOf(row.type as ExportType);
    if (!def) {
      await this.finish(db, row, {
        status: 'ERROR',
        errorMessage: ERRORS['export.unknownType'].message,
      });
      return;
    }
    const key = `${partnerId}/exports/${exportId}.${def.format}`;
    const fileName = `${def.title}_${formatMoscowDate(row.createdAt)}.${def.format}`;
    try {
      const filter = def.filter.parse(row.params);
      const ctx = plainContext(db, { partnerId });
      // The catalogue may have grown since the request was checked: the limit holds at run time too.
      const count = await def.count(ctx, partnerId, filter);
      if (count > def.limit) throw new LimitExceeded(count);
      const own = def.writer?.(filter) ?? null;
      const { size, rowCount } = await this.produce(key, (out) =>
        own
          ? own(out, ctx, partnerId, { catalogue: this.deps.catalogue() })
          : writeExport(
              def.format,
              out,
              def.title.replace(/_/g, ' '),
              columnsOf(def, filter),
              def.rows(ctx, partnerId, filter),
            ),
      );
      await this.finish(db, row, {
        status: 'OK',
        fileName,
        storageKey: key,
        size,
        rowCount,
      });
    } catch (err) {
      const message =
        err instanceof LimitExceeded ? limitMessage(def, err.count) : ERRORS['export.failed'].message;
      if (!(err instanceof LimitExceeded)) this.deps.log({ err, exportId, partnerId }, 'export failed');
      await this.deps.storage.delete(key).catch(() => undefined);
      await this.finish(db, row, { status: 'ERROR', errorMessage: message });
    }
  }

  /** Record the outcome with its `export.finished` event, in one transaction (the job runs outside one). */
  private async finish(db: DbOrTx, row: q.ExportRow, patch: Parameters<typeof q.finishExport>[3]) {
    await db.transaction(async (tx) => {
      await q.finishExport(tx, row.partnerId, row.id, patch);
      await emitEvent(tx, {
        partnerId: row.partnerId,
        type: 'export.finished',
        objectId: row.id,
        payload: { taskId: row.id, type: row.type, status: patch.status! },
      });
    });
  }

  /** Run `write` into storage under `key`, measuring the bytes; nothing is kept if either side fails. */
  private async produce(
    key: string,
    write: (out: Transform) => Promise<number>,
  ): Promise<{ size: number; rowCount: number }> {
    let size = 0;
    // The writer writes into the meter; storage reads from it, with the stream's own backpressure.
    const meter = new Transform({
      highWaterMark: 1024 * 1024,
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const putting = this.deps.storage.put(key, meter);
    const writing = write(meter).catch((err: unknown) => {
      meter.destroy(err as Error);
      throw err;
    });
    const [rowCount] = await Promise.all([writing, putting]);
    return { size, rowCount };
  }

  /** The finished file of an export the caller may read (`partnerId` already checked by the route). */
  async open(ctx: CallContext, id: string): Promise<{ record: ExportRecord; body: Readable }> {
    const row = await q.exportById(ctx.db, requirePartner(ctx), id);
    if (!row) throw new AppError('export.notFound');
    if (row.status === 'PROCESSING') throw new AppError('export.notReady');
    if (row.status === 'QUARANTINE') throw new AppError('export.quarantined');
    if (row.status !== 'OK' || !row.storageKey)
      throw new AppError('export.failed', row.errorMessage ? { message: row.errorMessage } : {});
    return { record: toRecord(row), body: await this.deps.storage.get(row.storageKey) };
  }

  /** The partner an export belongs to, for the download route's access check. */
  ownerOf(ctx: CallContext, id: string): Promise<number | undefined> {
    return q.ownerOf(ctx.db, id);
  }
}
