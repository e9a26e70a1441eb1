// Error boundaries of the router: a page that throws shows the error screen inside its layout (a 404
// for a page validation failure, the generic screen otherwise); the root one catches the rest.
// The screen itself loads on demand, keeping it out of every page's first bundle.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { PageLoader } from '../../components/page-loader/page-loader';
import { buildWatcher } from '../../lib/build/build';
import { isPageNotFound } from '../../lib/errors/page-errors';
import { usage } from '../../lib/usage/usage';

const ErrorView = lazy(() => import('./themed-error-view').then((m) => ({ default: m.ThemedErrorView })));

/** After a deployment the old build's chunks are gone: loading the page again fetches the new ones. */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isPageNotFound(error);
  useEffect(() => {
    if (isStaleChunk(error) && buildWatcher.forceReload()) return;
    if (!notFound) {
      usage.track('system_error', 'route_error', {
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, [error, notFound]);
  return (
    <Suspense fallback={<PageLoader />}>
      {notFound ? (
        <ErrorView kind="notFound" path={pathname} />
      ) : (
        <ErrorView kind="default" details={error instanceof Error ? error.message : undefined} />
      )}
    </Suspense>
  );
}

export function RootError() {
  return (
    <main className="root-error" id="main">
      <RouteError />
    </main>
  );
}
