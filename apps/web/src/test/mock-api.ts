// Test helpers for screens that mock the RPC client: answer `api.call` from a table of handlers, build the
// errors the client throws, and read back what was sent. Shared by every feature's screen tests.
// Every mocked reply must be one the contract's result schema accepts, so a test fails when its mock
// drifts from what the server sends; error replies (thrown RpcErrors) are not results and go unchecked.
import { afterEach, type Mock } from 'vitest';
import { METHODS, type FieldError, type MethodName } from '@moda/contracts';
import { RpcError } from '../lib/api/rpc-error';

type Handler = (params: Record<string, unknown>) => unknown;
export type Handlers = Partial<Record<MethodName, Handler>>;

// A screen usually swallows the error a bad reply raises (it shows its error state), so the mismatch is
// kept here and fails the test after it, naming the method and the fields.
const mismatches: string[] = [];
afterEach(() => {
  const found = mismatches.splice(0);
  if (found.length) throw new Error(found.join('\n'));
});

/** The mocked reply of `method`, unchanged, once its contract's result schema accepts it; throws otherwise. */
export function checkedReply(method: string, reply: unknown): unknown {
  const def = METHODS[method];
  const parsed = def?.result.safeParse(reply);
  if (parsed?.success) return reply;
  const why = parsed
    ? parsed.error.issues.map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`).join('; ')
    : 'no such method in the contract';
  const problem = `Mocked reply of ${method} does not match the contract: ${why}`;
  mismatches.push(problem);
  throw new Error(problem);
}

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

/** Makes the mocked `api.call` answer from `handlers` (async, like the network), each reply checked. */
export function serve(call: Mock, handlers: Handlers) {
  call.mockImplementation(async (method: MethodName, params: Record<string, unknown>) => {
    await Promise.resolve();
    const handler = handlers[method];
    if (!handler) throw new Error(`unexpected call ${method}`);
    return checkedReply(method, await handler(params));
  });
}

export function callsOf(call: Mock, method: MethodName): Record<string, unknown>[] {
  return call.mock.calls.filter((c) => c[0] === method).map((c) => c[1] as Record<string, unknown>);
}
