// Uploaded files: streaming intake with size limits and content checks, records, and downloads.
// Processing (imports) belongs to the areas; they move the record's status through this service.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { UPLOAD_TYPES, type FileRecord, type UploadType, type FileFormat } from '@moda/contracts';
import type { FileStorage } from '../../files/storage';
import type { DbOrTx } from '../../db/client';
import { detectFormat, extensionOf, HEAD_BYTES } from '../../files/detect';
import type { CallContext } from '../../core/context';
import { requirePartner } from '../../core/context';
import { AppError } from '../../core/errors';
import * as q from './uploads.queries';

export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`File exceeds ${limit} bytes`);
  }
}

/** Passes the bytes through, counting them and keeping the head for content sniffing; fails past the limit. */
function metered(source: Readable, limit: number) {
  const state = { bytes: 0, head: Buffer.alloc(0) };
  async function* pass() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      state.bytes += chunk.length;
      if (state.bytes > limit) throw new FileTooLargeError(limit);
      if (state.head.length < HEAD_BYTES)
        state.head = Buffer.concat([state.head, chunk.subarray(0, HEAD_BYTES - state.head.length)]);
      yield chunk;
    }
  }
  return { stream: Readable.from(pass()), state };
}

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** Names of a zip's entries from its central directory (nothing inflated); empty when it is not a zip. */
function zipEntryNames(buf: Buffer): string[] {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const names: string[] = [];
    const count = buf.readUInt16LE(i + 10);
    let p = buf.readUInt32LE(i + 16);
    for (let n = 0; n < count && p + 46 <= i && buf.readUInt32LE(p) === 0x02014b50; n++) {
      const len = buf.readUInt16LE(p + 28);
      names.push(buf.toString('utf8', p + 46, p + 46 + len));
      p += 46 + len + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    }
    return names;
  }
  return [];
}

export interface StoredUpload {
  key: string;
  size: number;
  format: FileFormat;
}

export function toFileRecord(row: q.FileRow): FileRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type as UploadType,
    format: row.format as FileFormat,
    size: row.size,
    status: row.status as FileRecord['status'],
    hasFileResult: row.resultKey !== null,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    result: row.result as FileRecord['result'],
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    errorCount: row.errorCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Work to start once an upload of a type is recorded (an import job…), registered by the area. */
type UploadedHook = (record: FileRecord, partnerId: number) => Promise<void>;

/** Uploads of a type that may be open (new or executing) at once per partner, and the refusal. */
type OpenLimit = { max: number; error: () => AppError };

/**
 * An applicant-scoped kind (UPLOAD_TYPES' `applicant`: a new seller with no partner yet) is uploaded into a
 * reservation its area made for the caller; the area checks the reservation and keeps the record.
 */
export interface ApplicantUploads {
  /** The caller's own open reservation, else `file.notFound` (another applicant's id answers as missing). */
  claim(db: DbOrTx, userId: string, reservationId: string): Promise<void>;
  /** Record the stored file in the reservation (inside the upload's audited transaction). */
  complete(
    ctx: CallContext,
    reservationId: string,
    upload: { name: string; stored: StoredUpload },
  ): Promise<object>;
}

export class UploadsService {
  private readonly hooks = new Map<UploadType, UploadedHook>();
  private readonly openLimits = new Map<UploadType, OpenLimit>();
  private readonly applicantKinds = new Map<UploadType, ApplicantUploads>();

  constructor(private readonly storage: FileStorage) {}

  /** The area processing uploads of `type` registers here: called after the record is committed. */
  onUploaded(type: UploadType, hook: UploadedHook, limit?: OpenLimit): void {
    this.hooks.set(type, hook);
    if (limit) this.openLimits.set(type, limit);
  }

  /** The area keeping an applicant-scoped kind registers here (the upload route asks it). */
  onApplicantUpload(type: UploadType, handler: ApplicantUploads): void {
    this.applicantKinds.set(type, handler);
  }

  applicantKind(type: UploadType): ApplicantUploads | undefined {
    return this.applicantKinds.get(type);
  }

  /** Stored bytes by key, for an area keeping its own records (an applicant's document). */
  openKey(key: string) {
    return this.storage.get(key);
  }

