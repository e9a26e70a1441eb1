// Runs one call of the catalogue: authenticate, check role, validate params, resolve and check the
// partner, run the handler (in a transaction with an audit record when it mutates), validate the result.
// Every entry point (JSON-RPC, gateway, REST adapters) goes through here, so the rules hold everywhere.
import {
  INTERNAL_ROLES,
  METHODS,
  auditAreaOf,
  toFieldErrors,
  type MethodDef,
  type Role,
  type RpcErrorObject,
} from '@moda/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { auditLog } from '../modules/audit';
import type { ApiTokenGate, RateState, TokenRef } from '../modules/api-tokens';
import { isDatabaseUnavailable, type Db } from '../db/client';
import type { PrincipalStore } from '../auth/principals';
import { checkAccess } from '../auth/access';
import type { TokenSigner } from '../auth/tokens';
import { isServiceToken, type ServiceCredentialStore } from '../auth/service-credentials';
import { AppError } from '../core/errors';
import { toRpcError } from './errors';
import type { CallContext, Principal } from '../core/context';
import type { HandlerMap } from '../core/handlers';
import type { PartnerDirectory } from './partner-directory';

export interface TransportInfo {
  authorization: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: RpcErrorObject };

/** Who may act for which partner (spec 000 §6; DESIGN "Tenancy and access"). */
export function mayActFor(principal: Principal, partnerId: number): 'linked' | 'internal' | false {
  if (principal.partnerIds.includes(partnerId)) return 'linked';
  if (principal.roles.some((r) => (INTERNAL_ROLES as readonly Role[]).includes(r))) return 'internal';
  return false;
}

/** The partners whose objects the caller may open by id: their own, or every partner (null) for staff. */
export function partnerScope(principal: Principal): number[] | null {
  return principal.roles.some((r) => (INTERNAL_ROLES as readonly Role[]).includes(r))
    ? null
    : principal.partnerIds;
}

export interface DispatcherDeps {
  db: Db;
  handlers: HandlerMap;
  signer: TokenSigner;
  principals: PrincipalStore;
  /** Marketplace systems' credentials (`mps_…` bearer tokens) for the v1.platform.* methods. */
  credentials: ServiceCredentialStore;
  /** Sellers' API tokens (`msk_…` bearer tokens, issue 27): verification, rate limits, usage counters. */
  apiTokens?: ApiTokenGate;
  partners: PartnerDirectory;
  log: FastifyBaseLogger;
  validateResults: boolean;
  /** Extra methods outside the catalogue (rpc.discover). */
  extra?: Record<string, () => unknown>;
  /** Whether a partner's cabinet is read-only until it signs the cooperation terms. */
  isRestricted?: (partnerId: number) => Promise<boolean>;
  /**
   * A mutating call for a partner has committed: what this process caches about the partner is dropped at
   * once, so the caller's next read sees its own change without waiting for the database's notification.
   */
  committed?: (partnerId: number) => void;
}

/** One HTTP request's caller: the bearer token is verified once, however many calls a batch holds. */
export class Caller {
  private principal: Promise<Principal> | undefined;
  /** The API token presented, once its row is known (its calls and failures are counted). */
  apiToken: TokenRef | undefined;
  /** The tightest rate-limit state of this request's token calls, for the X-RateLimit-* headers. */
  rateLimit: RateState | undefined;
  /** The operation a REST route was first authorised as: its usage is counted under this name. */
  operation: string | undefined;
  constructor(
    readonly transport: TransportInfo,
    private readonly deps: Pick<DispatcherDeps, 'signer' | 'principals' | 'credentials' | 'apiTokens'>,
  ) {}

  noteRate(state: RateState): void {
    if (!this.rateLimit || state.remaining < this.rateLimit.remaining) this.rateLimit = state;
  }

  authenticate(): Promise<Principal> {
    this.principal ??= this.resolve();
    return this.principal;
  }

  private async resolve(): Promise<Principal> {
    const header = this.transport.authorization;
    const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!m?.[1]) throw new AppError('auth.unauthorized');
    const apiTokens = this.deps.apiTokens;
    if (apiTokens?.isToken(m[1])) {
      return apiTokens.authenticate(m[1], this.transport.ip, (ref) => (this.apiToken = ref));
    }
    if (isServiceToken(m[1])) {
      const service = await this.deps.credentials.verify(m[1]);
      if (!service) throw new AppError('auth.unauthorized');
      return {
        userId: '',
        email: '',
        roles: [],
        partnerIds: [],
        familyId: service.credentialId,
        service,
      };
    }
    const claims = await this.deps.signer.verify(m[1]);
    if (claims === 'expired') throw new AppError('auth.tokenExpired');
    if (!claims) throw new AppError('auth.unauthorized');
    const principal = await this.deps.principals.get(claims.userId, claims.familyId);
    if (!principal) throw new AppError('auth.unauthorized');
    return principal;
  }
}

