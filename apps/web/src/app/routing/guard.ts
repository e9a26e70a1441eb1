// The one pure function that decides every navigation, in the order of spec 000 §2 "Route guards":
// guests away from login pages, anonymous users to login, the reduced-Excel redirect, gating,
// new sellers home, legacy paths, and the server's route rules; otherwise the page or a 404.
import { matchPath } from 'react-router';
import type { Role } from '@moda/contracts';
import { safeReturnUrl } from '../../lib/navigation/external';
import type { RouteRule } from '../../lib/build/build-watcher';
import { GATES, usesReducedExcelRedirect, type GatePartner } from './gating';
import { LEGACY_REDIRECTS } from './legacy-paths';
import { HOME_PATH, LOGIN_PATH, RETURN_URL_PARAM, ROUTES, type RouteDef, type RouteKey } from './route-table';

export interface GuardSession {
  authenticated: boolean;
  roles: readonly Role[];
  isNewSeller: boolean;
  partner: GatePartner | null;
}

export interface GuardInput {
  pathname: string;
  search?: string;
  session: GuardSession;
  routeRules?: readonly RouteRule[];
  origin?: string;
}

export type RedirectReason =
  'authenticated' | 'login' | 'reducedExcel' | 'noPartner' | 'gating' | 'newSeller' | 'legacy' | 'serverRule';

export type GuardDecision =
  | { kind: 'render'; route: RouteDef & { key: RouteKey }; params: Record<string, string> }
  | { kind: 'redirect'; to: string; reason: RedirectReason }
  | { kind: 'notFound'; path: string };

export const ANONYMOUS: GuardSession = { authenticated: false, roles: [], isNewSeller: false, partner: null };

/** Ids in paths: anything else fails the page's validation and raises a 404 (spec 001 §2). */
const VALID_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

function match(pattern: string, pathname: string): Record<string, string> | null {
  const m = matchPath({ path: pattern, end: true }, pathname);
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.params)) if (v !== undefined) params[k] = v;
  return params;
}

export function matchRoute(
  pathname: string,
): { route: (typeof ROUTES)[number]; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = match(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Fill `:name` and `*` of a redirect target with the params of the matched pattern. */
function fill(target: string, params: Record<string, string>): string {
  return target
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    .replace(/\*$/, params['*'] ?? '');
}

function firstRedirect(rules: readonly { from: string; to: string }[], pathname: string): string | null {
  for (const rule of rules) {
    const params = match(rule.from, pathname);
    if (params) {
      const to = fill(rule.to, params);
      // A rule that points at itself would loop forever.
      if (to !== pathname) return to;
    }
  }
  return null;
}

export function loginUrl(pathname: string, search = ''): string {
  const back = `${pathname}${search}`;
  return back === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?${RETURN_URL_PARAM}=${encodeURIComponent(back)}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, session } = input;
  const search = input.search ?? '';
  const redirect = (to: string, reason: RedirectReason): GuardDecision => ({ kind: 'redirect', to, reason });
  const found = matchRoute(pathname);
  const route = found?.route;

  // 1. A logged-in user on login, registration or recovery pages goes home (or back where the login was asked).
  if (route?.access === 'guest' && session.authenticated) {
    const back = safeReturnUrl(new URLSearchParams(search).get(RETURN_URL_PARAM), input.origin);
    return redirect(back && !back.startsWith(LOGIN_PATH) ? back : HOME_PATH, 'authenticated');
  }
  // 2. An anonymous user goes to login, remembering where they were going.
  if (!session.authenticated && route?.access !== 'guest' && route?.access !== 'public') {
    return redirect(loginUrl(pathname, search), 'login');
  }
  if (found) {
    const def: RouteDef = found.route;
    const partner = session.partner;
    // 3. Dropshipping and FBS/DBS partners use the normal Excel creation page.
    if (def.reducedExcel && partner && usesReducedExcelRedirect(partner)) {
      return redirect('/nomenclatures/add/excel', 'reducedExcel');
    }
    // 4. Gating: a partner must be chosen, then business model, features and roles.
    if (def.partner && !partner) return redirect(HOME_PATH, 'noPartner');
    if (def.gate && partner && !GATES[def.gate]({ roles: session.roles, partner })) {
      return redirect(HOME_PATH, 'gating');
    }
    // 5. New sellers are sent home from most operational pages.
    if (def.newSellerHome && session.isNewSeller) return redirect(HOME_PATH, 'newSeller');
  }
  // 6. Legacy paths.
  const legacy = found ? null : firstRedirect(LEGACY_REDIRECTS, pathname);
  if (legacy) return redirect(`${legacy}${search}`, 'legacy');
  // 7. The server's route rules (from the build metadata).
  const ruled = firstRedirect(input.routeRules ?? [], pathname);
  if (ruled) return redirect(ruled, 'serverRule');

  if (found && Object.values(found.params).every((v) => VALID_PARAM.test(v))) {
    return { kind: 'render', route: found.route, params: found.params };
  }
  return { kind: 'notFound', path: pathname };
}

/** Whether the current user may open a path: the menu and the home page show only these. */
export function canOpen(path: string, session: GuardSession): boolean {
  const [pathname = '/', query] = path.split('?');
  return decideNavigation({ pathname, search: query ? `?${query}` : '', session }).kind === 'render';
}
