// The shell's cooperation-terms banner: read-only with a way to the terms, a request to sign when a
// version waits, nothing otherwise; and a change refused as offer.restricted makes it read the
// statuses again, so the banner appears without a reload.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RpcError } from '../../../lib/api/rpc-error';
import type { SessionState } from '../../../lib/session/session-store';
import { AntdProvider } from '../../../components/theme/antd-provider';
import { dictionaryFor, SELLER_PARTNER } from '../../../test/fake-server';
import { serve } from '../../../test/mock-api';
import { OfferBanner } from './offer-banner';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({ useSession: () => state.current }));

const status = (over: object) => ({
  items: [{ partnerId: 10001, hasActual: true, hasPending: false, restricted: false, ...over }],
});
/** The server answers the statuses with `replies` in turn, the last one from then on. */
const answer = (...replies: object[]) => {
  let n = 0;
  serve(call, { 'v1.offers.statuses.list': () => replies[Math.min(n++, replies.length - 1)] });
};

function ready(): SessionState {
  const dictionaries = dictionaryFor([SELLER_PARTNER]);
  return { status: 'ready', dictionaries, user: dictionaries.user, partner: SELLER_PARTNER };
}

const restricted = new RpcError({
  method: 'v1.seller.profile.update-contacts',
  request: {},
  response: {},
  apiMessage: 'Кабинет доступен только для просмотра',
  code: 50403,
  status: 200,
  data: { reason: 'offer.restricted' },
});

/** A page that makes a change the server refuses. */
function RefusedChange() {
  const change = useMutation({ mutationFn: () => Promise.reject(restricted) });
  return (
    <button type="button" onClick={() => change.mutate()}>
      change
    </button>
  );
}

function renderBanner(path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const page = (
    <AntdProvider>
      <QueryClientProvider client={client}>
        <OfferBanner />
        <RefusedChange />
      </QueryClientProvider>
    </AntdProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/profile/offers', element: page },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

afterEach(() => call.mockReset());

describe('offer banner', () => {
  it('says the cabinet is read-only and leads to the terms', async () => {
    state.current = ready();
    answer(status({ hasActual: false, hasPending: true, restricted: true }));
    const { user, router } = renderBanner();
    expect(
      await screen.findByText(
        'Кабинет доступен только для просмотра, пока вы не подтвердите условия сотрудничества',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Перейти к условиям' }));
    expect(router.state.location.pathname).toBe('/profile/offers');
    // On the terms page itself the banner stays, without the link to where the user already is.
    expect(screen.getByText(/Кабинет доступен только для просмотра/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Перейти к условиям' })).not.toBeInTheDocument();
  });

  it('asks to sign a waiting version when the cabinet is open', async () => {
    state.current = ready();
    answer(status({ hasPending: true }));
    renderBanner();
    expect(await screen.findByText('Доступна новая версия условий сотрудничества')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Подписать' })).toHaveAttribute('href', '/profile/offers');
  });

  it('shows nothing when the terms are signed, or without a session', async () => {
    state.current = ready();
    answer(status({}));
    renderBanner();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByTestId('offer-banner')).not.toBeInTheDocument();
  });

  it('reads the statuses again after a change refused as offer.restricted', async () => {
    state.current = ready();
    answer(status({}), status({ hasPending: true, restricted: true }));
    const { user } = renderBanner();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('offer-banner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'change' }));
    expect(await screen.findByText(/Кабинет доступен только для просмотра, пока/)).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
