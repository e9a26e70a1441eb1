// Ant Design forms of the profile checked with the contract's schemas, and the server's field errors
// (error.data.errors) put on their fields.
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { isRpcError } from '../../../lib/api/rpc-error';

/** A contract schema, as far as a field rule uses it. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** A field rule that asks the contract's schema of that field; its first message is the error. */
export function schemaRule(schema: FieldSchema): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  };
}

/**
 * Puts the server's field errors on the form's fields (`contacts.phone` → `phone` with the prefix
 * `contacts.`); returns whether any landed, so the caller notifies about the rest.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  known: readonly string[],
  prefix = '',
): boolean {
  if (!isRpcError(error)) return false;
  const fields = error.fieldErrors
    .map((e) => ({
      name: e.field.startsWith(prefix) ? e.field.slice(prefix.length) : e.field,
      message: e.message,
    }))
    .filter((e) => known.includes(e.name));
  if (fields.length === 0) return false;
  form.setFields(fields.map((f) => ({ name: f.name, errors: [f.message] })));
  return true;
}
