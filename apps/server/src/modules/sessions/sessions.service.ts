// Login, token refresh with rotation and reuse detection, logout, disabling users.
// Login answers the same for an unknown user and a wrong password (spec 001 §8 invalid_grant).
import { LOGIN_ALLOWED, type TokensResult } from '@moda/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { PrincipalStore } from '../../auth/principals';
import type { RateLimiter } from '../../auth/rate-limit';
import { hashToken, newRefreshToken, type TokenSigner } from '../../auth/tokens';
import type { CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import * as q from './sessions.queries';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  signer: TokenSigner;
  limiter: RateLimiter;
  principals: PrincipalStore;
}

/**
 * Failures are counted per account *and* address: guessing from elsewhere cannot lock the owner out, and the
 * email and the login of one account share one count. A name that is no account is counted as typed.
 */
function failKeyOf(userId: string | null, username: string, ip: string): string {
  return userId ? `login:fail:user:${userId}:${ip}` : `login:fail:name:${username.toLowerCase()}:${ip}`;
}

export class SessionsService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async login(
    ctx: CallContext,
    params: { username?: string | undefined; password?: string | undefined },
  ): Promise<TokensResult> {
    const username = params.username?.trim() ?? '';
    const password = params.password ?? '';
    if (!username || !password) throw new AppError('auth.emptyFields');
    if (!LOGIN_ALLOWED.test(username) || !LOGIN_ALLOWED.test(password))
      throw new AppError('auth.invalidCharacters');

    const { limiter, config } = this.deps;
    const rate = config.loginRate;
    const ipHit = await limiter.hit(`login:ip:${ctx.ip}`, 60);
    if (ipHit.count > rate.perIpPerMinute)
      throw new AppError('auth.tooManyAttempts', { retryAfter: ipHit.retryAfterSec });
    const user = await this.verify(ctx, username, password);
    await limiter.reset(failKeyOf(user.id, username, ctx.ip));
    if (!user.confirmed) throw new AppError('registration.userNotConfirmed');
    return this.startSession(ctx, user.id, user.roles);
  }

  /** Verify an email-or-login and password under the same limits as a login, without starting a session. */
  async checkCredentials(ctx: CallContext, username: string, password: string): Promise<q.LoginUser> {
    if (!LOGIN_ALLOWED.test(username) || !LOGIN_ALLOWED.test(password))
      throw new AppError('auth.invalidCharacters');
    return this.verify(ctx, username, password);
  }

  /** The user behind an email-or-login and password, counting a failure against the account. */
  private async verify(ctx: CallContext, username: string, password: string): Promise<q.LoginUser> {
    const rate = this.deps.config.loginRate;
    const user = await q.findUserByLogin(ctx.db, username);
    const failKey = failKeyOf(user?.id ?? null, username, ctx.ip);
    const failures = await this.deps.limiter.peek(failKey, rate.failureWindowSec);
    if (failures.count >= rate.failuresPerAccountIp)
      throw new AppError('auth.tooManyAttempts', { retryAfter: failures.retryAfterSec });
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !valid || user.disabled) {
      await this.deps.limiter.hit(failKey, rate.failureWindowSec);
      throw new AppError('auth.invalidGrant');
    }
    return user;
  }

  /** A new login (token family) for a user whose identity was just proven. */
  async startSession(ctx: CallContext, userId: string, roles: TokensResult['scope']): Promise<TokensResult> {
    ctx.audit.userId = userId;
    ctx.audit.objectId = userId;
    const familyId = await q.insertFamily(ctx.db, userId);
    return this.issue(ctx, userId, roles, familyId);
  }

  /** The user's roles or partners changed: every instance reloads them on the next call. */
  async principalChanged(ctx: CallContext, userId: string): Promise<void> {
    await q.notifyAuthChanged(ctx.db, userId);
    this.deps.principals.invalidate(userId);
  }

  /** End every login of the user, on every instance. */
  async endAllSessions(ctx: CallContext, userId: string, reason: string): Promise<void> {
    await q.revokeAllFamilies(ctx.db, userId, reason);
    this.deps.principals.invalidate(userId);
  }

  async refresh(ctx: CallContext, refreshToken: string): Promise<TokensResult> {
    const tokenHash = hashToken(refreshToken);
    const consumed = await q.consumeRefreshToken(ctx.db, tokenHash);
    if (!consumed) {
      const known = await q.findRefreshToken(this.deps.db, tokenHash);
      // A used token presented again means it was stolen or replayed: end that whole login. This runs
      // on the pool, not the call's transaction, so the revocation stays although the call fails.
      if (known?.used) {
        await q.revokeFamily(this.deps.db, known.familyId, known.userId, 'refresh token reuse');
        this.deps.principals.invalidate(known.userId);
      }
      throw new AppError('auth.invalidRefreshToken');
    }
    const user = await q.findActiveUser(ctx.db, consumed.userId);
    if (!user) throw new AppError('auth.invalidRefreshToken');
    ctx.audit.userId = consumed.userId;
    ctx.audit.objectId = consumed.familyId;
    return this.issue(ctx, consumed.userId, user.roles, consumed.familyId);
  }

  async revoke(ctx: CallContext, refreshToken: string): Promise<{ ok: true }> {
    const known = await q.findRefreshToken(ctx.db, hashToken(refreshToken));
    if (known) {
      await q.revokeFamily(ctx.db, known.familyId, known.userId, 'logout');
      this.deps.principals.invalidate(known.userId);
      ctx.audit.userId = known.userId;
      ctx.audit.objectId = known.familyId;
    }
    // Logging out with an unknown token is not an error: the session is gone either way.
    return { ok: true };
  }

  async setDisabled(ctx: CallContext, userId: string, disabled: boolean): Promise<void> {
    await q.setUserDisabled(ctx.db, userId, disabled);
    this.deps.principals.invalidate(userId);
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  private async issue(
    ctx: CallContext,
    userId: string,
    roles: TokensResult['scope'],
    familyId: string,
  ): Promise<TokensResult> {
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(Date.now() + this.deps.config.refreshTokenTtlSec * 1000);
    await q.insertRefreshToken(ctx.db, familyId, hashToken(refreshToken), expiresAt);
    const accessToken = await this.deps.signer.sign({ userId, roles, familyId });
    return { accessToken, refreshToken, scope: roles, expiresIn: this.deps.signer.accessTtlSec };
  }
}
