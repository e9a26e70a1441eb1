// What a file really is, judged by its first bytes, not by its name (spec 001 §5 Files: checked by content).
import { loadFileType } from '../core/lazy-libs';
import type { FileFormat } from '@moda/contracts';

export const HEAD_BYTES = 64 * 1024;

const EXT_ALIASES: Record<string, FileFormat> = { jpeg: 'jpg', jpg: 'jpg', jpe: 'jpg' };

export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const ext = m?.[1]?.toLowerCase() ?? '';
  return EXT_ALIASES[ext] ?? ext;
}

/** Plain text in any single- or multi-byte encoding: no NULs and no control bytes but tab, CR, LF, FF. */
function looksLikeText(head: Buffer): boolean {
  return !/[\x00-\x08\x0b\x0e-\x1f]/.test(head.toString('latin1'));
}

/**
 * The format of a file whose name ends in one of `allowed` and whose content agrees with that name;
 * null when the content is something else (a PNG named .jpg, an executable named .xlsx…).
 */
export async function detectFormat(
  head: Buffer,
  fileName: string,
  allowed: readonly FileFormat[],
): Promise<FileFormat | null> {
  const ext = extensionOf(fileName) as FileFormat;
  if (!allowed.includes(ext)) return null;
  const sniffed = await (await loadFileType()).fileTypeFromBuffer(head);
  const kind = sniffed?.ext;
  switch (ext) {
    case 'jpg':
      return kind === 'jpg' ? 'jpg' : null;
    case 'png':
    case 'pdf':
    case 'docx':
      return kind === ext ? ext : null;
    case 'xlsx':
      return kind === 'xlsx' ? 'xlsx' : null;
    case 'xls':
      return kind === 'xls' || kind === 'cfb' ? 'xls' : null;
    case 'svg': {
      if (kind && kind !== 'xml') return null;
      return looksLikeText(head) && /<svg[\s>]/i.test(head.toString('utf8')) ? 'svg' : null;
    }
    case 'xml': {
      if (kind && kind !== 'xml') return null;
      return looksLikeText(head) && /^\uFEFF?\s*</.test(head.toString('utf8')) ? 'xml' : null;
    }
    case 'txt':
    case 'csv':
      return !kind && looksLikeText(head) ? ext : null;
    default:
      return null;
  }
}
