// Formatting of file tasks: sizes in КБ/МБ and the title of a file notice (spec 001 §8: the file name
// cut to 46 characters plus an ellipsis when it is longer than 49).
import { fill } from '@moda/contracts';
import { fileTasksText } from './locale';

const KB = 1024;
const MB = 1024 * 1024;

const decimal = (n: number) => n.toFixed(1).replace(/\.0$/, '').replace('.', ',');

export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < MB) return fill(fileTasksText.size.kb, { value: decimal(Math.max(bytes / KB, 0.1)) });
  return fill(fileTasksText.size.mb, { value: decimal(bytes / MB) });
}

export const NOTICE_NAME_MAX = 49;
export const NOTICE_NAME_CUT = 46;

export function noticeFileName(name: string): string {
  const chars = [...name];
  return chars.length > NOTICE_NAME_MAX ? `${chars.slice(0, NOTICE_NAME_CUT).join('')}…` : name;
}
