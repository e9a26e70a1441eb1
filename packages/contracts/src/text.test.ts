// Strings and numbers from outside: the one string rule, and a walk over every method's params proving that
// each string refuses control characters and each number has a bound, so none reaches PostgreSQL unchecked.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LOGIN_ALLOWED } from './auth';
import { METHODS } from './index';
import { toFieldErrors } from './messages';
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT, hasControlCharacters, safeString } from './text';

const REFUSED = 'Недопустимые символы';
const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldErrors(r.error).map((e) => e.message);
};

describe('the string rule', () => {
  it('refuses C0 controls and DEL in one line, keeps tab and line breaks in a multi-line text', () => {
    const line = safeString();
    const text = safeString({ multiline: true });
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f']) {
      expect(messages(line, `a${c}b`), JSON.stringify(c)).toEqual([REFUSED]);
      expect(messages(text, `a${c}b`), JSON.stringify(c)).toEqual([REFUSED]);
    }
    for (const c of ['\t', '\n', '\r']) {
      expect(messages(line, `a${c}b`), JSON.stringify(c)).toEqual([REFUSED]);
      expect(messages(text, `a${c}b`), JSON.stringify(c)).toEqual([]);
    }
    expect(messages(line, 'Платье «Лён» — 100 % 👗, ½')).toEqual([]);
  });

  it('trims before the rule, so a pasted value with a trailing line break is kept', () => {
    expect(safeString({ trim: true }).parse('  SKU-1\r\n')).toBe('SKU-1');
    expect(messages(safeString({ trim: true }), 'SKU\n1')).toEqual([REFUSED]);
  });

  it('reaches into free-form JSON, keys included, without recursion', () => {
    expect(hasControlCharacters({ a: ['x', { b: 'line\nbreak' }] })).toBe(false);
    expect(hasControlCharacters({ a: ['x', { b: 'nul\u0000' }] })).toBe(true);
    expect(hasControlCharacters({ 'k\u0000': 1 })).toBe(true);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasControlCharacters(deep)).toBe(true);
  });
});

interface Leaf {
  path: string;
  schema: z.ZodType;
}
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  checks?: { _zod: { def: { pattern?: RegExp } } }[];
};
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;

/** Every string and number a caller can send, with its path: through objects, arrays, records, unions, pipes. */
function leaves(schema: z.ZodType, path: string, out: { strings: Leaf[]; numbers: Leaf[] }) {
  const def = defOf(schema);
  const at = (inner: z.ZodType | undefined, p: string) => inner && leaves(inner, p, out);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape!)) leaves(v, path ? `${path}.${k}` : k, out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      at(def.innerType, path);
      break;
    case 'pipe':
      at(def.in, path);
      at(def.out, path);
      break;
    case 'array':
      at(def.element, `${path}[]`);
      break;
    case 'record':
      at(def.keyType, `${path}{key}`);
      at(def.valueType, `${path}{}`);
      break;
    case 'union':
      def.options!.forEach((o) => leaves(o, path, out));
      break;
    case 'string':
      out.strings.push({ path, schema });
      break;
    case 'number':
      out.numbers.push({ path, schema });
      break;
  }
}

// The login fields answer the spec's invalid_error instead of a schema message (see TokensCreateParams).
const LOGIN_FIELDS = new Set([
  'v1.tokens.create username',
  'v1.tokens.create password',
  'v1.accounts.add username',
  'v1.accounts.add password',
]);

describe('every method of the catalogue', () => {
  const all = Object.values(METHODS).map((m) => {
    const out = { strings: [] as Leaf[], numbers: [] as Leaf[] };
    leaves(m.params, '', out);
    return { name: m.name, ...out };
  });

  it('builds each free-text string parameter with the rule; the others are formats that refuse it too', () => {
    let count = 0;
    for (const { name, strings } of all) {
      for (const { path, schema } of strings) {
        const id = `${name} ${path}`;
        if (LOGIN_FIELDS.has(id)) {
          expect(LOGIN_ALLOWED.test('seller\u0000'), id).toBe(false);
          continue;
        }
        const patterns = (defOf(schema).checks ?? []).map((c) => c._zod.def.pattern);
        const ruled = patterns.includes(SINGLE_LINE_TEXT) || patterns.includes(MULTI_LINE_TEXT);
        const format = (schema as z.ZodString).format;
        // A uuid, a date, digits: a fixed shape that no control character fits.
        if (!ruled) expect(format, `${id} has neither the rule nor a format`).not.toBeNull();
        for (const bad of ['\u0000', '1\u0000', 'a\u0000b', '\u007f', '2026-01-01\u0000']) {
          const got = messages(schema, bad);
          expect(got.length, `${id} accepts ${JSON.stringify(bad)}`).toBeGreaterThan(0);
          if (ruled) expect(got, id).toContain(REFUSED);
        }
        count++;
      }
    }
    expect(count).toBeGreaterThan(150);
  });

  it('bounds each number parameter on both sides, below what a column or a JS number can hold', () => {
    for (const { name, numbers } of all) {
      for (const { path, schema } of numbers) {
        const n = schema as z.ZodNumber;
        expect(n.maxValue, `${name} ${path}`).toBeLessThan(Number.MAX_SAFE_INTEGER);
        expect(n.minValue, `${name} ${path}`).toBeGreaterThan(-Number.MAX_SAFE_INTEGER);
      }
    }
  });
});
