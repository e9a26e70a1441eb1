// Every route of spec 000 §2 as data: path, layout, who may open it and which gating applies.
// The router, the guard, the menu and the tests all read this one table.

export type LayoutKey = 'auth' | 'default' | 'profile' | 'rightSpace' | 'sideBar' | 'uiKit';

/** Gating of spec 000 §2 "Gating", one key per rule. */
export type Gate =
  | 'analytics'
  | 'stockPerformance'
  | 'consignment'
  | 'crossdocking'
  | 'warehouses'
  | 'profileSettings'
  | 'feedback';

export interface RouteDef {
  key: string;
  path: string;
  layout: LayoutKey;
  /** guest: login and recovery pages; public: anyone; user: logged-in users only. */
  access: 'guest' | 'public' | 'user';
  /** Acts for the current partner: without one the user is sent home to choose. */
  partner?: boolean;
  gate?: Gate;
  /** Spec 000 §2: new sellers are redirected home from it. */
  newSellerHome?: boolean;
  /** Spec 000 §2 guard 3: the reduced Excel creation page. */
  reducedExcel?: boolean;
}

const user = (key: string, path: string, layout: LayoutKey, extra: Partial<RouteDef> = {}): RouteDef => ({
  key,
  path,
  layout,
  access: 'user',
  partner: true,
  ...extra,
});

const analytics = { gate: 'analytics', newSellerHome: true } as const;
const stockPerformance = { gate: 'stockPerformance', newSellerHome: true } as const;
const fbo = { gate: 'consignment', newSellerHome: true } as const;
const fbs = { gate: 'crossdocking', newSellerHome: true } as const;
const productAdd = { newSellerHome: true } as const;

export const ROUTES = [
  // Home and auth
  { key: 'home', path: '/', layout: 'default', access: 'user' },
  { key: 'login', path: '/login', layout: 'auth', access: 'guest' },
  { key: 'registration', path: '/registration', layout: 'auth', access: 'guest' },
  { key: 'reset', path: '/reset', layout: 'auth', access: 'guest' },
  { key: 'resetConfirm', path: '/reset/confirm', layout: 'auth', access: 'guest' },
  { key: 'resetPassword', path: '/reset/password', layout: 'auth', access: 'guest' },
  // Analytics
  user('analyticsBoard', '/analytics/board', 'default', analytics),
  user('analyticsFboStocks', '/analytics/fbo-stocks', 'default', analytics),
  user('analyticsSalesDynamics', '/analytics/sales-dynamics', 'default', analytics),
  user('analyticsStockPerformance', '/analytics/stock-performance', 'default', stockPerformance),
  user(
    'analyticsStockPerformanceDetails',
    '/analytics/stock-performance/details',
    'default',
    stockPerformance,
  ),
  user('analyticsV2', '/analyticsv2', 'default', analytics),
  // Errors
  { key: 'error404', path: '/error/404', layout: 'default', access: 'public' },
  { key: 'errorDefault', path: '/error/default', layout: 'default', access: 'public' },
  // FBO
  user('fboReturns', '/fbo/returns', 'default', fbo),
  user('fboReturn', '/fbo/returns/:id', 'default', fbo),
  user('fboShipments', '/fbo/shipments', 'default', fbo),
  user('fboShipment', '/fbo/shipments/:id', 'default', fbo),
  user('fboStocks', '/fbo/stocks', 'default', { gate: 'consignment' }),
  // FBS
  user('fbsReturns', '/fbs/returns', 'default', fbs),
  user('fbsReturn', '/fbs/returns/:id', 'default', fbs),
  user('fbsShipments', '/fbs/shipments', 'default', fbs),
  user('fbsShipment', '/fbs/shipments/:id', 'default', fbs),
  // Nomenclatures
  user('nomenclatures', '/nomenclatures', 'default'),
  user('nomenclaturesAdd', '/nomenclatures/add', 'rightSpace', productAdd),
  user('nomenclaturesAddExcel', '/nomenclatures/add/excel', 'rightSpace', productAdd),
  user('nomenclaturesAddExcelFull', '/nomenclatures/add/excel/full', 'rightSpace', productAdd),
  user('nomenclaturesAddExcelReduced', '/nomenclatures/add/excel/reduced', 'rightSpace', {
    ...productAdd,
    reducedExcel: true,
  }),
  user('nomenclaturesAddManually', '/nomenclatures/add/manually', 'sideBar', productAdd),
  user('nomenclaturesEditManually', '/nomenclatures/edit/manually/:id', 'sideBar'),
  user('nomenclaturesImages', '/nomenclatures/images', 'default'),
  user('nomenclaturesPrices', '/nomenclatures/prices', 'default'),
  // Not in the spec's table: Excel updates with a preview and a rollback (issue 28).
  user('nomenclaturesUpdates', '/nomenclatures/updates', 'default'),
  // Orders
  user('orders', '/orders', 'default'),
  user('order', '/orders/:id', 'default', { newSellerHome: true }),
  user('orderShipmentPreparation', '/orders/:id/shipment-preparation', 'rightSpace', { newSellerHome: true }),
  // Profile
  user('profile', '/profile', 'profile'),
  user('profileBrands', '/profile/brands', 'profile'),
  user('profileHelp', '/profile/help', 'profile', { partner: false }),
  user('profileMain', '/profile/main', 'profile'),
  user('profileOffers', '/profile/offers', 'profile'),
  user('profileSettings', '/profile/settings', 'profile', { gate: 'profileSettings' }),
  // Not in the spec's table: the team and its roles (issue 28; the screen spec 000 §2 marks coming soon).
  user('profileTeam', '/profile/team', 'profile'),
  user('profileAudit', '/profile/audit', 'profile'),
  // Not in the spec's table: the seller's API tokens and the developers' docs (issue 27).
  user('profileApi', '/profile/api', 'profile'),
  // Not in the spec's table: the seller's webhooks (issue 27).
  user('profileWebhooks', '/profile/webhooks', 'profile'),
  // The emailed invitation link: public, a signed-in user may accept with another account (issue 28).
  { key: 'invitation', path: '/invitation', layout: 'auth', access: 'public' },
  // Promotions
  user('promotions', '/promotions', 'default'),
  user('promotion', '/promotions/:id', 'default'),
  // Questions
  user('questions', '/questions', 'default', { gate: 'feedback' }),
  user('questionTemplates', '/questions/templates', 'default', { gate: 'feedback' }),
  // Other
  { key: 'pageInProgress', path: '/page-in-progress', layout: 'default', access: 'public' },
  user('warehouses', '/warehouses', 'default', { gate: 'warehouses', newSellerHome: true }),
  // Not in the spec's table: the onboarding questionnaire and staff's review of it (docs/decisions.md).
  user('onboarding', '/onboarding', 'default', { partner: false }),
  user('onboardingReview', '/onboarding/review', 'default', { partner: false }),
  // Not in the spec's table: the shared components, for designers and developers (docs/decisions-web.md).
  { key: 'uiKit', path: '/ui-kit', layout: 'uiKit', access: 'public' },
] as const satisfies readonly RouteDef[];

export type RouteKey = (typeof ROUTES)[number]['key'];

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const RETURN_URL_PARAM = 'returnUrl';
