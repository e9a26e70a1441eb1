// The guard against spec 000 §2: every row of the gating list for every role and business model,
// the guards in their order, and every route of the table.
import { describe, expect, it } from 'vitest';
import { BusinessModel, FeatureName, Role, SITE_SECTION_FIELD, type Partner } from '@moda/contracts';
import { decideNavigation, canOpen, loginUrl, type GuardDecision, type GuardSession } from './guard';
import { ROUTES } from './route-table';

const ROLES = Role.options;
const MODELS = BusinessModel.options;
const ALL_FEATURES = FeatureName.options;

function partner(
  model: BusinessModel,
  features: readonly FeatureName[] = [],
  feedbackSection = false,
): Partner {
  return {
    partnerId: 10001,
    shopName: 'Тест',
    businessModel: model,
    enabledFeatures: [...features],
    [SITE_SECTION_FIELD]: { feedback: feedbackSection, promotions: 'open', analyticsBoard: false },
    isNewInUiApp: false,
  };
}

function user(role: Role, p: Partner | null): GuardSession {
  return {
    authenticated: true,
    roles: [role],
    // Spec 000 §6: a new seller is an onboarding user without the partner role.
    isNewSeller: role === 'onboarding_user',
    partner: p,
  };
}

const decide = (pathname: string, session: GuardSession, search = ''): GuardDecision =>
  decideNavigation({ pathname, search, session, origin: 'http://localhost' });
const home = (reason: string) => ({ kind: 'redirect', to: '/', reason });

/** The route table of spec 000 §2, written out again so that a missing or renamed route fails here. */
const SPEC_PATHS = [
  '/analytics/board',
  '/analytics/fbo-stocks',
  '/analytics/sales-dynamics',
  '/analytics/stock-performance',
  '/analytics/stock-performance/details',
  '/analyticsv2',
  '/error/404',
  '/error/default',
  '/fbo/returns',
  '/fbo/returns/:id',
  '/fbo/shipments',
  '/fbo/shipments/:id',
  '/fbo/stocks',
  '/fbs/returns',
  '/fbs/returns/:id',
  '/fbs/shipments',
  '/fbs/shipments/:id',
  '/',
  '/login',
  '/registration',
  '/reset',
  '/reset/confirm',
  '/reset/password',
  '/nomenclatures',
  '/nomenclatures/add',
  '/nomenclatures/add/excel',
  '/nomenclatures/add/excel/full',
  '/nomenclatures/add/excel/reduced',
  '/nomenclatures/add/manually',
  '/nomenclatures/edit/manually/:id',
  '/nomenclatures/images',
  '/nomenclatures/prices',
  '/orders',
  '/orders/:id',
  '/orders/:id/shipment-preparation',
  '/profile',
  '/profile/brands',
  '/profile/help',
  '/profile/main',
  '/profile/offers',
  '/profile/settings',
  '/promotions',
  '/promotions/:id',
  '/questions',
  '/questions/templates',
  '/page-in-progress',
  '/warehouses',
];
const concrete = (path: string) => path.replace(/:id/g, '123');

/**
 * The gating list of spec 000 §2, one row each, with who passes it in the words of the spec (and §6
 * for the roles). Each row is checked for every role, every business model and several feature sets.
 */
