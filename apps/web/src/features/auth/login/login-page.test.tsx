// The login screen: its fields and links, and the four login errors of spec 001 §8 in Russian.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RpcError } from '../../../lib/api/rpc-error';
import { session } from '../../../lib/session/session';
import { LoginPage } from './login-page';

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], {
    initialEntries: ['/login'],
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const loginError = (error: string, code = 50400, status = 400) =>
  new RpcError({
    method: 'v1.tokens.create',
    request: {},
    response: {},
    apiMessage: 'сообщение сервера',
    code,
    status,
    data: { reason: 'x', error },
  });

afterEach(() => vi.restoreAllMocks());

describe('login page', () => {
  it('has the email-or-login and password fields and the two links', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Вход в кабинет продавца' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email или логин')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/reset');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/registration');
  });

  it('asks for both fields without calling the server (empty_fields)', async () => {
    const login = vi.spyOn(session, 'login');
    const user = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите email или логин и пароль');
    expect(login).not.toHaveBeenCalled();
  });

  it('refuses disallowed characters (invalid_error)', async () => {
    const login = vi.spyOn(session, 'login');
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email или логин'), 'продавец');
    await user.type(screen.getByLabelText('Пароль'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Email, логин или пароль содержат недопустимые символы',
    );
    expect(login).not.toHaveBeenCalled();
  });

  it.each([
    ['invalid_grant', 'Неверный email, логин или пароль'],
    ['empty_fields', 'Введите email или логин и пароль'],
    ['invalid_error', 'Email, логин или пароль содержат недопустимые символы'],
    ['unknown_error', 'Не удалось войти. Попробуйте ещё раз немного позже'],
  ])('shows the server’s %s in Russian', async (name, message) => {
    vi.spyOn(session, 'login').mockRejectedValue(loginError(name));
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email или логин'), 'seller@moda.test');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows unknown_error when the server cannot be reached', async () => {
    vi.spyOn(session, 'login').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email или логин'), 'seller');
    await user.type(screen.getByLabelText('Пароль'), 'Moda2026!');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось войти');
  });

  it('keeps the server’s words for a rate limit', async () => {
    vi.spyOn(session, 'login').mockRejectedValue(
      new RpcError({
        method: 'v1.tokens.create',
        request: {},
        response: {},
        apiMessage: 'Слишком много попыток входа. Повторите попытку позже',
        code: 50429,
        status: 429,
      }),
    );
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email или логин'), 'seller');
    await user.type(screen.getByLabelText('Пароль'), 'x');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток входа');
  });

  it('sends the trimmed login and shows or hides the password', async () => {
    const login = vi.spyOn(session, 'login').mockResolvedValue();
    const user = renderLogin();
    await user.type(screen.getByLabelText('Email или логин'), '  seller  ');
    await user.type(screen.getByLabelText('Пароль'), 'Moda2026!');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(login).toHaveBeenCalledWith('seller', 'Moda2026!');
  });
});