export class Dispatcher {
  constructor(private readonly deps: DispatcherDeps) {
    for (const name of Object.keys(deps.handlers)) {
      if (!(name in METHODS)) throw new Error(`Handler for unknown method ${name}`);
    }
  }

  get db(): Db {
    return this.deps.db;
  }

  caller(transport: TransportInfo): Caller {
    return new Caller(transport, this.deps);
  }

  hasMethod(name: string): boolean {
    return Object.hasOwn(METHODS, name) || Object.hasOwn(this.deps.extra ?? {}, name);
  }

  async call(name: string, rawParams: unknown, caller: Caller): Promise<CallOutcome> {
    const outcome = await this.outcome(name, rawParams, caller);
    if (caller.apiToken) this.deps.apiTokens?.record(caller.apiToken, name, outcome, caller.transport.ip);
    return outcome;
  }

  /**
   * A REST route has answered: an API token's call is counted in its usage like a JSON-RPC call (issue 27),
   * under the operation the route authorised it as; `err` is what the route threw, if anything.
   */
  restDone(caller: Caller, fallbackName: string, err?: unknown): void {
    if (!caller.apiToken) return;
    const outcome =
      err === undefined ? { ok: true as const } : { ok: false as const, error: toRpcError(err) };
    this.deps.apiTokens?.record(
      caller.apiToken,
      caller.operation ?? fallbackName,
      outcome,
      caller.transport.ip,
    );
  }

  private async outcome(name: string, rawParams: unknown, caller: Caller): Promise<CallOutcome> {
    try {
      return { ok: true, result: await this.run(name, rawParams, caller) };
    } catch (err) {
      if (err instanceof AppError) {
        // coded: the caller's business
      } else if (isDatabaseUnavailable(err)) {
        // An outage fails every call: one line each, no stack.
        this.deps.log.warn({ method: name, cause: (err as Error).message }, 'database unavailable');
      } else this.deps.log.error({ err, method: name }, 'rpc call failed');
      return { ok: false, error: toRpcError(err) };
    }
  }

  /** Role and partner checks shared with REST routes that move bytes instead of JSON. */
  async authorize(
    def: Pick<MethodDef, 'name' | 'roles' | 'partner' | 'mutates' | 'allowWhenRestricted'>,
    caller: Caller,
    partnerId: number | null,
    opts: { throttled?: boolean } = {},
  ): Promise<{ principal: Principal | null; partnerId: number | null }> {
    caller.operation ??= def.name;
    if (def.roles === 'public') return { principal: null, partnerId: null };
    const principal = await caller.authenticate();
    this.checkRole(def, principal);
    if (!opts.throttled) await this.scopeAndThrottle(def, principal, caller);
    if (def.roles === 'platform') return { principal, partnerId: null };
    if (!def.partner) {
      checkAccess(def, principal, null);
      return { principal, partnerId: null };
    }
    if (partnerId === null) throw new AppError('partner.required', { field: 'partnerId' });
    const access = mayActFor(principal, partnerId);
    // Another partner's id answers exactly as a partner that does not exist.
    if (!access) throw new AppError('partner.notFound');
    if (access === 'internal' && !(await this.deps.partners.exists(partnerId)))
      throw new AppError('partner.notFound');
    checkAccess(def, principal, partnerId);
    // Until the terms are signed the seller's cabinet is read-only; staff acting for the partner are not held.
    if (
      def.mutates &&
      !def.allowWhenRestricted &&
      access === 'linked' &&
      (await this.deps.isRestricted?.(partnerId))
    ) {
      throw new AppError('offer.restricted');
    }
    return { principal, partnerId };
  }

  /**
   * An API token's call: its scopes first (in memory: a refused call costs nothing and tells nothing of the
   * params), then its rate limit of the method's class (one statement).
   */
  private async scopeAndThrottle(
    def: Pick<MethodDef, 'name' | 'mutates'>,
    principal: Principal,
    caller: Caller,
  ) {
    const token = principal.apiToken;
    if (!token || !this.deps.apiTokens) return;
    checkAccess(def, principal, null);
    try {
      caller.noteRate(await this.deps.apiTokens.throttle(token.tokenId, def));
    } catch (err) {
      const state = (err as { rateState?: RateState }).rateState;
      if (state) caller.noteRate(state);
      throw err;
    }
  }