interface GatingRow {
  rule: string;
  paths: string[];
  passes: (
    role: Role,
    model: BusinessModel,
    features: readonly FeatureName[],
    feedbackSection: boolean,
  ) => boolean;
}
const INTERNAL: Role[] = ['cc_operator', 'stock_keeper', 'b2b_manager', 'admin', 'support_engineer'];
const GATING: GatingRow[] = [
  {
    rule: 'Analytics needs the analyticsEnabled experiment',
    paths: ['/analytics/board', '/analytics/fbo-stocks', '/analytics/sales-dynamics', '/analyticsv2'],
    passes: (_r, _m, f) => f.includes('analyticsEnabled'),
  },
  {
    rule: 'FBO returns and FBO shipments need business model consignment',
    paths: ['/fbo/returns', '/fbo/returns/123', '/fbo/shipments', '/fbo/shipments/123', '/fbo/stocks'],
    passes: (_r, m) => m === 'consignment',
  },
  {
    rule: 'FBS shipments and FBS returns need marketplace_crossdocking',
    paths: ['/fbs/shipments', '/fbs/shipments/123', '/fbs/returns', '/fbs/returns/123'],
    passes: (_r, m) => m === 'marketplace_crossdocking',
  },
  {
    rule: 'Warehouses need marketplace_crossdocking plus a B2B manager, partner or support role',
    paths: ['/warehouses'],
    passes: (r, m) =>
      m === 'marketplace_crossdocking' &&
      (r === 'b2b_manager' || r === 'partner_user' || r === 'support_engineer'),
  },
  {
    rule: 'profile-settings needs assembling-order (crossdocking) or the feedback section',
    paths: ['/profile/settings'],
    passes: (_r, m, f, feedback) =>
      (m === 'marketplace_crossdocking' && f.includes('assemblingOrder')) || feedback,
  },
  {
    rule: 'Questions and templates need the feature ShowFeedbackSection (of internal roles, a B2B manager)',
    paths: ['/questions', '/questions/templates'],
    passes: (r, _m, f) => f.includes('ShowFeedbackSection') && (!INTERNAL.includes(r) || r === 'b2b_manager'),
  },
  {
    rule: 'Stock performance needs admin, support engineer or the StockPerformanceEnabled flag',
    paths: ['/analytics/stock-performance', '/analytics/stock-performance/details'],
    passes: (r, _m, f) => r === 'admin' || r === 'support_engineer' || f.includes('StockPerformanceEnabled'),
  },
];

/** Spec 000 §2: new sellers are redirected home from these. */
const NEW_SELLER_HOME = [
  '/fbo/returns',
  '/fbo/returns/123',
  '/fbo/shipments',
  '/fbo/shipments/123',
  '/fbs/returns',
  '/fbs/returns/123',
  '/fbs/shipments',
  '/fbs/shipments/123',
  '/warehouses',
  '/analytics/board',
  '/analytics/fbo-stocks',
  '/analytics/sales-dynamics',
  '/analytics/stock-performance',
  '/analytics/stock-performance/details',
  '/analyticsv2',
  '/nomenclatures/add',
  '/nomenclatures/add/excel',
  '/nomenclatures/add/excel/full',
  '/nomenclatures/add/excel/reduced',
  '/nomenclatures/add/manually',
  '/orders/123',
  '/orders/123/shipment-preparation',
];

const FEATURE_SETS: (readonly FeatureName[])[] = [[], ALL_FEATURES, ...ALL_FEATURES.map((f) => [f])];

describe('route table', () => {
  it('has exactly the routes of spec 000 §2, plus /ui-kit, the onboarding pages and the issues’ own pages', () => {
    // Beyond the spec: the team and audit log (issue 28), API tokens and webhooks (issue 27), the invitation link.
    const ours = [
      '/profile/team',
      '/profile/audit',
      '/profile/api',
      '/profile/webhooks',
      '/invitation',
      '/nomenclatures/updates',
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [...SPEC_PATHS, '/ui-kit', '/onboarding', '/onboarding/review', ...ours].sort(),
    );
  });

  it('gives every route a unique key', () => {
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
  });

  it.each(ROUTES.map((r) => [r.path, r] as const))('matches %s to itself', (path) => {
    const d = decide(concrete(path), user('partner_user', partner('consignment', ALL_FEATURES, true)));
    if (d.kind === 'render') expect(d.route.path).toBe(path);
    else expect(d.kind).toBe('redirect');
  });
});

describe('guard 1: logged-in users away from login pages', () => {
  it.each(['/login', '/registration', '/reset', '/reset/confirm', '/reset/password'])('%s → home', (path) => {
    expect(decide(path, user('partner_user', partner('consignment')))).toEqual(home('authenticated'));
  });

  it('goes to the remembered page instead when the login URL carries one', () => {
    const session = user('partner_user', partner('consignment'));
    expect(decide('/login', session, '?returnUrl=%2Forders%3Fpage%3D2')).toEqual({
      kind: 'redirect',
      to: '/orders?page=2',
      reason: 'authenticated',
    });
  });

  it.each(['https://evil.test/x', '//evil.test/x', '/\\evil.test', '/login?returnUrl=/x'])(
    'never follows a return URL that leaves the app or loops: %s',
    (returnUrl) => {
      const d = decide(
        '/login',
        user('partner_user', partner('consignment')),
        `?returnUrl=${encodeURIComponent(returnUrl)}`,
      );
      expect(d).toEqual(home('authenticated'));
    },
  );
});

