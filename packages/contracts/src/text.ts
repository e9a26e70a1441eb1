// The one rule for strings that come from outside: every string parameter of the catalogue is built here.
// PostgreSQL refuses NUL in text and jsonb, and no control character belongs in a name, a search or a comment.
import { z } from 'zod';
import { VALIDATION, fill } from './messages';

/** C0 controls and DEL: nothing a person types into a one-line field. */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
/** A multi-line text keeps its tabs and line breaks; the other controls are refused as in one line. */
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * A string parameter. `trim` runs before the rule, so a pasted value with a trailing line break is kept;
 * `multiline` is for comments and messages, where tabs and line breaks are part of the text.
 */
export function safeString(opts: { trim?: boolean; multiline?: boolean } = {}): z.ZodString {
  const base = opts.trim ? z.string().trim() : z.string();
  return base.regex(opts.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, VALIDATION.controlCharacters);
}

/**
 * A row id written as digits (products, order items, price changes): a bigint column, read as a JS number,
 * so at most 15 digits — a longer one is refused here rather than overflowing in PostgreSQL.
 */
export const DigitsId = () => safeString().regex(/^\d{1,15}$/);

/** Whether any string in a JSON value, keys included, breaks the multi-line rule (free-form payloads). */
export function hasControlCharacters(value: unknown): boolean {
  // A loop, not recursion: a payload nested thousands deep must not overflow the stack.
  const pending = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (!MULTI_LINE_TEXT.test(v)) return true;
    } else if (Array.isArray(v)) pending.push(...(v as unknown[]));
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (!MULTI_LINE_TEXT.test(k)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** A Russian phone as 10 digits: spaces, brackets, dashes and a leading +7 or 8 are dropped. */
export const Phone10 = safeString()
  .transform((p) => p.replace(/[\s()-]/g, '').replace(/^(\+7|8)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^\d{10}$/, fill(VALIDATION.exactDigits, { number: 10 })));

/** The largest value of a PostgreSQL `integer` column (partner ids, quantities). */
export const INT4_MAX = 2_147_483_647;
