// The pieces of an API client both ends share — the web's session client (apps/web/src/lib/api) and the
// sellers' token client (./client.ts): the error class, the required-parameter check made before a call goes
// out (spec 001 §5), and the reading of a reply into its result or an RpcError (spec 001 §7–§8).
// No Node and no DOM-only API here: the web's bundle imports this file.
import type { FieldError, RpcErrorData } from '@moda/contracts';

export interface RpcErrorInit {
  method: string;
  request: unknown;
  response: unknown;
  apiMessage: string | undefined;
  code: number | undefined;
  data?: RpcErrorData | undefined;
  status?: number | undefined;
  cause?: unknown;
}

/** Spec 001 §8 "Transport": the message names the method and, when there is one, the server's message. */
export class RpcError extends Error {
  readonly method: string;
  readonly request: unknown;
  readonly response: unknown;
  /** The server's message, in Russian: what a notification shows. */
  readonly apiMessage: string | undefined;
  /** The API's code (50400, 50403, 50429…); undefined when no answer came (a network failure). */
  readonly code: number | undefined;
  readonly data: RpcErrorData | undefined;
  readonly status: number | undefined;

  constructor(init: RpcErrorInit) {
    super(
      init.apiMessage
        ? `API client got error response on ${init.method}: ${init.apiMessage}`
        : `API client got error on ${init.method}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'RpcError';
    this.method = init.method;
    this.request = init.request;
    this.response = init.response;
    this.apiMessage = init.apiMessage;
    this.code = init.code;
    this.data = init.data;
    this.status = init.status;
  }

  /** The coded reason (`apiToken.missingScope`, `common.tooManyRequests`…): stable to branch on. */
  get reason(): string | undefined {
    return this.data?.reason;
  }

  /** Field errors of a form-style reply (spec 001 §8), or none. */
  get fieldErrors(): FieldError[] {
    return this.data?.errors ?? [];
  }
}

export const isRpcError = (e: unknown): e is RpcError => e instanceof RpcError;

/** Spec 001 §5 "General": a call refuses to go out when a required parameter is missing. */
export class MissingParameterError extends Error {
  constructor(
    readonly parameter: string,
    readonly method: string,
  ) {
    super(`Required parameter ${parameter} was null or undefined when calling ${method}.`);
    this.name = 'MissingParameterError';
  }
}

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}
interface ObjectSchema {
  shape: Record<string, FieldSchema>;
}

const isObjectSchema = (schema: unknown): schema is ObjectSchema =>
  typeof schema === 'object' && schema !== null && 'shape' in schema && typeof schema.shape === 'object';

/**
 * What the required-parameter check needs of a method's params schema, read once from the schema: whether an
 * empty body is accepted, and the fields that accept neither null nor undefined (null when the params are not
 * an object schema). Plain data, so the web's build keeps this instead of every area's zod schemas.
 */
export interface ParamsRule {
  emptyOk: boolean;
  required: string[] | null;
}

export function paramsRuleOf(schema: FieldSchema): ParamsRule {
  return {
    emptyOk: schema.safeParse({}).success,
    required: isObjectSchema(schema)
      ? Object.entries(schema.shape)
          .filter(([, field]) => !field.safeParse(undefined).success)
          .map(([name]) => name)
      : null,
  };
}

/**
 * Throws MissingParameterError naming the first required parameter that is null or undefined. Only presence
 * is checked here; the server validates the rest.
 */
export function assertRequired(method: string, rule: ParamsRule, params: unknown): void {
  if (params === null || params === undefined) {
    // A method without required fields accepts an empty body; otherwise the body itself is missing.
    if (!rule.emptyOk) throw new MissingParameterError('params', method);
    return;
  }
  if (!rule.required || typeof params !== 'object') return;
  const values = params as Record<string, unknown>;
  for (const name of rule.required) {
    const value = values[name];
    if (value === null || value === undefined) throw new MissingParameterError(name, method);
  }
}

/** The same check read straight from the schema (the sellers' client, which holds the contracts anyway). */
export function assertRequiredParams(method: string, schema: FieldSchema, params: unknown): void {
  assertRequired(method, paramsRuleOf(schema), params);
}

/** What one HTTP exchange gave: the request sent, the status, the parsed body. */
export interface Sent {
  request: unknown;
  status: number;
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The body as JSON when it is JSON, as text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `error` object of a JSON-RPC or gateway reply, if it is one. */
export function errorObjectOf(data: unknown): Record<string, unknown> | undefined {
  return isObject(data) && isObject(data.error) ? data.error : undefined;
}

/** Spec 001 §7: the result if present, otherwise the data; an error reply becomes an RpcError. */
export function unwrap(method: string, sent: Sent): unknown {
  const { data, status, request } = sent;
  if (isObject(data) && 'result' in data) return data.result;
  const error = errorObjectOf(data);
  if (error || status >= 400) {
    throw new RpcError({
      method,
      request,
      response: data,
      status,
      apiMessage: typeof error?.message === 'string' && error.message ? error.message : undefined,
      code: typeof error?.code === 'number' ? error.code : undefined,
      data: isObject(error?.data) ? error.data : undefined,
    });
  }
  return data;
}

/** A network failure (no answer at all) as an RpcError without a code. */
export const transportError = (method: string, request: unknown, cause: unknown) =>
  new RpcError({ method, request, response: undefined, apiMessage: undefined, code: undefined, cause });