describe('guard 2: anonymous users go to login with the return URL remembered', () => {
  const anonymous: GuardSession = { authenticated: false, roles: [], isNewSeller: false, partner: null };

  it.each(ROUTES.filter((r) => r.access === 'user').map((r) => concrete(r.path)))('%s → login', (path) => {
    expect(decide(path, anonymous, '?tab=1')).toEqual({
      kind: 'redirect',
      to:
        path === '/'
          ? '/login?returnUrl=%2F%3Ftab%3D1'
          : `/login?returnUrl=${encodeURIComponent(`${path}?tab=1`)}`,
      reason: 'login',
    });
  });

  it('does not remember the home page itself', () => {
    expect(loginUrl('/')).toBe('/login');
  });

  it.each(ROUTES.filter((r) => r.access !== 'user').map((r) => r.path))(
    '%s opens without a login',
    (path) => {
      expect(decide(path, anonymous).kind).toBe('render');
    },
  );

  it('sends unknown paths to login too, so nothing is learnt without a session', () => {
    expect(decide('/no-such-page', anonymous)).toMatchObject({ kind: 'redirect', reason: 'login' });
  });
});

describe('guard 3: the reduced Excel page', () => {
  it.each([
    ['dropshipping', 'redirect'],
    ['marketplace_crossdocking', 'redirect'],
    ['consignment', 'render'],
  ] as const)('for %s partners: %s', (model, kind) => {
    const d = decide('/nomenclatures/add/excel/reduced', user('partner_user', partner(model)));
    expect(d.kind).toBe(kind);
    if (d.kind === 'redirect')
      expect(d).toEqual({ kind: 'redirect', to: '/nomenclatures/add/excel', reason: 'reducedExcel' });
  });

  it('comes before the new-seller rule', () => {
    expect(
      decide('/nomenclatures/add/excel/reduced', user('onboarding_user', partner('dropshipping'))),
    ).toMatchObject({
      reason: 'reducedExcel',
    });
  });
});

describe('guard 4: gating', () => {
  for (const row of GATING) {
    describe(row.rule, () => {
      for (const role of ROLES) {
        for (const model of MODELS) {
          it(`${role} with a ${model} partner`, () => {
            for (const features of FEATURE_SETS) {
              for (const feedback of [false, true]) {
                const session = user(role, partner(model, features, feedback));
                for (const path of row.paths) {
                  const passes = row.passes(role, model, features, feedback);
                  const d = decide(path, session);
                  const label = `${path} [${features.join(',')}] feedback=${feedback}`;
                  if (!passes) expect(d, label).toEqual(home('gating'));
                  else if (session.isNewSeller && NEW_SELLER_HOME.includes(path))
                    expect(d, label).toEqual(home('newSeller'));
                  else expect(d.kind, label).toBe('render');
                }
              }
            }
          });
        }
      }
    });
  }

  it('sends a user without a current partner home from every partner page', () => {
    const noPartner = user('admin', null);
    for (const route of ROUTES.filter((r) => 'partner' in r && r.partner)) {
      expect(decide(concrete(route.path), noPartner), route.path).toEqual(home('noPartner'));
    }
    expect(decide('/', noPartner).kind).toBe('render');
    expect(decide('/profile/help', noPartner).kind).toBe('render');
  });

  it('lets everything else open for every role and model', () => {
    const gated = new Set(GATING.flatMap((r) => r.paths));
    const open = ROUTES.filter((r) => r.access === 'user')
      .map((r) => concrete(r.path))
      .filter((p) => !gated.has(p));
    for (const role of ROLES.filter((r) => r !== 'onboarding_user')) {
      for (const model of MODELS) {
        for (const path of open) {
          const d = decide(path, user(role, partner(model)));
          if (path === '/nomenclatures/add/excel/reduced' && model !== 'consignment') continue;
          expect(d.kind, `${role} ${model} ${path}`).toBe('render');
        }
      }
    }
  });
});

