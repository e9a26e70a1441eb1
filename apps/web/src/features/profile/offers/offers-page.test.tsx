// The cooperation terms screen against a scripted server: signing through the dialog reloads the list
// and the statuses; failures name what failed with the server's cause appended (spec 001 §8 Offers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Offer } from '@moda/contracts';
import type { SessionState } from '../../../lib/session/session-store';
import {
  callsOf,
  readySession,
  renderScreen,
  RESTRICTED_PARTNER,
  rpcError,
  serve,
  STATUSES,
  type Handlers,
} from '../profile-test-utils';
import { ProfileOffersPage } from './offers-page';

const call = vi.hoisted(() => vi.fn());
const rest = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call, rest }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  useReadySession: () => state.current,
  useCurrentPartner: () => (state.current as { partner: unknown }).partner,
  session: { resetDictionaries: vi.fn() },
}));

const UNSIGNED: Offer = {
  id: 'offer-2',
  fileName: 'Условия сотрудничества v2.0.pdf',
  version: '2.0',
  actDate: '2026-12-01',
  status: 'new',
  approvalInformation: { isAgreed: false, date: null, email: null },
  downloadUrl: '/rest/api/v1/offers/offer-2/download',
};

function handlers(over: Handlers = {}): Handlers {
  let signed = false;
  return {
    'v1.offers.list': () => ({
      items: [
        signed
          ? {
              ...UNSIGNED,
              status: 'agreed',
              approvalInformation: { isAgreed: true, date: '2026-11-21T10:00:00Z', email: 'multi@moda.test' },
            }
          : UNSIGNED,
      ],
    }),
    'v1.offers.statuses.list': () =>
      signed
        ? { items: [{ partnerId: 10004, hasActual: true, hasPending: false, restricted: false }] }
        : STATUSES,
    'v1.offers.approve': () => {
      signed = true;
      return { ...UNSIGNED, status: 'agreed' };
    },
    ...over,
  };
}

beforeEach(() => {
  state.current = readySession(RESTRICTED_PARTNER) satisfies SessionState;
});
afterEach(() => {
  call.mockReset();
  rest.mockReset();
});

describe('cooperation terms screen', () => {
  it('signs the newest version through the dialog, then reloads the list and the statuses', async () => {
    serve(call, handlers());
    const { user, search } = renderScreen('/profile/offers', <ProfileOffersPage />);
    await user.click(await screen.findByRole('button', { name: 'Подписать версию 2.0' }));
    expect(search().get('sign')).toBe('offer-2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Подписать условия сотрудничества, версия 2.0?')).toBeInTheDocument();
    expect(within(dialog).getByText(/Условия вступают в силу 01\.12\.26/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Подписать' }));

    expect(await screen.findByText('Условия сотрудничества подписаны')).toBeInTheDocument();
    expect(callsOf(call, 'v1.offers.approve')).toEqual([{ partnerId: 10004, newestOfferId: 'offer-2' }]);
    await waitFor(() => expect(screen.getByText('Подписана')).toBeInTheDocument());
    expect(callsOf(call, 'v1.offers.list')).toHaveLength(2);
    expect(callsOf(call, 'v1.offers.statuses.list')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Подписать версию/ })).not.toBeInTheDocument();
    expect(search().get('sign')).toBeNull();
  });

  it('names a failed approval with the cause appended', async () => {
    serve(
      call,
      handlers({
        'v1.offers.approve': () => {
          throw rpcError('Подписать можно только самую новую версию условий', { reason: 'offer.notNewest' });
        },
      }),
    );
    const { user } = renderScreen('/profile/offers?sign=offer-2', <ProfileOffersPage />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText('Не удалось подписать документ')).toBeInTheDocument();
    expect(screen.getByText('Подписать можно только самую новую версию условий')).toBeInTheDocument();
  });

  it('names failed loads of the documents and of the statuses, and a failed download', async () => {
    serve(
      call,
      handlers({
        'v1.offers.statuses.list': () => {
          throw rpcError('Внутренняя ошибка сервера. Попробуйте позже', {}, 50500);
        },
      }),
    );
    rest.mockRejectedValue(rpcError('Документ не найден', { reason: 'offer.notFound' }, 50404));
    const { user } = renderScreen('/profile/offers', <ProfileOffersPage />);
    expect(
      await screen.findByText(
        'Не удалось загрузить статусы документов: Внутренняя ошибка сервера. Попробуйте позже',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Скачать Условия сотрудничества v2.0.pdf' }));
    expect(await screen.findByText('Не удалось скачать документ')).toBeInTheDocument();
    expect(screen.getByText('Документ не найден')).toBeInTheDocument();
    expect(rest).toHaveBeenCalledWith('/api/v1/offers/offer-2/download');
  });

  it('shows why the documents did not load', async () => {
    serve(
      call,
      handlers({
        'v1.offers.list': () => {
          throw rpcError('Партнёр не найден', {}, 50404);
        },
      }),
    );
    renderScreen('/profile/offers', <ProfileOffersPage />);
    expect(await screen.findByText('Не удалось загрузить документы: Партнёр не найден')).toBeInTheDocument();
  });

  it('shows staff the list without the sign button', async () => {
    state.current = readySession(RESTRICTED_PARTNER, ['support_engineer']);
    serve(call, handlers({ 'v1.offers.statuses.list': () => ({ items: [] }) }));
    renderScreen('/profile/offers', <ProfileOffersPage />);
    await waitFor(() => expect(screen.getByText('Новая')).toBeInTheDocument());
    await waitFor(() => expect(callsOf(call, 'v1.offers.statuses.list')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Подписать версию/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Скачать Условия сотрудничества v2.0.pdf' }),
    ).toBeInTheDocument();
  });
});
