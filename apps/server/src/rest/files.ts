// REST where bytes move (spec 001 §7): multipart upload with limits enforced while streaming, and
// streamed downloads named through content-disposition. Access goes through the dispatcher's checks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { MAX_UPLOAD_BYTES, METHODS, UPLOAD_TYPES, UploadType, type FileFormat } from '@moda/contracts';
import { partnerScope, type Caller, type Dispatcher } from '../rpc/dispatcher';
import { rateHeaders, transportOf } from '../rpc/routes';
import { AppError } from '../core/errors';
import { plainContext } from '../core/context';
import {
  FileTooLargeError,
  type ApplicantUploads,
  type UploadsService,
  type StoredUpload,
} from '../modules/uploads/uploads.service';
import { sendError } from './reply';

/** Room for multipart boundaries and the small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const MIME: Record<FileFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
  pdf: 'application/pdf',
};

/**
 * Uploaded files are the users' content: an SVG or an XML may carry script. The browser must take the declared
 * type (no sniffing) and run nothing of it even when opened directly.
 */
const UNTRUSTED = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} МБ`;
const tooLarge = (limit: number) =>
  new AppError('file.tooLarge', {
    field: 'file',
    message: `Файл слишком большой: максимальный размер — ${megabytes(limit)}`,
  });

export async function fileRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; files: UploadsService },
) {
  const { dispatcher, files } = opts;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    throwFileSizeLimit: false,
  });

  app.post('/rest/api/v1/files', async (req, reply) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    // Refuse before reading a byte when the declared size is already too large; close so the body is not read.
    if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
      void reply.header('connection', 'close');
      return sendError(reply, tooLarge(MAX_UPLOAD_BYTES), 413);
    }
    if (!req.isMultipart()) return sendError(reply, new AppError('file.missing', { field: 'file' }));
    const caller = dispatcher.caller(transportOf(req));
    let stored: StoredUpload | undefined;
    try {
      await caller.authenticate();
      const fields: Record<string, string> = {};
      let name = '';
      let type: UploadType | undefined;
      let partnerId: number | undefined;
      /** An applicant-scoped kind: the caller's reservation the file goes into. */
      let reservation: { id: string; kind: ApplicantUploads } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        // The kind and the partner come before the file, so its limit holds while it streams in.
        const t = UploadType.safeParse(fields.type);
        if (!t.success) throw new AppError('file.unknownType', { field: 'type' });
        if ((UPLOAD_TYPES[t.data] as { applicant?: true }).applicant) {
          // A new seller has no partner yet: the kind's roles, then only the caller's own reservation.
          const { principal } = await dispatcher.authorize(
            {
              name: (UPLOAD_TYPES[t.data] as { feeds?: string }).feeds ?? 'v1.files.upload',
              roles: UPLOAD_TYPES[t.data].roles,
              partner: false,
              mutates: true,
            },
            caller,
            null,
          );
          const kind = files.applicantKind(t.data);
          if (!kind || !principal) throw new AppError('file.unknownType', { field: 'type' });
          const id = fields.attachment_id ?? '';
          await kind.claim(dispatcher.db, principal.userId, id);
          const limit = UPLOAD_TYPES[t.data].maxBytes;
          if (declared > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
          reservation = { id, kind };
          type = t.data;
          name = part.filename || 'file';
          stored = await files.store(`applicants/${principal.userId}`, t.data, name, part.file);
          continue;
        }
        const pid = Number(fields.partner_code);
        if (!Number.isInteger(pid) || pid <= 0)
          throw new AppError('partner.required', { field: 'partner_code' });
        // A read-only cabinet may still attach a file to its request to support.
        // Each kind carries the roles of the operation it feeds: an upload is no way around them.
        await dispatcher.authorize(
          {
            name: (UPLOAD_TYPES[t.data] as { feeds?: string }).feeds ?? 'v1.files.upload',
            roles: UPLOAD_TYPES[t.data].roles,
            partner: true,
            mutates: true,
            allowWhenRestricted: t.data === 'support_attachment',
          },
          caller,
          pid,
        );
        // Up to so many files of a kind at once (product import: 10): refused before a byte is stored.
        await files.checkOpenLimit(dispatcher.db, pid, t.data);
        const limit = UPLOAD_TYPES[t.data].maxBytes;
        if (declared > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
        type = t.data;
        partnerId = pid;
        name = part.filename || 'file';
        stored = await files.store(pid, t.data, name, part.file);
      }
      if (stored && reservation) {
        const upload = { name, stored };
        const { id, kind } = reservation;
        const principal = await caller.authenticate();
        const record = await dispatcher.mutate(
          'rest.files.upload',
          { principal, partnerId: null, ip: req.ip, userAgent: req.headers['user-agent'], audit: {} },
          undefined,
          (ctx) => kind.complete(ctx, id, upload),
        );
        done(caller, reply);
        return reply.status(201).send(record);
      }
      if (!stored || !type || !partnerId) throw new AppError('file.missing', { field: 'file' });
      const upload = stored;
      const principal = await caller.authenticate();
      const record = await dispatcher.mutate(
        'rest.files.upload',
        { principal, partnerId, ip: req.ip, userAgent: req.headers['user-agent'], audit: {} },
        undefined,
        (ctx) =>
          files.createRecord(ctx, {
            type: type,
            name,
            stored: upload,
            warehouseCode: fields.warehouse_code ?? null,
          }),
      );
      // The area processing this kind of upload starts once the record is committed (import job…).
      const answer = await files.uploaded(dispatcher.db, record, partnerId);
      done(caller, reply);
      return reply.status(201).send(answer);
    } catch (err) {
      done(caller, reply, err);
      if (stored) await files.discard(stored);
      // Refused before the whole body was read (the storage full, a refusal mid-stream): the connection closes
      // after the answer, else a client still sending the rest waits on a socket nobody reads any more.
      if (!req.raw.complete) void reply.header('connection', 'close');
      if (err instanceof FileTooLargeError) {
        void reply.header('connection', 'close');
        return sendError(reply, tooLarge(err.limit), 413);
      }
      if (!(err instanceof AppError)) req.log.error({ err }, 'upload failed');
      return sendError(reply, err instanceof AppError ? err : new AppError('file.loadingError'));
    }
  });

  /**
   * An API token's call ends as on the gateway (issue 27): counted in the token's usage, with the X-RateLimit-*
   * headers on the answer.
   */
  function done(caller: Caller, reply: FastifyReply, err?: unknown) {
    dispatcher.restDone(caller, 'v1.files.upload', err);
    void reply.headers(rateHeaders(caller));
  }

  async function download(
    req: FastifyRequest<{ Params: { id: string } }>,
    which: 'original' | 'result',
    caller: Caller,
  ) {
    const principal = await caller.authenticate();
    // A token reads files within its files scope and its rate limit (a session's access is its partners').
    if (principal.apiToken)
      await dispatcher.authorize(
        { name: 'v1.files.get', roles: METHODS['v1.files.get'].roles, partner: false, mutates: false },
        caller,
        null,
      );
    if (!/^[0-9a-f-]{36}$/i.test(req.params.id)) throw new AppError('file.notFound');
    return files.open(
      plainContext(dispatcher.db, { principal, ip: req.ip }),
      req.params.id,
      partnerScope(principal),
      which,
    );
  }

  app.get<{ Params: { id: string } }>('/rest/api/v1/files/:id', async (req, reply) => {
    const caller = dispatcher.caller(transportOf(req));
    try {
      const { record, body } = await download(req, 'original', caller);
      dispatcher.restDone(caller, 'v1.files.get');
      void reply.headers(rateHeaders(caller));
      return reply
        .headers(UNTRUSTED)
        .header('content-type', MIME[record.format])
        .header('content-length', String(record.size))
        .header('content-disposition', contentDisposition(record.name))
        .send(body);
    } catch (err) {
      dispatcher.restDone(caller, 'v1.files.get', err);
      void reply.headers(rateHeaders(caller));
      return sendError(reply, err);
    }
  });

  app.get<{ Params: { id: string } }>('/rest/api/v1/files/:id/result/download', async (req, reply) => {
    const caller = dispatcher.caller(transportOf(req));
    try {
      const { record, body } = await download(req, 'result', caller);
      dispatcher.restDone(caller, 'v1.files.get');
      void reply.headers(rateHeaders(caller));
      const firstPart = record.name.split('.')[0] || 'file';
      return reply
        .header('content-type', MIME.csv)
        .header('content-disposition', contentDisposition(`${firstPart}_error.csv`))
        .send(body);
    } catch (err) {
      dispatcher.restDone(caller, 'v1.files.get', err);
      void reply.headers(rateHeaders(caller));
      return sendError(reply, err);
    }
  });
}
