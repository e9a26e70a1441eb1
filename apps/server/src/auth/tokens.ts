// Access tokens: short-lived HS256 JWTs carrying the roles in `scope` and the login they belong to.
// Only HS256 with our key and typ `at+jwt` is accepted: `alg: none`, other keys and refresh tokens fail.
// fast-jwt verifies with node:crypto and caches verified tokens: jose's WebCrypto path cost ~200 µs a
// call, which alone halved the throughput of a one-row RPC read (bench/rpc.ts).
import { randomBytes, createHash } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Role } from '@moda/contracts';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  familyId: string;
}

export class TokenSigner {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Record<string, unknown>;

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
      cache: 10_000,
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
    try {
      const payload = this.verifier(token);
      const { sub, fid, scope } = payload;
      if (typeof sub !== 'string' || typeof fid !== 'string' || !Array.isArray(scope)) return null;
      return { userId: sub, familyId: fid, roles: scope as Role[] };
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired) return 'expired';
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
