// Forms and the server's refusals, one way for every form of the web: the contract's schema as the
// form's check, the server's field errors (error.data.errors) on the fields they name, the rest for a notice.
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { FieldError } from '@moda/contracts';
import { toFieldErrors } from '@moda/contracts/messages';
import { isRpcError } from '../api/rpc-error';

/** One message per field, keyed by the field's path. */
export type FieldErrors = Partial<Record<string, string>>;

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** The first message of each field: the server may send several, and the first is the one to fix first. */
function firstPerField(list: readonly FieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of list) out[field] ??= message;
  return out;
}

// ---- The contract's schema as the form's check ---------------------------------------------------

/** A contract schema, as far as a form uses it. */
export interface FormSchema {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: Parameters<typeof toFieldErrors>[0] };
}

/** The contract schema's verdict on the form: one message per field, none when the form is valid. */
export function schemaErrors(schema: FormSchema, values: unknown): FieldErrors {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : firstPerField(toFieldErrors(parsed.error));
}

/** A contract schema of one field, as far as an Ant Design rule uses it. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * An Ant Design field rule that asks the contract's schema of that field; its first message is the error.
 * With `filledOnly` an empty field passes: for forms that report missing values themselves, on their own
 * button, while the rule tells at once what is wrong with a typed value.
 */
export function schemaRule(schema: FieldSchema, { filledOnly = false }: { filledOnly?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (filledOnly && (value === undefined || value === null || value === '')) return;
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  };
}

// ---- The server's field errors -------------------------------------------------------------------

/** The server's field errors of a form-style refusal; none for any other failure. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return isRpcError(error) ? error.fieldErrors : [];
}

/** How the server's field paths name a form's fields. */
export interface FieldMap {
  /** The form's fields, dot-separated, in the order they appear on screen; without it every path is a field. */
  fields?: readonly string[];
  /** Dropped from the front of a server path: with 'contacts.', `contacts.phone` lands on `phone`. */
  prefix?: string;
  /** Server paths (after the prefix) the form names otherwise. */
  rename?: Readonly<Record<string, string>>;
}

/**
 * The form field a server path names, or null: the path itself or its nearest field above
 * (`dates.1` → the `dates` picker that holds every date), else — for a whole object refused —
 * its first field on screen.
 */
export function fieldForPath(path: string, map: FieldMap = {}): string | null {
  const { prefix = '', rename = {}, fields } = map;
  const stripped = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
  const named = rename[stripped] ?? stripped;
  if (!fields) return named;
  const parts = named.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    if (fields.includes(candidate)) return candidate;
  }
  return fields.find((f) => f.startsWith(`${named}.`)) ?? null;
}

export interface PlacedErrors {
  /** The messages each form field shows: the first one the server sent for it. */
  byField: Map<string, string[]>;
  /** Errors no field of the form shows: they belong in the notification. */
  unplaced: FieldError[];
}

export function placeFieldErrors(errors: readonly FieldError[], map: FieldMap = {}): PlacedErrors {
  const byField = new Map<string, string[]>();
  const unplaced: FieldError[] = [];
  for (const e of errors) {
    const field = fieldForPath(e.field, map);
    if (field === null) unplaced.push(e);
    else if (!byField.has(field)) byField.set(field, [e.message]);
  }
  return { byField, unplaced };
}

/** The server's field errors of a refusal, one message per form field (keyed by the server's path without a map). */
export function serverFieldErrors(error: unknown, map: FieldMap = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, [message]] of placeFieldErrors(fieldErrorsOf(error), map).byField) out[field] = message;
  return out;
}

/** The Ant Design name path of a dot-separated field: 'general.address.index' → ['general', 'address', 'index']. */
const namePath = (field: string): string[] => field.split('.');

/**
 * Shows `byField` on an Ant Design form and clears the stale messages of the other `fields`; returns
 * whether any field changed. Only fields whose messages change are touched: each update re-renders its field.
 */
export function setFieldErrors(
  form: FormInstance,
  byField: ReadonlyMap<string, readonly string[]>,
  fields: readonly string[],
): boolean {
  const changed = fields
    .map((f) => ({ name: namePath(f), errors: [...(byField.get(f) ?? [])] }))
    .filter((f) => f.errors.join('\n') !== form.getFieldError(f.name).join('\n'));
  if (changed.length) form.setFields(changed);
  return changed.length > 0;
}

/**
 * Puts a refusal's field errors on the form's fields (clearing stale ones); what none of them shows is
 * returned in `unplaced`, and an empty `byField` means the failure is the notification's to tell.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  map: FieldMap & { fields: readonly string[] },
): PlacedErrors {
  const placed = placeFieldErrors(fieldErrorsOf(error), map);
  setFieldErrors(form, placed.byField, map.fields);
  return placed;
}

/**
 * What a notification says of a failure no field shows, in the server's Russian: the messages of field
 * errors the form has no field for, else the server's own message; undefined when the server said nothing.
 */
export function failureDescription(
  error: unknown,
  { unplaced = [] }: { unplaced?: readonly FieldError[] } = {},
): string | undefined {
  const rest = unplaced.map((e) => e.message).join(' ');
  if (rest) return rest;
  return isRpcError(error) && error.apiMessage ? error.apiMessage : undefined;
}