  /** Remove stored bytes by key (an applicant's document taken out of the questionnaire). */
  deleteKey(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  /** Refuse an upload while the partner already has the most open tasks of that type. */
  async checkOpenLimit(db: DbOrTx, partnerId: number, type: UploadType): Promise<void> {
    const limit = this.openLimits.get(type);
    if (limit && (await q.openCount(db, partnerId, type)) >= limit.max) throw limit.error();
  }

  /** Run the type's hook for a committed upload; if it cannot start, the task fails rather than hang. */
  async uploaded(db: DbOrTx, record: FileRecord, partnerId: number): Promise<FileRecord> {
    const hook = this.hooks.get(record.type);
    if (!hook) return record;
    try {
      await hook(record, partnerId);
      return record;
    } catch {
      const message = 'Не удалось поставить файл в очередь обработки. Загрузите его ещё раз';
      await q.setFileStatus(db, partnerId, record.id, {
        status: 'fail',
        result: 'failed',
        errorCode: 'file.loadingError',
        errorMessage: message,
      });
      return {
        ...record,
        status: 'fail',
        result: 'failed',
        errorCode: 'file.loadingError',
        errorMessage: message,
      };
    }
  }

  /** A file record for background work (no caller): by partner and id. */
  row(db: DbOrTx, partnerId: number, id: string): Promise<q.FileRow | undefined> {
    return q.fileById(db, partnerId, id);
  }

  /** Move a file's processing state (status, result, progress, first error). */
  setState(db: DbOrTx, partnerId: number, id: string, patch: Parameters<typeof q.setFileStatus>[3]) {
    return q.setFileStatus(db, partnerId, id, patch);
  }

  /** The stored bytes of an upload, whole (uploads are bounded by their type's limit). */
  bytes(row: q.FileRow): Promise<Buffer> {
    return this.whole(row.storageKey, UPLOAD_TYPES[row.type as UploadType]?.maxBytes ?? 0);
  }

  /** Store the result file of a processed upload (an error report); returns its storage key. */
  async putResult(row: q.FileRow, body: Readable): Promise<string> {
    const key = `${row.partnerId}/results/${row.id}`;
    await this.storage.put(key, body);
    return key;
  }

  /** The partner's uploads and their processing, newest first (v1.imports.list). */
  async list(
    ctx: CallContext,
    p: {
      type?: UploadType | undefined;
      status?: FileRecord['status'] | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<{ items: FileRecord[]; total: number }> {
    const { rows, total } = await q.listFiles(ctx.db, requirePartner(ctx), {
      type: p.type,
      status: p.status,
      limit: p.pageSize,
      offset: (p.page - 1) * p.pageSize,
    });
    return { items: rows.map(toFileRecord), total };
  }

  /**
   * Store an upload while measuring it. Throws FileTooLargeError (nothing kept) past the type's limit,
   * or `file.wrongFormat` (nothing kept) when the content is not one of the type's formats.
   * `owner` prefixes the key: the partner, or `applicants/<user>` for an applicant-scoped kind.
   */
  async store(
    owner: number | string,
    type: UploadType,
    fileName: string,
    body: Readable,
  ): Promise<StoredUpload> {
    const spec = UPLOAD_TYPES[type];
    const key = `${owner}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
    const meter = metered(body, spec.maxBytes);
    try {
      await this.storage.put(key, meter.stream);
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    let format = await detectFormat(meter.state.head, fileName, spec.formats);
    if (!format && isZip(meter.state.head) && meter.state.bytes <= spec.maxBytes) {
      // A zip whose [Content_Types].xml comes after a large part (exceljs' streaming writer puts the sheet
      // first) is not recognised from its head: look again over the whole stored file.
      const names = zipEntryNames(await this.whole(key, spec.maxBytes));
      if (
        extensionOf(fileName) === 'xlsx' &&
        (spec.formats as readonly FileFormat[]).includes('xlsx') &&
        names.includes('[Content_Types].xml') &&
        names.includes('xl/workbook.xml')
      )
        format = 'xlsx';
    }
    if (!format || meter.state.bytes === 0) {
      await this.storage.delete(key);
      throw new AppError('file.wrongFormat', {
        field: 'file',
        message: `Неверный формат файла. Допустимые форматы: ${spec.formats.map((f) => f.toUpperCase()).join(', ')}`,
      });
    }
    return { key, size: meter.state.bytes, format };
  }

  private async whole(key: string, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.storage.get(key)) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new FileTooLargeError(limit);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async createRecord(
    ctx: CallContext,
    input: { type: UploadType; name: string; stored: StoredUpload; warehouseCode: string | null },
  ): Promise<FileRecord> {
    const row = await q.insertFile(ctx.db, {
      partnerId: requirePartner(ctx),
      type: input.type,
      format: input.stored.format,
      name: input.name.slice(0, 255),
      size: input.stored.size,
      storageKey: input.stored.key,
      warehouseCode: input.warehouseCode,
      uploadedBy: ctx.principal?.userId ?? null,
    });
    ctx.audit.objectId = row.id;
    return toFileRecord(row);
  }

  /** The partner's own upload of the given kind, for another module to use (an attachment, an import). */
  async findOwn(ctx: CallContext, id: string, type: UploadType): Promise<q.FileRow | undefined> {
    const row = await q.fileById(ctx.db, requirePartner(ctx), id);
    return row?.type === type ? row : undefined;
  }

  discard(stored: StoredUpload): Promise<void> {
    return this.storage.delete(stored.key);
  }

  async get(ctx: CallContext, id: string): Promise<FileRecord> {
    const row = await q.fileById(ctx.db, requirePartner(ctx), id);
    if (!row) throw new AppError('file.notFound');
    return toFileRecord(row);
  }

  /** The file and its bytes, if one of `partnerIds` owns it (null: staff, any partner). */
  async open(ctx: CallContext, id: string, partnerIds: number[] | null, which: 'original' | 'result') {
    const row = await q.fileByIdAmong(ctx.db, id, partnerIds);
    if (!row) throw new AppError('file.notFound');
    const key = which === 'original' ? row.storageKey : row.resultKey;
    if (!key) throw new AppError('file.noResult');
    return { record: toFileRecord(row), body: await this.storage.get(key) };
  }
}
