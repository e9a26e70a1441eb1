// The router: the root guard over one pathless route per layout, each holding its routes of the
// table as lazily loaded modules, and a catch-all the guard turns into the 404 screen.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { LAYOUT_MODULES, ROUTE_MODULES, SHELL_SERVICES_MODULE } from './routing/route-modules';
import { ROUTES, type LayoutKey } from './routing/route-table';
import { RootError, RouteError } from './routing/route-error';
import { RootGuard } from './routing/root-guard';

/** The layouts of the logged-in shell, under one route that holds their services (shell-frame.tsx). */
const SHELL_LAYOUTS: readonly LayoutKey[] = ['default', 'profile', 'rightSpace', 'sideBar', 'uiKit'];

function FullPageLoader() {
  return <PageLoader fullScreen />;
}

function Nothing() {
  return null;
}

function layoutRoute(layout: LayoutKey): RouteObject {
  return {
    id: `layout-${layout}`,
    lazy: LAYOUT_MODULES[layout],
    children: ROUTES.filter((r) => r.layout === layout).map((r): RouteObject => ({
      id: r.key,
      path: r.path,
      lazy: ROUTE_MODULES[r.key],
      ErrorBoundary: RouteError,
      handle: { key: r.key },
    })),
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootGuard,
      ErrorBoundary: RootError,
      HydrateFallback: FullPageLoader,
      children: [
        layoutRoute('auth'),
        { id: 'shell-services', lazy: SHELL_SERVICES_MODULE, children: SHELL_LAYOUTS.map(layoutRoute) },
        // Unknown paths: the guard renders the 404 screen (or sends an anonymous user to login first).
        { id: 'not-found', path: '*', Component: Nothing },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
