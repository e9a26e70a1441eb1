// The last step of recovery against a scripted server: the link checked first, the new password
// checked with the contract and by the server (different from the old one), then the result pages
// with the spec's buttons.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RpcError } from '../../../lib/api/rpc-error';
import { serve as serveCalls, type Handlers } from '../../../test/mock-api';
import { ResetPasswordPage } from './reset-password-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));

const HASH = 'abcdefghijklmnop';
const refusal = (reason: string, message: string, errors?: { field: string; message: string }[]) =>
  new RpcError({
    method: 'v1.passwords.confirm-reset',
    request: {},
    response: {},
    apiMessage: message,
    code: 50400,
    status: 200,
    data: { reason, ...(errors ? { errors } : {}) },
  });

const serve = (handlers: Handlers) => serveCalls(call, handlers);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/reset/password', Component: ResetPasswordPage },
      { path: '/login', element: <p>login page</p> },
      { path: '/reset', element: <p>reset page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
}

afterEach(() => call.mockReset());

describe('new password', () => {
  it('checks the passwords, lets the server refuse the old one, then shows success with Авторизоваться', async () => {
    let attempt = 0;
    serve({
      'v1.passwords.check-reset-token': () => ({ ok: true }),
      'v1.passwords.confirm-reset': () => {
        attempt += 1;
        if (attempt === 1)
          throw refusal('password.sameAsOld', 'Новый пароль должен отличаться от старого', [
            { field: 'password', message: 'Новый пароль должен отличаться от старого' },
          ]);
        return { ok: true };
      },
    });
    const { user, router } = renderAt(`/reset/password?hash=${HASH}`);
    const password = await screen.findByLabelText('Новый пароль');
    await user.type(password, 'Fresh2026!');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'хорошая');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Fresh2026?');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText('Повторите пароль'));
    await user.type(screen.getByLabelText('Повторите пароль'), 'Fresh2026!');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Новый пароль должен отличаться от старого')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { name: 'Пароль изменён' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?result=success');
    await user.click(screen.getByRole('link', { name: 'Авторизоваться' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an expired link to the failure page with Продолжить', async () => {
    serve({
      'v1.passwords.check-reset-token': () => {
        throw refusal('registration.invalidToken', 'Ссылка устарела или уже использована. Запросите новую');
      },
    });
    const { user, router } = renderAt(`/reset/password?hash=${HASH}`);
    expect(await screen.findByRole('heading', { name: 'Не удалось изменить пароль' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Продолжить' }));
    expect(router.state.location.pathname).toBe('/reset');
  });

  it('shows the failure page without a link', () => {
    renderAt('/reset/password');
    expect(screen.getByRole('heading', { name: 'Не удалось изменить пароль' })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
