// Helpers of the profile screen tests: a ready session for a partner (the tests mock lib/session/session
// with it), a scripted RPC client (they mock lib/api/client with it), and a screen inside a memory router
// with Ant Design's App and a fresh query cache.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ERRORS, type FieldError, type Partner, type Role } from '@moda/contracts';
import { AntdProvider } from '../../components/theme/antd-provider';
import { RpcError } from '../../lib/api/rpc-error';
import type { ReadySession } from '../../lib/session/session-store';
import { dictionaryFor, SELLER_PARTNER } from '../../test/fake-server';
export { callsOf, serve, type Handlers } from '../../test/mock-api';

export const RESTRICTED_PARTNER: Partner = { ...SELLER_PARTNER, partnerId: 10004, shopName: 'Modny Dom' };

export function readySession(
  partner: Partner | null = SELLER_PARTNER,
  roles: Role[] = ['partner_user'],
): ReadySession {
  const dictionaries = dictionaryFor(partner ? [partner] : [], roles);
  return { status: 'ready', dictionaries, user: dictionaries.user, partner };
}

export function rpcError(
  message: string,
  data: { reason?: string; errors?: FieldError[] } = {},
  code = 50400,
) {
  return new RpcError({
    method: 'x',
    request: {},
    response: {},
    apiMessage: message,
    code,
    status: 200,
    data,
  });
}

export const restrictedError = () =>
  rpcError(
    ERRORS['offer.restricted'].message,
    { reason: 'offer.restricted' },
    ERRORS['offer.restricted'].code,
  );

/** Statuses of the partners: 10004 restricted, 10001 with a version waiting. */
export const STATUSES = {
  items: [
    { partnerId: 10001, hasActual: true, hasPending: true, restricted: false },
    { partnerId: 10004, hasActual: false, hasPending: true, restricted: true },
  ],
};

export function renderScreen(path: string, element: ReactNode, pattern = path.split('?')[0]!) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <AntdProvider>
            <App>
              <QueryClientProvider client={client}>{element}</QueryClientProvider>
            </App>
          </AntdProvider>
        ),
      },
      { path: '*', element: <p>other page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, client, search, user: userEvent.setup({ pointerEventsCheck: 0, delay: null }) };
}
