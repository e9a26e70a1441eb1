// The registration screens driven through the UI with a scripted server: the contract's checks on
// their fields, server refusals (field errors, the existing account, the resend wait), the
// confirmation screen with its countdown, and the emailed link that logs the new seller in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { FieldError } from '@moda/contracts';
import { RpcError } from '../../../lib/api/rpc-error';
import { session } from '../../../lib/session/session';
import { cookieTokenStore } from '../../../lib/session/token-storage';
import { serve as serveCalls, type Handlers } from '../../../test/mock-api';
import { RegistrationPage } from './registration-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/client', () => ({
  api: { call },
  onSessionExpired: () => () => undefined,
}));

const serve = (handlers: Handlers) => serveCalls(call, handlers);

const refusal = (
  reason: string,
  message: string,
  extra: Record<string, unknown> = {},
  errors?: FieldError[],
) =>
  new RpcError({
    method: 'v1.registration.initiate',
    request: {},
    response: {},
    apiMessage: message,
    code: 50400,
    status: 200,
    data: { reason, ...(errors ? { errors } : {}), ...extra },
  });

function renderAt(path = '/registration') {
  const router = createMemoryRouter(
    [
      { path: '/registration', Component: RegistrationPage },
      { path: '/login', element: <p>login page</p> },
      { path: '/reset', element: <p>reset page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'new.brand@moda.test') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Пароль'), 'Brand2026!');
  await user.type(screen.getByLabelText('Повторите пароль'), 'Brand2026!');
  await user.click(screen.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }));
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

afterEach(() => {
  call.mockReset();
  vi.restoreAllMocks();
});

describe('registration form', () => {
  it('checks every field with the contract before sending anything', async () => {
    const { user } = renderAt();
    expect(screen.getByRole('heading', { name: 'Регистрация продавца' })).toBeInTheDocument();
    await submit(user);
    expect(screen.getByText('Введите корректный email')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен содержать от 8 до 14 символов')).toBeInTheDocument();
    expect(screen.getByText('Нужно согласие на обработку персональных данных')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(call).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'new.brand@moda.test');
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026');
    expect(
      screen.getByText('Добавьте хотя бы один спецсимвол, например ! или #', {
        selector: '.auth-field__error',
      }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Пароль'), '!');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Brand2026?');
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(screen.queryByText('Введите корректный email')).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('tells what is wrong with the password once, the rules beside it', async () => {
    const { user } = renderAt();
    await submit(user);
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026');
    const problem = 'Добавьте хотя бы один спецсимвол, например ! или #';
    // The red message says it; the grey line under the meter gives the whole policy instead of a repeat.
    expect(screen.getAllByText(problem)).toHaveLength(1);
    expect(screen.getByText(problem)).toHaveClass('auth-field__error');
    expect(screen.getByText(/^От 8 до 14 символов: строчные и заглавные/)).toBeInTheDocument();
  });

  it('names the password’s problem in the grey line while no error is shown', async () => {
    const { user } = renderAt();
    // Before the first attempt nobody is scolded in red: the line under the meter says what to add.
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026');
    expect(screen.getAllByText('Добавьте хотя бы один спецсимвол, например ! или #')).toHaveLength(1);
  });

  it('shows the strength of the password as it is typed', async () => {
    const { user } = renderAt();
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026!');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'хорошая');
  });

  it('puts the server’s field errors on their fields', async () => {
    serve({
      'v1.registration.initiate': () => {
        throw refusal('common.badRequest', 'Проверьте правильность заполнения полей', {}, [
          { field: 'email', message: 'Этот почтовый домен не принимается' },
          { field: 'password', message: 'Пароль не соответствует требованиям' },
        ]);
      },
    });
    const { user } = renderAt();
    await fill(user);
    await submit(user);
    expect(await screen.findByText('Этот почтовый домен не принимается')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Пароль не соответствует требованиям')).toBeInTheDocument();
  });

  it.each([
    ['registration.internalServerError', {}, 'Не удалось завершить регистрацию. Попробуйте позже'],
    [
      'registration.tooEarlyToRefreshConfirm',
      { seconds: 30 },
      'Письмо можно отправить повторно через 30 сек.',
    ],
  ])('says what %s means', async (reason, extra, message) => {
    serve({
      'v1.registration.initiate': () => {
        throw refusal(reason, 'server words', extra);
      },
    });
    const { user } = renderAt();
    await fill(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each(['registration.unableToRegisterWithThisEmail', 'registration.userAlreadyConfirmed'])(
    'leads an existing account (%s) to login or recovery',
    async (reason) => {
      serve({
        'v1.registration.initiate': () => {
          throw refusal(reason, 'Аккаунт с этим email уже существует', {}, [
            { field: 'email', message: 'x' },
          ]);
        },
      });
      const { user, router } = renderAt();
      await fill(user, 'Seller@Moda.test');
      await submit(user);
      expect(await screen.findByRole('heading', { name: 'У вас уже есть аккаунт' })).toBeInTheDocument();
      expect(screen.getByText(/Адрес seller@moda\.test уже зарегистрирован/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
      await user.click(screen.getByRole('link', { name: 'Восстановить пароль' }));
      expect(router.state.location.pathname).toBe('/reset');
      expect(router.state.location.state).toEqual({ username: 'seller@moda.test' });
    },
  );

  it('sends the user to the marketplace when they came to buy', async () => {
    const { user } = renderAt();
    await user.click(screen.getByRole('link', { name: 'Вам в магазин' }));
    expect(screen.getByRole('heading', { name: 'Этот кабинет — для продавцов' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти на moda.ru' })).toHaveAttribute(
      'href',
      'https://www.moda.ru',
    );
  });
});

describe('confirmation screen', () => {
  it('says where the letter went and waits before another one', async () => {
    serve({
      'v1.registration.initiate': (p) => ({ email: String(p.email).toLowerCase(), resendAfterSec: 60 }),
    });
    const { user, router } = renderAt();
    await fill(user, 'New.Brand@moda.test');
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Подтвердите email' })).toBeInTheDocument();
    expect(screen.getByText(/Мы отправили письмо на new\.brand@moda\.test/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить письмо ещё раз' })).toBeDisabled();
    expect(screen.getByText(/Отправить ещё раз можно через (60|59) сек\./)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?screen=sent');
    expect(call).toHaveBeenCalledWith('v1.registration.initiate', {
      email: 'New.Brand@moda.test',
      password: 'Brand2026!',
      passwordRepeat: 'Brand2026!',
      consent: true,
    });
  });

  it('sends the letter again, and counts down the wait the server names', async () => {
    let sent = 0;
    serve({
      'v1.registration.resend-email': () => {
        sent += 1;
        if (sent === 1) return { resendAfterSec: 0 };
        throw refusal(
          'registration.tooEarlyToRefreshConfirm',
          'Письмо можно отправить повторно через 42 сек.',
          {
            seconds: 42,
          },
        );
      },
    });
    const router = createMemoryRouter([{ path: '/registration', Component: RegistrationPage }], {
      initialEntries: [
        { pathname: '/registration', search: '?screen=sent', state: { email: 'a@moda.test', resendAt: 0 } },
      ],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Отправить письмо ещё раз' }));
    expect(await screen.findByText('Письмо отправлено ещё раз')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отправить письмо ещё раз' }));
    expect(await screen.findByText(/Отправить ещё раз можно через 4[12] сек\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить письмо ещё раз' })).toBeDisabled();
    expect(call).toHaveBeenCalledWith('v1.registration.resend-email', { email: 'a@moda.test' });
  });

  it('shows the form again for a copied address without the history state', () => {
    renderAt('/registration?screen=sent');
    expect(screen.getByRole('heading', { name: 'Регистрация продавца' })).toBeInTheDocument();
  });
});

describe('the emailed link', () => {
  it('checks the link, asks for the password and logs the new seller in as a login does', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', scope: ['onboarding_user'], expiresIn: 900 };
    serve({
      'v1.registration.check-confirmation-token': () => ({ email: 'new.brand@moda.test' }),
      'v1.user.registration.complete': () => tokens,
    });
    const setTokens = vi.spyOn(cookieTokenStore, 'set');
    const reload = vi.spyOn(session, 'resetDictionaries').mockResolvedValue();
    const { user } = renderAt('/registration?hash=abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: 'Завершение регистрации' })).toBeInTheDocument();
    expect(screen.getByText(/подтвердить адрес new\.brand@moda\.test/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    expect(screen.getByText('Обязательное поле')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026!');
    await user.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(setTokens).toHaveBeenCalledWith(tokens);
    expect(call).toHaveBeenCalledWith('v1.user.registration.complete', {
      username: 'new.brand@moda.test',
      password: 'Brand2026!',
      hash: 'abcdefghijklmnop',
    });
  });

  it('says a mistyped password on its field and keeps the link for the right one', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', scope: ['onboarding_user'], expiresIn: 900 };
    const message = 'Неверный пароль: введите пароль, который вы задали при регистрации';
    serve({
      'v1.registration.check-confirmation-token': () => ({ email: 'new.brand@moda.test' }),
      'v1.user.registration.complete': (p) => {
        if (p.password !== 'Brand2026!')
          throw refusal('registration.wrongPassword', message, {}, [{ field: 'password', message }]);
        return tokens;
      },
    });
    const reload = vi.spyOn(session, 'resetDictionaries').mockResolvedValue();
    const { user } = renderAt('/registration?hash=abcdefghijklmnop');
    await user.type(await screen.findByLabelText('Пароль'), 'Wrong2026!');
    await user.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('aria-invalid', 'true');
    // Nothing says the link is gone, and the same form takes the right password.
    expect(screen.queryByText(/ссылка больше не действует/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Пароль'));
    await user.type(screen.getByLabelText('Пароль'), 'Brand2026!');
    await user.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it.each([
    ['registration.invalidToken', 'Ссылка устарела'],
    ['registration.userAlreadyConfirmed', 'Адрес уже подтверждён'],
  ])('explains a dead link (%s)', async (reason, heading) => {
    serve({
      'v1.registration.check-confirmation-token': () => {
        throw refusal(reason, 'x');
      },
    });
    renderAt('/registration?hash=abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });
});
