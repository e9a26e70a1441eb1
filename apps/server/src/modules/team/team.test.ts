// The seller's team through the API (issue 28): the permission table enforced on every partner method for
// every role (generated from contracts), invitations (link by email, expiry, already linked), role changes
// and removal with the last owner kept, and a removed member refused at once.
import {
  METHODS,
  TEAM_ROLE_GRANTS,
  TeamRole,
  accessNeeded,
  grantCovers,
  type MethodDef,
  type Role,
} from '@moda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { createTestApp, type TestApp } from '../../../test/helpers';

const PARTNER = 10002;
const DAY = 24 * 3600 * 1000;
let clock = Date.now();
let t: TestApp;
let owner: string;

/** The invitation email to `to` sent last, from the job queue (no worker runs in this file). */
async function mailTo(to: string): Promise<{ subject: string; text: string; hash: string }> {
  const rows = await t.sql<{ data: { to: string; subject: string; text: string } }>(
    `select data from pgboss.job where name = 'email.send' and data->>'to' = $1 order by created_on desc limit 1`,
    [to],
  );
  const mail = rows[0]!.data;
  return { subject: mail.subject, text: mail.text, hash: /hash=([\w-]+)/.exec(mail.text)![1]! };
}

/** A colleague of the FBS partner with `role`, made directly in the tables (demo password). */
async function member(email: string, role: TeamRole): Promise<{ userId: string; token: string }> {
  const [u] = await t.sql<{ id: string }>(
    `insert into users (email, password_hash, roles, external_id, confirmed_at)
     select $1, password_hash, '{partner_user}', 'EXT-' || md5($1), now() from users where email = 'fbs@moda.test'
     returning id`,
    [email],
  );
  await t.sql(`insert into user_partners (user_id, partner_id, role) values ($1, $2, $3)`, [
    u!.id,
    PARTNER,
    role,
  ]);
  return { userId: u!.id, token: (await t.login(email)).accessToken };
}

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    config: {
      publicUrl: 'http://moda.test',
      loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 50, failureWindowSec: 900 },
    },
  });
  owner = (await t.login('fbs@moda.test')).accessToken;
});
afterAll(() => t.close());

describe('the permission table', () => {
  const sellerMethods = Object.values(METHODS as Record<string, MethodDef>).filter(
    (m) => m.partner && Array.isArray(m.roles) && (m.roles as readonly Role[]).includes('partner_user'),
  );

  it('is enforced for every partner method and every role, as contracts say', async () => {
    expect(sellerMethods.length).toBeGreaterThan(100);
    for (const role of TeamRole.options) {
      const { token } = await member(`table-${role}@moda.test`, role);
      const caller = t.dispatcher.caller({
        authorization: `Bearer ${token}`,
        ip: '127.0.0.1',
        userAgent: undefined,
      });
      for (const def of sellerMethods) {
        const need = accessNeeded(def)!;
        const allowed = grantCovers(TEAM_ROLE_GRANTS[role][need.area], need.level);
        const outcome = await t.dispatcher.authorize(def, caller, PARTNER).then(
          () => 'allowed',
          (err: unknown) => (err instanceof AppError ? err.key : String(err)),
        );
        expect(`${role} ${def.name}: ${outcome}`).toBe(
          `${role} ${def.name}: ${allowed ? 'allowed' : 'team.roleForbids'}`,
        );
      }
    }
  });

  it('refuses a call over the wire with 50403 and a Russian message naming the role and the area', async () => {
    const { token } = await member('wire-analyst@moda.test', 'analyst');
    const write = await t.rpc(
      'v1.team.invite',
      { partnerId: PARTNER, email: 'x@moda.test', role: 'analyst' },
      token,
    );
    expect(write.error).toMatchObject({
      code: 50403,
      message: 'Роль «Аналитик» не даёт права вносить изменения в разделе «Команда»',
      data: { reason: 'team.roleForbids', area: 'team', level: 'write', role: 'analyst' },
    });
    const price = await t.rpc(
      'v1.nomenclatures.update-price',
      { partnerId: PARTNER, item: { id: '1', country: 'RU', price: 1000 } },
      token,
    );
    expect(price.error?.message).toBe('Роль «Аналитик» не даёт права вносить изменения в разделе «Цены»');
    // Reading is the analyst's, and so is an export of what they read.
    expect((await t.rpc('v1.audit.list', { partnerId: PARTNER }, token)).result).toBeDefined();
    const manager = await member('wire-manager@moda.test', 'manager');
    expect((await t.rpc('v1.team.list', { partnerId: PARTNER }, manager.token)).error?.message).toBe(
      'Роль «Менеджер» не даёт права просматривать данные в разделе «Команда»',
    );
  });
});

