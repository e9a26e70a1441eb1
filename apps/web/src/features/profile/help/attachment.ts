// The support attachment checked in the browser before it is uploaded (spec 001 §5 Files): one file
// of the formats and size the contract's UPLOAD_TYPES allow; the server checks the content again.
import { fill, UPLOAD_TYPES, type FileFormat } from '@moda/contracts';
import { profileText } from '../locale';

export const SUPPORT_ATTACHMENT = UPLOAD_TYPES.support_attachment;
const FORMATS: readonly FileFormat[] = SUPPORT_ATTACHMENT.formats;
/** Extensions that mean the same format (the server reads them alike). */
const ALIASES: Record<string, FileFormat> = { jpeg: 'jpg', jpe: 'jpg' };

export const MAX_MB = Math.round(SUPPORT_ATTACHMENT.maxBytes / 1024 / 1024);
export const FORMAT_LIST = FORMATS.map((f) => f.toUpperCase()).join(', ');
/** For the file picker: `.jpg,.jpeg,.png,…`. */
export const ACCEPT = [...FORMATS, ...Object.keys(ALIASES)].map((f) => `.${f}`).join(',');

export function formatOf(name: string): FileFormat | null {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const format = ALIASES[ext] ?? ext;
  return (FORMATS as readonly string[]).includes(format) ? (format as FileFormat) : null;
}

/** Why the file cannot be attached, or null when it may be uploaded. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (!formatOf(file.name)) return fill(profileText.help.wrongFormat, { formats: FORMAT_LIST });
  if (file.size > SUPPORT_ATTACHMENT.maxBytes) return fill(profileText.help.tooLarge, { size: MAX_MB });
  return null;
}
