// The seller info screen against a scripted server: the marketplace's data read-only, the contacts
// edited with the contract's checks and the server's field errors on their fields, the read-only
// cabinet disabling the edit, and a refusal of the server shown in its own Russian words.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Result } from '../../../lib/api/rpc-client';
import {
  callsOf,
  readySession,
  renderScreen,
  RESTRICTED_PARTNER,
  restrictedError,
  rpcError,
  serve,
  STATUSES,
  type Handlers,
} from '../profile-test-utils';
import { ProfileMainPage } from './main-page';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  useReadySession: () => state.current,
  useCurrentPartner: () => (state.current as { partner: unknown }).partner,
  session: { resetDictionaries: vi.fn() },
}));

const profileOf = (partnerId: number): Result<'v1.seller.profile.get'> => ({
  partnerId,
  shopName: 'Северный ветер',
  partnershipStart: '2023-01-15',
  contractNumber: `МД-${partnerId}/23`,
  contacts: { name: 'Анна Петрова', phone: '9160010001', email: 'shop@moda.test' },
  ceoName: 'Смирнова Ольга Петровна',
  bankAccount: {
    rating: 'A',
    accountNumber: '40702810000000010001',
    name: 'ООО «Северный ветер»',
    bankCode: '044525225',
    bankName: 'ПАО Сбербанк',
    inn: '7700010001',
  },
});

function handlers(over: Handlers = {}): Handlers {
  return {
    'v1.seller.profile.get': (p) => profileOf(Number(p.partnerId)),
    'v1.offers.statuses.list': () => STATUSES,
    'v1.seller.profile.update-contacts': (p) => ({ ...profileOf(Number(p.partnerId)), contacts: p.contacts }),
    ...over,
  };
}

beforeEach(() => {
  state.current = readySession();
});
afterEach(() => call.mockReset());

describe('seller info', () => {
  it('shows the shop, contract, contacts, CEO and the bank account the marketplace keeps', async () => {
    serve(call, handlers());
    renderScreen('/profile/main', <ProfileMainPage />);
    expect(await screen.findByText('МД-10001/23')).toBeInTheDocument();
    expect(screen.getByText('15.01.23')).toBeInTheDocument();
    expect(screen.getByText('+7 (916) 001-00-01')).toBeInTheDocument();
    expect(screen.getByText('Смирнова Ольга Петровна')).toBeInTheDocument();
    expect(screen.getByText('40702810000000010001')).toBeInTheDocument();
    expect(screen.getByText('7700010001')).toBeInTheDocument();
    expect(screen.getByText(/Эти данные ведёт маркетплейс по договору/)).toBeInTheDocument();
  });

  it('edits the contacts: the contract’s checks first, then the server’s field errors, then saved', async () => {
    let attempt = 0;
    serve(
      call,
      handlers({
        'v1.seller.profile.update-contacts': (p) => {
          attempt += 1;
          if (attempt === 1)
            throw rpcError('Проверьте правильность заполнения полей', {
              errors: [{ field: 'contacts.email', message: 'Этот адрес уже занят' }],
            });
          return { ...profileOf(10001), contacts: { ...(p.contacts as object), phone: '9165554433' } };
        },
      }),
    );
    const { user, search } = renderScreen('/profile/main', <ProfileMainPage />);
    await user.click(await screen.findByRole('button', { name: 'Изменить' }));
    expect(search().get('edit')).toBe('contacts');
    const phone = screen.getByLabelText('Телефон');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Должно быть ровно 10 цифр')).toBeInTheDocument();
    expect(callsOf(call, 'v1.seller.profile.update-contacts')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '8 (916) 555-44-33');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Этот адрес уже занят')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Контакты сохранены')).toBeInTheDocument();
    expect(callsOf(call, 'v1.seller.profile.update-contacts')[1]).toEqual({
      partnerId: 10001,
      contacts: { name: 'Анна Петрова', phone: '8 (916) 555-44-33', email: 'shop@moda.test' },
    });
    await waitFor(() => expect(search().get('edit')).toBeNull());
    expect(await screen.findByText('+7 (916) 555-44-33')).toBeInTheDocument();
  });

  it('disables the edit while the cabinet is read-only, and says why', async () => {
    state.current = readySession(RESTRICTED_PARTNER);
    serve(call, handlers());
    renderScreen('/profile/main?edit=contacts', <ProfileMainPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Изменить' })).toBeDisabled());
    expect(screen.queryByLabelText('Телефон')).not.toBeInTheDocument();
    expect(screen.getByText(/Недоступно, пока вы не подтвердите условия сотрудничества/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a restricted cabinet in its Russian words', async () => {
    let statuses = 0;
    serve(
      call,
      handlers({
        // The first answer is lost: the screen cannot know the cabinet is read-only.
        'v1.offers.statuses.list': () => {
          statuses += 1;
          if (statuses === 1) throw new TypeError('Failed to fetch');
          return STATUSES;
        },
        'v1.seller.profile.update-contacts': () => {
          throw restrictedError();
        },
      }),
    );
    state.current = readySession(RESTRICTED_PARTNER);
    const { user } = renderScreen('/profile/main?edit=contacts', <ProfileMainPage />);
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить контакты')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Кабинет доступен только для просмотра: подтвердите условия сотрудничества в разделе «Условия сотрудничества»',
      ),
    ).toBeInTheDocument();
  });

  it('hides the edit from a role that may not change the contacts', async () => {
    state.current = readySession(undefined, ['cc_operator']);
    serve(call, handlers());
    renderScreen('/profile/main', <ProfileMainPage />);
    expect(await screen.findByText('МД-10001/23')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
  });
});
