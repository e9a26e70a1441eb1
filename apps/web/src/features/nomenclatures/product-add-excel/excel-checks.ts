// The browser's own checks of Excel import files (spec 001 §5: xlsx, at most 16 MB each, up to 10 at
// once), so a wrong file is refused with its reason before anything is sent. The server checks again.
import { fill, IMPORT_FILES_AT_ONCE, UPLOAD_TYPES } from '@moda/contracts';
import { excelText } from './locale';

export const IMPORT_MAX_BYTES = UPLOAD_TYPES.nomenclature_import.maxBytes;
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** The reason a file cannot be sent, or null. */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.xlsx$/i.test(file.name)) return excelText.checks.wrongFormat;
  if (file.size === 0) return excelText.checks.empty;
  if (file.size > IMPORT_MAX_BYTES) return fill(excelText.checks.tooLarge, { size: IMPORT_MAX_MB });
  return null;
}

/** Splits a new selection into what fits beside the files already chosen and what does not. */
export function takeWithinLimit<T>(chosen: number, added: T[]): { taken: T[]; left: T[] } {
  const room = Math.max(IMPORT_FILES_AT_ONCE - chosen, 0);
  return { taken: added.slice(0, room), left: added.slice(room) };
}
