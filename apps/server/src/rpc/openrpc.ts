// The OpenRPC document, generated from the method catalogue (served by rpc.discover and GET /jsonrpc/openrpc.json).
import { METHODS, ERRORS, type MethodDef } from '@moda/contracts';
import { z } from 'zod';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

export function buildOpenRpc(version: string): Record<string, unknown> {
  const methods = Object.values(METHODS as Record<string, MethodDef>).map((m) => {
    const params = schemaOf(m.params, 'input');
    const props = (params.properties ?? {}) as Record<string, unknown>;
    const required = new Set((params.required as string[] | undefined) ?? []);
    return {
      name: m.name,
      description: m.description,
      paramStructure: 'by-name',
      params: Object.entries(props).map(([name, schema]) => ({ name, required: required.has(name), schema })),
      result: { name: 'result', schema: schemaOf(m.result, 'output') },
      'x-roles': m.roles,
      'x-acts-for-partner': m.partner,
      'x-mutates': m.mutates,
    };
  });
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Moda Seller API',
      version,
      description: 'JSON-RPC 2.0 at POST /jsonrpc; the same methods at POST /v1/{area}.{action}.',
    },
    servers: [{ name: 'this server', url: '/jsonrpc' }],
    methods,
    components: {
      errors: Object.fromEntries(
        Object.entries(ERRORS).map(([k, v]) => [k, { code: v.code, message: v.message }]),
      ),
    },
  };
}
