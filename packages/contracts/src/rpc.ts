// The method catalogue's building block: one declaration per JSON-RPC method, read by the server
// (handlers, access checks, audit), the web client (types) and the OpenRPC document.
import { z } from 'zod';
import type { Role } from './enums';
import { ruErrorMap } from './messages';
import { INT4_MAX } from './text';

z.config({ customError: ruErrorMap });

export interface MethodDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  name: string;
  params: P;
  result: R;
  /** Roles that may call it; `public` needs no token; `platform` only a marketplace service credential. */
  roles: readonly Role[] | 'public' | 'platform';
  /** Acts for one partner: params carry `partnerId`, the dispatcher checks the caller may act for it. */
  partner: boolean;
  /** Changes data: runs in a transaction and leaves an audit record. */
  mutates: boolean;
  /** Still callable while the partner's cabinet is read-only for unsigned terms (signing, support). */
  allowWhenRestricted?: boolean;
  description: string;
}

export function defineMethod<const N extends string, P extends z.ZodType, R extends z.ZodType>(
  def: MethodDef<P, R> & { name: N },
): MethodDef<P, R> & { name: N } {
  if (!/^v\d+\.[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9-]*)+$/.test(def.name)) {
    throw new Error(`Method name ${def.name} is not v{n}.{area}.{action}`);
  }
  return def;
}

export type ParamsOf<M extends MethodDef> = z.input<M['params']>;
export type ResultOf<M extends MethodDef> = z.output<M['result']>;

export const PartnerId = z.number().int().positive().max(INT4_MAX).describe('Partner id');
export const partnerParams = { partnerId: PartnerId };
export const Empty = z.strictObject({});
export const Ok = z.strictObject({ ok: z.literal(true) });