describe('invitations', () => {
  it('invites by email with a 7-day link; a new person registers from it and works in their role', async () => {
    const inv = await t.rpc(
      'v1.team.invite',
      { partnerId: PARTNER, email: 'New.Analyst@moda.test', role: 'analyst' },
      owner,
    );
    expect(inv.result).toMatchObject({
      email: 'new.analyst@moda.test',
      role: 'analyst',
      invitedBy: 'fbs@moda.test',
    });
    expect(Date.parse(inv.result.expiresAt) - Date.parse(inv.result.createdAt)).toBeGreaterThanOrEqual(
      7 * DAY - 1000,
    );
    const mail = await mailTo('new.analyst@moda.test');
    expect(mail.subject).toContain('Приглашение в команду продавца');
    expect(mail.text).toContain('с ролью «Аналитик»');
    expect(mail.text).toContain('http://moda.test/invitation?hash=');
    const listed = await t.rpc('v1.team.list', { partnerId: PARTNER }, owner);
    expect(listed.result.invitations).toEqual([expect.objectContaining({ email: 'new.analyst@moda.test' })]);

    expect((await t.rpc('v1.invitations.check', { hash: mail.hash })).result).toEqual({
      email: 'new.analyst@moda.test',
      shopName: expect.any(String),
      role: 'analyst',
      hasAccount: false,
    });
    const weak = await t.rpc('v1.invitations.accept', {
      kind: 'new',
      hash: mail.hash,
      password: 'short',
      passwordRepeat: 'short',
    });
    expect(weak.error?.data?.errors?.[0]?.field).toBe('password');
    const mismatch = await t.rpc('v1.invitations.accept', {
      kind: 'new',
      hash: mail.hash,
      password: 'Analyst2026!',
      passwordRepeat: 'Analyst2026?',
    });
    expect(mismatch.error?.data?.errors).toEqual([
      { field: 'passwordRepeat', message: 'Пароли не совпадают' },
    ]);
    const wrongKind = await t.rpc('v1.invitations.accept', {
      kind: 'existing',
      hash: mail.hash,
      password: 'x',
    });
    expect(wrongKind.error?.data?.reason).toBe('invitation.noAccount');

    const accepted = await t.rpc('v1.invitations.accept', {
      kind: 'new',
      hash: mail.hash,
      password: 'Analyst2026!',
      passwordRepeat: 'Analyst2026!',
    });
    expect(accepted.result).toMatchObject({ scope: ['partner_user'] });
    const token = accepted.result.accessToken as string;
    const team = (await t.rpc('v1.team.list', { partnerId: PARTNER }, owner)).result;
    expect(team.invitations).toEqual([]);
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: 'new.analyst@moda.test', role: 'analyst' }),
    );
    // Used once: the link is spent; the new colleague reads but does not write; they log in with the password.
    expect((await t.rpc('v1.invitations.check', { hash: mail.hash })).error?.data?.reason).toBe(
      'invitation.invalid',
    );
    expect((await t.rpc('v1.audit.list', { partnerId: PARTNER }, token)).result).toBeDefined();
    expect((await t.rpc('v1.warehouses.list', { partnerId: 10001 }, token)).error?.data?.reason).toBe(
      'partner.notFound',
    );
    await t.login('new.analyst@moda.test', 'Analyst2026!');
  });

  it('links an existing seller with their password, in their role, beside their own partner', async () => {
    await t.rpc(
      'v1.team.invite',
      { partnerId: PARTNER, email: 'seller@moda.test', role: 'orders_logistics' },
      owner,
    );
    const { hash } = await mailTo('seller@moda.test');
    expect((await t.rpc('v1.invitations.check', { hash })).result).toMatchObject({ hasAccount: true });
    const bad = await t.rpc('v1.invitations.accept', { kind: 'existing', hash, password: 'Wrong2026!' });
    expect(bad.error?.data?.errors).toEqual([{ field: 'password', message: 'Неверный пароль' }]);
    const asNew = await t.rpc('v1.invitations.accept', {
      kind: 'new',
      hash,
      password: 'Seller2026!x',
      passwordRepeat: 'Seller2026!x',
    });
    expect(asNew.error?.data?.reason).toBe('invitation.accountExists');
    const ok = await t.rpc('v1.invitations.accept', { kind: 'existing', hash, password: 'Moda2026!' });
    const token = ok.result.accessToken as string;
    const [link] = await t.sql<{ role: string }>(
      `select up.role from user_partners up join users u on u.id = up.user_id where u.email = 'seller@moda.test' and up.partner_id = $1`,
      [PARTNER],
    );
    expect(link!.role).toBe('orders_logistics');
    // Still the owner of their own partner.
    expect((await t.rpc('v1.team.list', { partnerId: 10001 }, token)).result.members).toContainEqual(
      expect.objectContaining({ email: 'seller@moda.test', role: 'owner' }),
    );
  });

  it('refuses an already linked address, replaces an open link, and an expired link answers as used', async () => {
    const again = await t.rpc(
      'v1.team.invite',
      { partnerId: PARTNER, email: 'seller@moda.test', role: 'analyst' },
      owner,
    );
    expect(again.error).toMatchObject({
      message: 'Этот человек уже в команде',
      data: { errors: [{ field: 'email' }] },
    });
    const staff = await t.rpc(
      'v1.team.invite',
      { partnerId: PARTNER, email: 'support@moda.test', role: 'analyst' },
      owner,
    );
    expect(staff.error?.data?.reason).toBe('team.notAnAccountForInvitation');

    await t.rpc('v1.team.invite', { partnerId: PARTNER, email: 'late@moda.test', role: 'manager' }, owner);
    const first = await mailTo('late@moda.test');
    await t.rpc('v1.team.invite', { partnerId: PARTNER, email: 'late@moda.test', role: 'analyst' }, owner);
    const second = await mailTo('late@moda.test');
    expect(second.hash).not.toBe(first.hash);
    expect((await t.rpc('v1.invitations.check', { hash: first.hash })).error?.data?.reason).toBe(
      'invitation.invalid',
    );
    const open = (await t.rpc('v1.team.list', { partnerId: PARTNER }, owner)).result.invitations;
    expect(open.filter((i: { email: string }) => i.email === 'late@moda.test')).toEqual([
      expect.objectContaining({ role: 'analyst' }),
    ]);

    clock += 7 * DAY - 60_000;
    expect((await t.rpc('v1.invitations.check', { hash: second.hash })).result).toMatchObject({
      role: 'analyst',
    });
    clock += 2 * 60_000;
    try {
      const late = await t.rpc('v1.invitations.accept', {
        kind: 'new',
        hash: second.hash,
        password: 'Late2026!x',
        passwordRepeat: 'Late2026!x',
      });
      expect(late.error).toMatchObject({
        message:
          'Приглашение устарело или уже использовано. Попросите владельца кабинета пригласить вас снова',
      });
      expect(await t.sql(`select 1 from users where email = 'late@moda.test'`)).toEqual([]);
    } finally {
      clock = Date.now();
    }
    const cancelled = open.find((i: { email: string }) => i.email === 'late@moda.test');
    expect(
      (await t.rpc('v1.team.cancel-invitation', { partnerId: PARTNER, id: cancelled.id }, owner)).result,
    ).toEqual({ ok: true });
    expect(
      (await t.rpc('v1.team.cancel-invitation', { partnerId: PARTNER, id: cancelled.id }, owner)).error?.data
        ?.reason,
    ).toBe('team.invitationNotFound');
  });
});

