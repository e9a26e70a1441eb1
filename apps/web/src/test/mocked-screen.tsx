// Screen tests that mock the RPC client and the session: a ready seller session for the mocked `useSession`,
// the mocked `api.call` answering from handlers (each reply checked against its contract), and the screen
// rendered in a memory router with the app's providers and a fresh query cache. The two `vi.mock` calls stay
// in each test file: vitest hoists them within the file that makes them.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, type Mock } from 'vitest';
import { AntdProvider } from '../components/theme/antd-provider';
import type { ReadySession } from '../lib/session/session-store';
import { dictionaryFor, SELLER_PARTNER } from './fake-server';
import { serve, type Handlers } from './mock-api';

/**
 * Before each test: the session is the seller's, ready, and `call` answers from `handlers`; after it, `call`
 * forgets its calls and answers.
 */
export function mockScreen(call: Mock, session: { current: unknown }, handlers: Handlers): void {
  beforeEach(() => {
    const dictionaries = dictionaryFor([SELLER_PARTNER], ['partner_user']);
    const ready: ReadySession = {
      status: 'ready',
      dictionaries,
      user: dictionaries.user,
      partner: SELLER_PARTNER,
    };
    session.current = ready;
    serve(call, handlers);
  });
  afterEach(() => call.mockReset());
}

/** Renders `screen` at `url` inside the app's providers; returns the user to drive it. */
export function renderScreen(screen: ReactNode, url = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <AntdProvider>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>{screen}</MemoryRouter>
        </QueryClientProvider>
      </App>
    </AntdProvider>,
  );
  // Checking pointer-events walks antd's computed styles on every click: skipped, it is not under test.
  return userEvent.setup({ pointerEventsCheck: 0, delay: null });
}
