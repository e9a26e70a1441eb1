// Uploaded files: streaming intake with size limits and content checks, records, and downloads.
// Processing (imports) belongs to the areas; they move the record's status through this service.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { UPLOAD_TYPES, type FileRecord, type UploadType, type FileFormat } from '@moda/contracts';
import type { FileStorage } from '../../files/storage';
import { detectFormat, HEAD_BYTES } from '../../files/detect';
import type { CallContext } from '../../rpc/context';
import { requirePartner } from '../../rpc/context';
import { AppError } from '../../rpc/errors';
import * as q from './files.queries';

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

export class FilesService {
  constructor(private readonly storage: FileStorage) {}

  /**
   * Store an upload while measuring it. Throws FileTooLargeError (nothing kept) past the type's limit,
   * or `file.wrongFormat` (nothing kept) when the content is not one of the type's formats.
   */
  async store(partnerId: number, type: UploadType, fileName: string, body: Readable): Promise<StoredUpload> {
    const spec = UPLOAD_TYPES[type];
    const key = `${partnerId}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
    const meter = metered(body, spec.maxBytes);
    try {
      await this.storage.put(key, meter.stream);
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    const format = await detectFormat(meter.state.head, fileName, spec.formats);
    if (!format || meter.state.bytes === 0) {
      await this.storage.delete(key);
      throw new AppError('file.wrongFormat', {
        field: 'file',
        message: `Неверный формат файла. Допустимые форматы: ${spec.formats.map((f) => f.toUpperCase()).join(', ')}`,
      });
    }
    return { key, size: meter.state.bytes, format };
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
