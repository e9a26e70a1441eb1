// The root of the router: waits for the session, asks the guard about the current address and
// renders the page, a redirect or the 404 screen; also reloads for a new build on navigation and
// logs page views.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader/page-loader';
import { buildWatcher, useBuildState } from '../../lib/build/build';
import { blockExternalLinks } from '../../lib/navigation/external';
import { notices } from '../../lib/notices';
import { useSession } from '../../lib/session/session';
import { usage } from '../../lib/usage/usage';
import { appText } from '../locale';
import { decideNavigation } from './guard';
import { toGuardSession } from './guard-session';

// Both are rare, so they load only when needed and stay out of the login page's bundle.
const NotFoundScreen = lazy(() => import('./not-found-screen').then((m) => ({ default: m.NotFoundScreen })));
const SessionFailed = lazy(() => import('./session-failed').then((m) => ({ default: m.SessionFailed })));
const NoticeHost = lazy(() => import('../shell/notice-host').then((m) => ({ default: m.NoticeHost })));

/** Logs a page view once the guard has settled on a page (not for the redirects on the way). */
function PageView() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    usage.pageview(globalThis.location.href);
  }, [pathname, search]);
  return null;
}

function useShellEffects() {
  const { pathname, search } = useLocation();
  const state = useSession();
  const first = useRef(true);

  // A new build waits for the next navigation, so nothing typed on the current page is lost.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    buildWatcher.reloadIfOutdated();
  }, [pathname, search]);

  useEffect(
    () =>
      blockExternalLinks(() =>
        notices.show({
          kind: 'warning',
          title: appText.externalBlocked,
          key: 'external-blocked',
          brief: true,
        }),
      ),
    [],
  );

  const expired = state.status === 'anonymous' && state.reason === 'expired';
  useEffect(() => {
    if (expired) notices.show({ kind: 'warning', title: appText.session.expired, key: 'session-expired' });
  }, [expired]);
}

/** Mounts the notice host the first time a notice is raised. */
function Notices() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => notices.onDemand(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <NoticeHost />
    </Suspense>
  ) : null;
}

export function RootGuard() {
  useShellEffects();
  return (
    <>
      <Notices />
      <Decided />
    </>
  );
}

function Decided() {
  const location = useLocation();
  const state = useSession();
  const build = useBuildState();
  if (state.status === 'loading') return <PageLoader fullScreen />;
  if (state.status === 'failed') {
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <SessionFailed error={state.error} />
      </Suspense>
    );
  }

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    session: toGuardSession(state),
    routeRules: build.routeRules,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'notFound') {
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <PageView />
        <NotFoundScreen path={decision.path} />
      </Suspense>
    );
  }
  return (
    <>
      <PageView />
      <Outlet />
    </>
  );
}
