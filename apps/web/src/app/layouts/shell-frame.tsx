// The frame every logged-in layout shares: header on top, the layout's content in <main>, footer;
// and what its pages use: Ant Design, notifications closing after 10 s (App) and the server-data cache.
import type { ReactNode } from 'react';
import { App as AntApp, Layout } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { AntdProvider } from '../../components/theme/antd-provider';
import { NOTIFICATION_DURATION_SEC } from '../../lib/constants';
import { queryClient } from '../query-client';
import { AppFooter } from '../shell/app-footer';
import { AppHeader } from '../shell/app-header';
import { OfferBanner } from '../shell/offer-banner/offer-banner';

/** Ant Design with its App context (notification, message, modal; 10 s by default) and the data cache. */
export function ShellServices({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <AntApp
        component={false}
        notification={{ duration: NOTIFICATION_DURATION_SEC, placement: 'topRight' }}
        message={{ duration: NOTIFICATION_DURATION_SEC }}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </AntdProvider>
  );
}

export function ShellFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ShellServices>
      <Layout className={className ? `shell ${className}` : 'shell'}>
        <AppHeader />
        <Layout.Content className="shell__content" id="main" tabIndex={-1}>
          <OfferBanner />
          {children}
        </Layout.Content>
        <AppFooter />
      </Layout>
    </ShellServices>
  );
}
