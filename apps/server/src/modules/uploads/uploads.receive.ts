// A partner's file taken straight from a multipart request by an area's own upload route (the FBS shipment
// file, a promotion's products file): the fields before the file name the partner (partner_code), the area
// checks the caller and its own fields before a byte is kept, and the type's size limit holds while the file
// streams in; a refused or oversized upload leaves nothing stored.
import type { UploadType } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestCall } from '../../core/rest';
import { FileTooLargeError, type StoredUpload, type UploadsService } from './uploads.service';

export async function receivePartnerUpload(
  call: RestCall,
  files: UploadsService,
  opts: {
    type: UploadType;
    fileName: string;
    /** Authorize the caller for the partner and check the fields that came before the file. */
    beforeStore: (partnerId: number, fields: Record<string, string>) => Promise<void>;
  },
): Promise<{ stored: StoredUpload; partnerId: number; fileName: string; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let stored: StoredUpload | undefined;
  let partnerId = 0;
  let fileName = opts.fileName;
  try {
    for await (const part of call.parts()) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      if (part.name !== 'file' || stored) {
        part.stream.resume();
        continue;
      }
      partnerId = Number(fields.partner_code);
      if (!Number.isInteger(partnerId) || partnerId <= 0)
        throw new AppError('partner.required', { field: 'partner_code' });
      await opts.beforeStore(partnerId, fields);
      fileName = part.fileName || fileName;
      stored = await files.store(partnerId, opts.type, fileName, part.stream);
    }
  } catch (err) {
    if (stored) await files.discard(stored);
    if (err instanceof FileTooLargeError)
      throw new AppError('file.tooLarge', {
        field: 'file',
        message: `Файл слишком большой: максимальный размер — ${Math.round(err.limit / 1024 / 1024)} МБ`,
      });
    throw err;
  }
  if (!stored) throw new AppError('file.missing', { field: 'file' });
  return { stored, partnerId, fileName, fields };
}
