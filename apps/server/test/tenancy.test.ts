// Tenant isolation and the role × method matrix for the platform's methods (DESIGN "Tenancy and access").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { DEMO_USERS } from '../src/seed/demo';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    config: { loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
  });
  for (const u of DEMO_USERS) tokens[u.login] = (await t.login(u.login)).accessToken;
});
afterAll(() => t.close());

describe('another partner’s data', () => {
  it('a partner user naming another partner gets exactly the answer of a partner that does not exist', async () => {
    const other = await t.rpc('v1.partners.features.list', { partnerId: 10002 }, tokens.seller);
    const missing = await t.rpc('v1.partners.features.list', { partnerId: 99999 }, tokens.seller);
    expect(other.error).toEqual(missing.error);
    expect(other.error).toMatchObject({ code: 50404, message: 'Партнёр не найден' });
    expect(other.result).toBeUndefined();
  });

  it('a mutating call for another partner changes nothing and leaves no audit record', async () => {
    await t.sql(`update partners set is_new_in_ui_app = true where id = 10002`);
    const before = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where partner_id = 10002`,
    );
    const res = await t.rpc('v1.partners.activate-in-ui', { partnerId: 10002 }, tokens.seller);
    expect(res.error?.code).toBe(50404);
    const [p] = await t.sql<{ is_new_in_ui_app: boolean }>(
      `select is_new_in_ui_app from partners where id = 10002`,
    );
    expect(p!.is_new_in_ui_app).toBe(true);
    const after = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where partner_id = 10002`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a user with several partners acts for each of them, and for no other', async () => {
    expect(
      (await t.rpc('v1.partners.features.list', { partnerId: 10004 }, tokens.multi)).result,
    ).toBeDefined();
    expect(
      (await t.rpc('v1.partners.features.list', { partnerId: 10005 }, tokens.multi)).result,
    ).toBeDefined();
    expect((await t.rpc('v1.partners.features.list', { partnerId: 10001 }, tokens.multi)).error?.code).toBe(
      50404,
    );
  });

  it('dictionaries list only the caller’s partners', async () => {
    const multi = (await t.rpc('v1.dictionaries.get', {}, tokens.multi)).result;
    expect(multi.partners.map((p: { partnerId: number }) => p.partnerId)).toEqual([10004, 10005]);
    const seller = (await t.rpc('v1.dictionaries.get', {}, tokens.seller)).result;
    expect(seller.partners).toHaveLength(1);
    expect(seller.partners[0]).toMatchObject({
      partnerId: 10001,
      shopName: 'Северный ветер',
      businessModel: 'consignment',
    });
  });

  it('staff act for any existing partner; a missing partner is still not found', async () => {
    expect(
      (await t.rpc('v1.partners.features.list', { partnerId: 10003 }, tokens.support)).result,
    ).toBeDefined();
    expect((await t.rpc('v1.partners.features.list', { partnerId: 99999 }, tokens.support)).error?.code).toBe(
      50404,
    );
  });
});

/** Who may call what: `ok` allowed, 403 forbidden by role, 404 for a partner the caller may not act for. */
type Outcome = 'ok' | 403 | 404;
const users = [
  'seller',
  'fbs',
  'multi',
  'newseller',
  'manager',
  'support',
  'admin',
  'operator',
  'keeper',
] as const;
const row = (...o: Outcome[]) =>
  Object.fromEntries(users.map((u, i) => [u, o[i]!])) as Record<(typeof users)[number], Outcome>;

const matrix: {
  method: string;
  params: Record<string, unknown>;
  expect: Record<(typeof users)[number], Outcome>;
}[] = [
  //                                                                       seller fbs  multi new  manager support admin operator keeper
  {
    method: 'v1.dictionaries.get',
    params: {},
    expect: row('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'),
  },
  {
    method: 'v1.partners.search',
    params: { query: '' },
    expect: row(403, 403, 403, 403, 'ok', 'ok', 'ok', 'ok', 'ok'),
  },
  {
    method: 'v1.partners.features.list',
    params: { partnerId: 10002 },
    expect: row(404, 'ok', 404, 404, 'ok', 'ok', 'ok', 'ok', 'ok'),
  },
  {
    method: 'v1.partners.features.update',
    params: { partnerId: 10002, featureName: 'StockPerformanceEnabled', enabled: true },
    expect: row(403, 403, 403, 403, 'ok', 'ok', 'ok', 403, 403),
  },
  {
    method: 'v1.partners.activate-in-ui',
    params: { partnerId: 10006 },
    expect: row(404, 404, 404, 'ok', 403, 403, 403, 403, 403),
  },
  {
    method: 'v1.files.get',
    params: { partnerId: 10002, fileImportId: '00000000-0000-4000-8000-000000000000' },
    // Allowed callers reach the service and learn the file does not exist.
    expect: row(404, 404, 404, 404, 404, 404, 404, 404, 404),
  },
  {
    method: 'v1.audit.list',
    params: { partnerId: 10002 },
    expect: row(404, 'ok', 404, 403, 'ok', 'ok', 'ok', 403, 403),
  },
];

describe('role × method matrix', () => {
  for (const m of matrix) {
    for (const user of users) {
      it(`${m.method} as ${user} → ${m.expect[user]}`, async () => {
        const res = await t.rpc(m.method, m.params, tokens[user]);
        const want = m.expect[user];
        if (want === 'ok') expect(res.error).toBeUndefined();
        else expect(res.error?.code).toBe(want === 403 ? 50403 : 50404);
      });
    }
  }

  it('every method except login ones refuses an anonymous caller with 50401', async () => {
    for (const m of matrix) expect((await t.rpc(m.method, m.params)).error?.code).toBe(50401);
  });
});

describe('audit trail', () => {
  it('records who changed what, through which login, and the seller can read it', async () => {
    const session = await t.login('fbs');
    await t.rpc(
      'v1.partners.features.update',
      { partnerId: 10002, featureName: 'analyticsEnabled', enabled: false },
      tokens.admin,
    );
    await t.rpc('v1.partners.activate-in-ui', { partnerId: 10002 }, session.accessToken);
    const list = (await t.rpc('v1.audit.list', { partnerId: 10002, pageSize: 2 }, session.accessToken))
      .result;
    expect(list.items[0]).toMatchObject({
      method: 'v1.partners.activate-in-ui',
      userEmail: 'fbs@moda.test',
      credential: expect.any(String),
    });
    expect(list.items[1]).toMatchObject({
      method: 'v1.partners.features.update',
      userEmail: 'admin@moda.test',
      objectId: 'analyticsEnabled',
    });
  });
});
