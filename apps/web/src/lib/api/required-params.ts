// Checks a call's params against the method's schema for missing required parameters before the
// request goes out (spec 001 §5): only presence is checked here, the server validates the rest.
import { MissingParameterError } from './rpc-error';

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}
interface ObjectSchema {
  shape: Record<string, FieldSchema>;
}

const isObjectSchema = (schema: unknown): schema is ObjectSchema =>
  typeof schema === 'object' && schema !== null && 'shape' in schema && typeof schema.shape === 'object';

/** Throws MissingParameterError naming the first required parameter that is null or undefined. */
export function assertRequiredParams(method: string, schema: FieldSchema, params: unknown): void {
  if (params === null || params === undefined) {
    // A method without required fields accepts an empty body; otherwise the body itself is missing.
    if (!schema.safeParse({}).success) throw new MissingParameterError('params', method);
    return;
  }
  if (!isObjectSchema(schema) || typeof params !== 'object') return;
  const values = params as Record<string, unknown>;
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = values[name];
    if ((value === null || value === undefined) && !field.safeParse(undefined).success) {
      throw new MissingParameterError(name, method);
    }
  }
}
