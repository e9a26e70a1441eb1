// Access tokens: short-lived HS256 JWTs carrying the roles in `scope` and the login they belong to.
// Only HS256 with our key and typ `at+jwt` is accepted: `alg: none`, other keys and refresh tokens fail.
// fast-jwt verifies with node:crypto: jose's WebCrypto path cost ~200 µs a call, which alone halved the
// throughput of a one-row RPC read (bench/rpc.ts). A verified token is remembered until it expires, keyed by
// the token itself: fast-jwt's own cache keys by a SHA-256 of the token, ~10 µs of every call (issue 26).
import { randomBytes, createHash } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Role } from '@moda/contracts';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  familyId: string;
}

const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Record<string, unknown>;
  /** Verified tokens by their text, with the moment they expire; bounded by clearing when full. */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSec: number,
  ) {
    this.signer = createSigner({
      key: secret,
      algorithm: 'HS256',
      expiresIn: ttlSec * 1000,
      header: { alg: 'HS256', typ: 'at+jwt' },
    });
    this.verifier = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      checkTyp: 'at+jwt',
      requiredClaims: ['sub', 'fid', 'scope', 'exp'],
    });
  }

  get accessTtlSec(): number {
    return this.ttlSec;
  }

  async sign(claims: AccessClaims): Promise<string> {
    return this.signer({
      sub: claims.userId,
      scope: claims.roles,
      fid: claims.familyId,
      jti: randomBytes(12).toString('base64url'),
    });
  }

  /** The claims, 'expired', or null for anything else that is not our valid access token. */
  async verify(token: string): Promise<AccessClaims | 'expired' | null> {
    const hit = this.verified.get(token);
    if (hit) {
      // Valid through the millisecond of `exp`, as fast-jwt's own check has it.
      if (Date.now() <= hit.expiresAt) return hit.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const payload = this.verifier(token);
      const { sub, fid, scope, exp } = payload;
      if (typeof sub !== 'string' || typeof fid !== 'string' || !Array.isArray(scope)) return null;
      const claims: AccessClaims = { userId: sub, familyId: fid, roles: scope as Role[] };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { claims, expiresAt: Number(exp) * 1000 });
      return claims;
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired) return 'expired';
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
