// The export types the server can produce. Each area registers its own types with one call, next to the
// data they read:
//
//   registerExportType({ type, format, title, filter, limit, count, columns, rows });
//
// The exports service validates the filter with the type's schema, refuses more rows than `limit`, and the
// job streams `rows()` through the writer of `format` into storage. Types of the enum that nobody has
// registered answer `export.unknownType`.
import { EXPORT_FORMATS, type ExportType } from '@moda/contracts';
import type { z } from 'zod';
import type { Writable } from 'node:stream';
import type { CallContext } from '../../core/context';
import type { CatalogueService } from '../catalogue';

/**
 * One value of a row: text is neutralised against formulas by the writer; a Date is an instant, written as
 * Moscow wall-clock time (a calendar date: pass its Moscow midnight); booleans are «да» / «нет».
 */
export type ExportCell = string | number | boolean | Date | null | undefined;
export type ExportRow = Record<string, ExportCell>;

export interface ExportColumn {
  /** The row's key. */
  key: string;
  /** The header cell (Russian). */
  header: string;
  /** Column width in characters (xlsx only). */
  width?: number;
  /** Number format for numbers and dates (xlsx only), e.g. `dd.mm.yy` or `# ##0.00`. */
  numFmt?: string;
}

export interface ExportTypeDef<F = Record<string, unknown>> {
  type: ExportType;
  /** Must match the spec's format for the type (EXPORT_FORMATS). */
  format: 'csv' | 'xlsx';
  /** The file's name before the date, Russian, words joined by `_` (e.g. `Товары_полные_атрибуты`). */
  title: string;
  /** The filter of the list the export reproduces; its messages are the field errors of `filter.*`. */
  filter: z.ZodType<F, unknown>;
  /** At most this many rows (spec 001 §9). */
  limit: number;
  /** The refusal above the limit; `{limit}` and `{count}` are filled in. Defaults to `export.tooManyRows`. */
  limitMessage?: string;
  /** How many rows the export will hold under `filter`. */
  count(ctx: CallContext, partnerId: number, filter: F): Promise<number>;
  /** The columns in order; a function when they depend on the filter (a category's attributes). */
  columns: ExportColumn[] | ((filter: F) => ExportColumn[]);
  /** The rows, page by page: never all of them in memory. */
  rows(ctx: CallContext, partnerId: number, filter: F): AsyncIterable<ExportRow>;
  /**
   * A layout of the type's own for some filters (an import template of one category), instead of a header
   * row and `rows`: the writer writes the whole file to `out`, ends it, and resolves with the row count.
   * Null: the default layout.
   */
  writer?: (filter: F) => ExportWriter | null;
}

/** What an export may need beyond the database: services the exports service is built with. */
export interface ExportEnv {
  catalogue: CatalogueService;
}

export type ExportWriter = (
  out: Writable,
  ctx: CallContext,
  partnerId: number,
  env: ExportEnv,
) => Promise<number>;

// Stored without the filter's type: each definition is only ever called with its own parsed filter.
type AnyExportTypeDef = ExportTypeDef<unknown>;

const registry = new Map<ExportType, AnyExportTypeDef>();

/** Make `def.type` exportable. A type is registered once; a second registration is a programming error. */
export function registerExportType<F>(def: ExportTypeDef<F>): void {
  if (registry.has(def.type)) throw new Error(`Export type ${def.type} is registered twice`);
  if (EXPORT_FORMATS[def.type] !== def.format)
    throw new Error(`Export type ${def.type} is ${EXPORT_FORMATS[def.type]}, not ${def.format}`);
  if (!Number.isInteger(def.limit) || def.limit <= 0) throw new Error(`Export type ${def.type}: bad limit`);
  registry.set(def.type, def as unknown as AnyExportTypeDef);
}

export function exportTypeOf(type: ExportType): AnyExportTypeDef | undefined {
  return registry.get(type);
}

/**
 * Tests only: change a registered type (a small limit, a failing row source) and get back the undo.
 * Production code never calls it.
 */
export function overrideExportType(
  type: ExportType,
  patch: Partial<Pick<AnyExportTypeDef, 'limit' | 'rows' | 'count'>>,
): () => void {
  const current = registry.get(type);
  if (!current) throw new Error(`Export type ${type} is not registered`);
  registry.set(type, { ...current, ...patch });
  return () => void registry.set(type, current);
}

export function columnsOf(def: AnyExportTypeDef, filter: unknown): ExportColumn[] {
  return typeof def.columns === 'function' ? def.columns(filter) : def.columns;
}
