// JSON-RPC calls from the browser tests straight to the server under test, for set-up steps that are
// not the flow being tested (an account to recover, a token to act with).
export interface RpcReply<T = unknown> {
  result?: T;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

export async function rpc<T = unknown>(
  baseUrl: string,
  method: string,
  params: Record<string, unknown>,
  accessToken?: string,
): Promise<RpcReply<T>> {
  const response = await fetch(`${baseUrl}/jsonrpc`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as RpcReply<T>;
}
