// Access tokens: short-lived HS256 JWTs carrying the roles in `scope` and the login they belong to.
// Only HS256 with our key and typ `at+jwt` is accepted: `alg: none`, other keys and refresh tokens fail.
import { randomBytes, createHash } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@moda/contracts';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  familyId: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSec: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get accessTtlSec(): number {
    return this.ttlSec;
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ scope: claims.roles, fid: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(claims.userId)
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSec}s`)
      .sign(this.key);
  }

  /** The claims, 'expired', or null for anything else that is not our valid access token. */
  async verify(token: string): Promise<AccessClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], typ: 'at+jwt' });
      const scope = payload.scope;
      if (typeof payload.sub !== 'string' || typeof payload.fid !== 'string' || !Array.isArray(scope))
        return null;
      return { userId: payload.sub, familyId: payload.fid, roles: scope as Role[] };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return 'expired';
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
