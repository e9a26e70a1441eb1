// What a handler knows about the call: who calls, for which partner, through which database handle.
import type { DbOrTx } from '../db/client';
import type { Principal } from '../auth/principals';

export type { Principal };

export interface CallContext {
  principal: Principal | null;
  /** The partner the call acts for, checked by the dispatcher; null for calls not acting for one. */
  partnerId: number | null;
  /** The pool, or the transaction of a mutating call. */
  db: DbOrTx;
  ip: string;
  userAgent: string | undefined;
  /** What the audit record names: set by a service when the object is not `params.id`. */
  audit: { objectId?: string; userId?: string; partnerId?: number };
  /** Work to do once the call's transaction has committed (sending email): never for a rolled-back call. */
  afterCommit: (work: () => Promise<unknown>) => void;
}

export function requirePrincipal(ctx: CallContext): Principal {
  if (!ctx.principal) throw new Error('requirePrincipal on an anonymous call');
  return ctx.principal;
}

export function requirePartner(ctx: CallContext): number {
  if (ctx.partnerId === null) throw new Error('requirePartner on a call that acts for no partner');
  return ctx.partnerId;
}

/** A context for work outside a dispatched call (downloads, jobs, tests, benchmarks). */
export function plainContext(db: DbOrTx, over: Partial<CallContext> = {}): CallContext {
  return {
    principal: null,
    partnerId: null,
    db,
    ip: '-',
    userAgent: undefined,
    audit: {},
    afterCommit: (work) => void work(),
    ...over,
  };
}
