// The frame every logged-in layout shares: header on top, the layout's content in <main>, footer;
// and what its pages use: Ant Design, notifications closing after 10 s (App) and the server-data cache.
import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { LazyAntApp } from '../../components/feedback/lazy-app';
import { AntdProvider } from '../../components/theme/antd-provider';
import { queryClient } from '../query-client';
import { AppFooter } from '../shell/app-footer';
import { AppHeader } from '../shell/app-header';
import { OfferBanner } from '../shell/offer-banner/offer-banner';

/**
 * Ant Design with its App context (notification, message, modal; 10 s by default; loaded on the first call) and
 * the data cache. Mounted once above every logged-in layout (`ShellServicesRoute`), not inside each: a notice
 * raised just before a page leads to another layout (a card saved, then the list) stays on screen, and the
 * data cache and the App host are not rebuilt at each change of layout.
 */
export function ShellServices({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <LazyAntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LazyAntApp>
    </AntdProvider>
  );
}

/** The pathless route above the logged-in layouts: the services once, the layout of the page below. */
export function ShellServicesRoute() {
  return (
    <ShellServices>
      <Outlet />
    </ShellServices>
  );
}

/** The frame of a logged-in layout; it needs ShellServices above it (the router's, or the caller's own). */
export function ShellFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Layout className={className ? `shell ${className}` : 'shell'}>
      <AppHeader />
      <Layout.Content className="shell__content" id="main" tabIndex={-1}>
        <OfferBanner />
        {children}
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
