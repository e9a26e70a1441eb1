// The state behind a valid access token (user enabled, login not revoked, roles, linked partners),
// cached per process so an authenticated call costs no extra query. Changes are announced with
// NOTIFY auth_changed (in the changing transaction) and every instance drops its copy.
import type pg from 'pg';
import type { AccessLevel, ApiScopeArea, Role, TeamRole } from '@moda/contracts';
import type { DbNotifications } from '../db/notifications';

interface Entry {
  principal: Principal | null;
  loadedAt: number;
}

const TTL_MS = 60_000;
export const AUTH_CHANNEL = 'auth_changed';

/** Who calls: a signed-in user with their roles and partners, or a marketplace system (service credential). */
export interface Principal {
  userId: string;
  email: string;
  roles: Role[];
  /** Partners the user is linked to. */
  partnerIds: number[];
  /** The login (token family) the access token came from: the credential recorded in the audit trail. */
  familyId: string;
  /** Set for a marketplace system calling with a service credential (v1.platform.*): no user, no roles. */
  service?: { credentialId: string; name: string };
  /** The user's role in each linked partner's team (issue 28); a partner absent here grants everything. */
  partnerRoles?: Record<number, TeamRole>;
  /** Set when a program calls with a seller's API token (issue 27): one partner, its scopes. */
  apiToken?: { tokenId: string; partnerId: number; scopes: Partial<Record<ApiScopeArea, AccessLevel>> };
}

export class PrincipalStore {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifications: DbNotifications,
  ) {}

  async get(userId: string, familyId: string): Promise<Principal | null> {
    const key = `${userId}:${familyId}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.loadedAt < TTL_MS) return hit.principal;
    const principal = await this.load(userId, familyId);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { principal, loadedAt: Date.now() });
    return principal;
  }

  private async load(userId: string, familyId: string): Promise<Principal | null> {
    const res = await this.pool.query<{
      email: string;
      roles: Role[];
      partner_ids: number[];
      partner_roles: Record<string, TeamRole> | null;
    }>(
      `select u.email, u.roles,
              coalesce(array(select up.partner_id from user_partners up where up.user_id = u.id order by up.partner_id), '{}') as partner_ids,
              (select json_object_agg(up.partner_id, up.role) from user_partners up where up.user_id = u.id) as partner_roles
         from users u
         join token_families f on f.id = $2 and f.user_id = u.id and f.revoked_at is null
        where u.id = $1 and u.disabled_at is null`,
      [userId, familyId],
    );
    const row = res.rows[0];
    if (!row) return null;
    // The team role in each linked partner (issue 28): checked against the permission table on every call.
    const partnerRoles: Record<number, TeamRole> = {};
    for (const [id, role] of Object.entries(row.partner_roles ?? {})) partnerRoles[Number(id)] = role;
    return {
      userId,
      familyId,
      email: row.email,
      roles: row.roles,
      partnerIds: row.partner_ids,
      partnerRoles,
    };
  }

  invalidate(userId: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${userId}:`)) this.cache.delete(key);
  }

  listen(): Promise<void> {
    return this.notifications.subscribe(AUTH_CHANNEL, {
      message: (userId) => this.invalidate(userId),
      reset: () => this.cache.clear(),
    });
  }
}