  /** Marketplace systems call only the platform methods, and only they may call them; users by role. */
  private checkRole(def: Pick<MethodDef, 'roles'>, principal: Principal): void {
    if (def.roles === 'public') return;
    if (def.roles === 'platform') {
      if (!principal.service) throw new AppError('common.forbidden');
      return;
    }
    if (principal.service) throw new AppError('common.forbidden');
    if (!principal.roles.some((r) => (def.roles as readonly Role[]).includes(r)))
      throw new AppError('common.forbidden');
  }

  /** Run `work` as a mutating operation: one transaction, ending with the audit record. */
  async mutate<T>(
    method: string,
    base: Omit<CallContext, 'db' | 'afterCommit'>,
    objectIdFrom: unknown,
    work: (ctx: CallContext) => Promise<T>,
  ): Promise<T> {
    const after: (() => Promise<unknown>)[] = [];
    let partnerId: number | null = null;
    const result = await this.deps.db.transaction(async (tx) => {
      const ctx: CallContext = { ...base, db: tx, afterCommit: (w) => after.push(w) };
      const result = await work(ctx);
      const service = ctx.principal?.service;
      const userId = ctx.audit.userId ?? (service ? null : ctx.principal?.userId) ?? null;
      await tx.insert(auditLog).values({
        partnerId: ctx.audit.partnerId ?? ctx.partnerId,
        userId,
        method,
        // Stored for the audit log's area filter (its own index), by the same rule the filter names areas with.
        area: auditAreaOf(method),
        objectId: ctx.audit.objectId ?? objectIdOf(objectIdFrom) ?? objectIdOf(result),
        // A platform call names its service credential; a program's call its API token; a user's the login.
        credential: service
          ? `service:${service.credentialId}:${service.name}`
          : ctx.principal?.apiToken
            ? `api-token:${ctx.principal.apiToken.tokenId}`
            : (ctx.principal?.familyId ?? null),
        ip: ctx.ip,
      });
      partnerId = ctx.audit.partnerId ?? ctx.partnerId;
      return result;
    });
    if (partnerId !== null) this.deps.committed?.(partnerId);
    for (const w of after) {
      await w().catch((err: unknown) => this.deps.log.error({ err, method }, 'after-commit work failed'));
    }
    return result;
  }

  private async run(name: string, rawParams: unknown, caller: Caller): Promise<unknown> {
    // Own keys only: `constructor`, `__proto__`, `toString`… are names of Object.prototype, not methods.
    const extras = this.deps.extra ?? {};
    if (Object.hasOwn(extras, name)) return extras[name]!();
    const handlers = this.deps.handlers as Record<string, (ctx: CallContext, p: unknown) => Promise<unknown>>;
    if (!Object.hasOwn(METHODS, name) || !Object.hasOwn(handlers, name))
      throw new AppError('rpc.methodNotFound');
    const def: MethodDef = (METHODS as Record<string, MethodDef>)[name]!;
    const handler = handlers[name]!;

    // Authentication and the role come before params are read: a caller who may not call the method learns
    // nothing about its shape.
    if (def.roles !== 'public') {
      const principal = await caller.authenticate();
      this.checkRole(def, principal);
      // Counted before the params are read: a program sending bad params is limited like any other.
      await this.scopeAndThrottle(def, principal, caller);
    }
    const parsed = def.params.safeParse(rawParams ?? {});
    if (!parsed.success) throw new AppError('rpc.invalidParams', { errors: toFieldErrors(parsed.error) });
    const params = parsed.data as Record<string, unknown>;
    const requested = def.partner && typeof params.partnerId === 'number' ? params.partnerId : null;
    const { principal, partnerId } = await this.authorize(def, caller, requested, { throttled: true });

    const base: Omit<CallContext, 'db' | 'afterCommit'> = {
      principal,
      partnerId,
      ip: caller.transport.ip,
      userAgent: caller.transport.userAgent,
      audit: {},
    };
    const result = def.mutates
      ? await this.mutate(name, base, params, (ctx) => handler(ctx, params))
      : await handler({ ...base, db: this.deps.db, afterCommit: (w) => void w() }, params);

    if (this.deps.validateResults) {
      const checked = def.result.safeParse(result);
      if (!checked.success) {
        throw new Error(`Result of ${name} breaks its contract: ${z.prettifyError(checked.error)}`);
      }
      return checked.data;
    }
    return result;
  }
}

function objectIdOf(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    for (const k of ['id', 'fileImportId', 'featureName']) {
      if (typeof v[k] === 'string' || typeof v[k] === 'number') return String(v[k]);
    }
  }
  return undefined;
}
