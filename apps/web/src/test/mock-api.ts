// Test helpers for screens that mock the RPC client: answer `api.call` from a table of handlers, build the
// errors the client throws, and read back what was sent. Shared by every feature's screen tests.
import type { Mock } from 'vitest';
import type { FieldError, MethodName } from '@moda/contracts';
import { RpcError } from '../lib/api/rpc-error';

type Handler = (params: Record<string, unknown>) => unknown;
export type Handlers = Partial<Record<MethodName, Handler>>;

export function rpcError(method: string, message: string, errors: FieldError[] = [], code = 50400) {
  return new RpcError({
    method,
    request: {},
    response: {},
    apiMessage: message,
    code,
    status: 200,
    data: errors.length ? { errors } : undefined,
  });
}

/** Makes the mocked `api.call` answer from `handlers` (async, like the network). */
export function serve(call: Mock, handlers: Handlers) {
  call.mockImplementation(async (method: MethodName, params: Record<string, unknown>) => {
    await Promise.resolve();
    const handler = handlers[method];
    if (!handler) throw new Error(`unexpected call ${method}`);
    return handler(params);
  });
}

export function callsOf(call: Mock, method: MethodName): Record<string, unknown>[] {
  return call.mock.calls.filter((c) => c[0] === method).map((c) => c[1] as Record<string, unknown>);
}