describe('roles and removal', () => {
  it('keeps the last owner, changes roles, and a removed member is refused from their next call', async () => {
    const [me] = await t.sql<{ id: string }>(`select id from users where email = 'fbs@moda.test'`);
    // manager@moda.test is linked to the partner too (as owner, like every link before roles): make it a manager.
    const others = (await t.rpc('v1.team.list', { partnerId: PARTNER }, owner)).result.members as {
      userId: string;
      role: string;
    }[];
    for (const m of others.filter((m) => m.role === 'owner' && m.userId !== me!.id))
      await t.rpc('v1.team.change-role', { partnerId: PARTNER, userId: m.userId, role: 'manager' }, owner);

    const demote = await t.rpc(
      'v1.team.change-role',
      { partnerId: PARTNER, userId: me!.id, role: 'manager' },
      owner,
    );
    expect(demote.error).toMatchObject({ data: { reason: 'team.lastOwner', errors: [{ field: 'role' }] } });
    expect(
      (await t.rpc('v1.team.remove', { partnerId: PARTNER, userId: me!.id }, owner)).error?.data?.reason,
    ).toBe('team.lastOwner');

    const colleague = await member('colleague@moda.test', 'catalogue_prices');
    expect((await t.rpc('v1.team.list', { partnerId: PARTNER }, colleague.token)).error?.code).toBe(50403);
    const promoted = await t.rpc(
      'v1.team.change-role',
      { partnerId: PARTNER, userId: colleague.userId, role: 'owner' },
      owner,
    );
    expect(promoted.result).toMatchObject({ email: 'colleague@moda.test', role: 'owner' });
    // The same access token: the new role holds at the next call.
    expect((await t.rpc('v1.team.list', { partnerId: PARTNER }, colleague.token)).result).toBeDefined();

    // An API token the colleague issued for the partner (as owner) ends with the removal.
    const issued = await t.rpc(
      'v1.api-tokens.issue',
      { partnerId: PARTNER, name: 'colleague', scopes: { orders: 'read' }, expiresInDays: 30 },
      colleague.token,
    );
    const gone = await t.rpc('v1.team.remove', { partnerId: PARTNER, userId: colleague.userId }, owner);
    expect(gone.result).toEqual({ ok: true });
    const [token] = await t.sql<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from api_tokens where created_by = $1`,
      [colleague.userId],
    );
    expect(issued.error).toBeUndefined();
    expect(token).toEqual({ revoked: true });
    expect((await t.rpc('v1.audit.list', { partnerId: PARTNER }, colleague.token)).error?.data?.reason).toBe(
      'auth.unauthorized',
    );
    expect(
      (await t.rpc('v1.team.remove', { partnerId: PARTNER, userId: colleague.userId }, owner)).error?.data
        ?.reason,
    ).toBe('team.memberNotFound');
  });

  it('ends only this partner for a member who works for others too', async () => {
    const [seller] = await t.sql<{ id: string }>(`select id from users where email = 'seller@moda.test'`);
    const token = (await t.login('seller@moda.test')).accessToken;
    expect((await t.rpc('v1.audit.list', { partnerId: PARTNER }, token)).result).toBeDefined();
    await t.rpc('v1.team.remove', { partnerId: PARTNER, userId: seller!.id }, owner);
    expect((await t.rpc('v1.audit.list', { partnerId: PARTNER }, token)).error?.data?.reason).toBe(
      'partner.notFound',
    );
    expect((await t.rpc('v1.audit.list', { partnerId: 10001 }, token)).result).toBeDefined();
  });

  it('answers another partner’s member as a missing one', async () => {
    const [multi] = await t.sql<{ id: string }>(`select id from users where email = 'multi@moda.test'`);
    expect(
      (await t.rpc('v1.team.remove', { partnerId: PARTNER, userId: multi!.id }, owner)).error?.data?.reason,
    ).toBe('team.memberNotFound');
    expect((await t.rpc('v1.team.list', { partnerId: 10005 }, owner)).error?.data?.reason).toBe(
      'partner.notFound',
    );
  });
});