describe('guard 5: new sellers are sent home from operational pages', () => {
  const newSeller = user('onboarding_user', partner('consignment', ALL_FEATURES, true));

  it.each(NEW_SELLER_HOME.filter((p) => !p.startsWith('/fbs') && !p.startsWith('/warehouses')))(
    '%s → home',
    (path) => {
      expect(decide(path, newSeller)).toEqual(home('newSeller'));
    },
  );

  it.each(['/fbs/shipments', '/fbs/returns/1'])('%s → home (crossdocking)', (path) => {
    const crossdocking = user('onboarding_user', partner('marketplace_crossdocking', ALL_FEATURES, true));
    expect(decide(path, crossdocking)).toEqual(home('newSeller'));
  });

  it('/warehouses → home (an onboarding user lacks the role before the new-seller rule is reached)', () => {
    const crossdocking = user('onboarding_user', partner('marketplace_crossdocking', ALL_FEATURES, true));
    expect(decide('/warehouses', crossdocking)).toEqual(home('gating'));
  });

  it.each([
    '/',
    '/orders',
    '/nomenclatures',
    '/nomenclatures/prices',
    '/profile/main',
    '/promotions',
    '/questions',
  ])('%s stays open', (path) => {
    expect(decide(path, newSeller).kind).toBe('render');
  });

  it('does not apply to a partner user who is also onboarding', () => {
    const both: GuardSession = {
      ...user('partner_user', partner('consignment')),
      roles: ['partner_user', 'onboarding_user'],
    };
    expect(decide('/orders/123', both).kind).toBe('render');
  });
});

describe('guard 6: legacy paths', () => {
  const session = user('partner_user', partner('consignment', ALL_FEATURES));
  it.each([
    ['/products', '/nomenclatures'],
    ['/fbo/supplies/77', '/fbo/shipments/77'],
    ['/products/edit/SKU-1', '/nomenclatures/edit/manually/SKU-1'],
    ['/analytics', '/analytics/board'],
  ])('%s → %s', (from, to) => {
    expect(decide(from, session, '?a=1')).toEqual({ kind: 'redirect', to: `${to}?a=1`, reason: 'legacy' });
  });

  it('asks for a login first', () => {
    expect(
      decide('/products', { authenticated: false, roles: [], isNewSeller: false, partner: null }),
    ).toMatchObject({
      reason: 'login',
    });
  });
});

describe('guard 7: the server route rules', () => {
  const session = user('partner_user', partner('consignment'));
  const rules = [
    { from: '/old-orders/:id', to: '/orders/:id' },
    { from: '/promotions', to: '/page-in-progress' },
    { from: '/loop', to: '/loop' },
  ];
  const withRules = (path: string) => decideNavigation({ pathname: path, session, routeRules: rules });

  it('redirects a path the server knows', () => {
    expect(withRules('/old-orders/5')).toEqual({ kind: 'redirect', to: '/orders/5', reason: 'serverRule' });
    expect(withRules('/promotions')).toEqual({
      kind: 'redirect',
      to: '/page-in-progress',
      reason: 'serverRule',
    });
  });

  it('ignores a rule that points at itself', () => {
    expect(withRules('/loop')).toEqual({ kind: 'notFound', path: '/loop' });
  });

  it('comes after gating', () => {
    const fbs = decideNavigation({
      pathname: '/fbs/shipments',
      session,
      routeRules: [{ from: '/fbs/shipments', to: '/orders' }],
    });
    expect(fbs).toEqual(home('gating'));
  });
});

describe('404', () => {
  const session = user('partner_user', partner('consignment'));
  it('answers an unknown path', () => {
    expect(decide('/nope/nothing', session)).toEqual({ kind: 'notFound', path: '/nope/nothing' });
  });
  it('answers a path whose parameter fails validation', () => {
    expect(decide('/orders/a%20b', session)).toEqual({ kind: 'notFound', path: '/orders/a%20b' });
  });
});

describe('canOpen', () => {
  it('reads the path of a link with a query', () => {
    const session = user('partner_user', partner('consignment', ['ShowFeedbackSection']));
    expect(canOpen('/questions?type=review', session)).toBe(true);
    expect(canOpen('/fbs/shipments?x=1', session)).toBe(false);
  });
});
