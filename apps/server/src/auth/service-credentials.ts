// Credentials of marketplace systems (OMS, WMS, the order simulator) for the v1.platform.* methods.
// A token is `mps_<credentialId>.<secret>`: 32 random bytes, of which only a sha256 hash is stored;
// the hash is compared in constant time. Verified credentials are cached briefly per process.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serviceCredentials } from '../db/core.schema';

export const SERVICE_TOKEN =
  /^mps_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const TTL_MS = 30_000;

export interface ServiceIdentity {
  credentialId: string;
  name: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

// The pattern every bearer secret of ours follows (service credentials `mps_`, sellers' API tokens `msk_`):
// `<prefix><uuid>.<32 random bytes, base64url>`, the id to find the row, the secret kept only as its hash.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A new prefixed secret for a row id, and the hash to store. */
export function newPrefixedSecret(
  prefix: string,
  id: string = randomUUID(),
): { id: string; token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${prefix}${id}.${secret}`, hash: sha256(secret).toString('hex') };
}

/** The row id and secret of a prefixed token, or null when it is not one. */
export function parsePrefixedSecret(prefix: string, token: string): { id: string; secret: string } | null {
  const m = new RegExp(`^${prefix}(${UUID})\\.([A-Za-z0-9_-]{43})$`).exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

/** Whether a secret matches the stored hash (hex), compared in constant time. */
export function secretMatches(secret: string, hashHex: string | Buffer): boolean {
  const given = sha256(secret);
  const stored = typeof hashHex === 'string' ? Buffer.from(hashHex, 'hex') : hashHex;
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function isServiceToken(token: string): boolean {
  return token.startsWith('mps_');
}

/** A new token for a credential id (the secret is never stored). */
export function newServiceToken(id: string = randomUUID()): { id: string; token: string; hash: string } {
  return newPrefixedSecret('mps_', id);
}

/** Creates a credential named `name` and returns its token: the only time the token is seen. */
export async function issueServiceCredential(
  db: DbOrTx,
  name: string,
): Promise<{ id: string; token: string }> {
  const { id, token, hash } = newServiceToken();
  await db.insert(serviceCredentials).values({ id, name, secretHash: hash });
  return { id, token };
}

/** Registers a token given in the configuration (PLATFORM_TOKEN): the configured secret wins. */
export async function registerServiceToken(db: DbOrTx, token: string, name: string): Promise<string> {
  const m = SERVICE_TOKEN.exec(token);
  if (!m) throw new Error('PLATFORM_TOKEN must look like mps_<uuid>.<43 base64url characters>');
  const [, id, secret] = m as unknown as [string, string, string];
  const hash = sha256(secret).toString('hex');
  await db
    .insert(serviceCredentials)
    .values({ id, name, secretHash: hash })
    .onConflictDoUpdate({
      target: serviceCredentials.id,
      set: { secretHash: hash, name, revokedAt: sql`null` },
    });
  return id;
}

export async function revokeServiceCredential(db: DbOrTx, id: string): Promise<void> {
  await db.update(serviceCredentials).set({ revokedAt: new Date() }).where(eq(serviceCredentials.id, id));
}

interface Entry {
  row: { name: string; hash: Buffer } | null;
  loadedAt: number;
}

export class ServiceCredentialStore {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly db: DbOrTx) {}

  /** The credential a token belongs to, or null (unknown, revoked, malformed or a wrong secret). */
  async verify(token: string): Promise<ServiceIdentity | null> {
    const m = SERVICE_TOKEN.exec(token);
    if (!m) return null;
    const [, id, secret] = m as unknown as [string, string, string];
    let hit = this.cache.get(id);
    if (!hit || Date.now() - hit.loadedAt >= TTL_MS) {
      const [row] = await this.db
        .select({ name: serviceCredentials.name, hash: serviceCredentials.secretHash })
        .from(serviceCredentials)
        .where(sql`${serviceCredentials.id} = ${id} and ${serviceCredentials.revokedAt} is null`);
      hit = {
        row: row ? { name: row.name, hash: Buffer.from(row.hash, 'hex') } : null,
        loadedAt: Date.now(),
      };
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(id, hit);
    }
    if (!hit.row || !secretMatches(secret, hit.row.hash)) return null;
    return { credentialId: id, name: hit.row.name };
  }

  /** Forget cached credentials (after a revocation in this process). */
  clear(): void {
    this.cache.clear();
  }
}
