// The shell through the real router, session and client (the server faked): menus per business
// model, work-in-progress pages in their layouts, the 404 and error screens, the login redirect.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../lib/session/session';
import {
  dictionaryFor,
  FBS_PARTNER,
  installFakeServer,
  SELLER_PARTNER,
  setTokenCookies,
} from '../test/fake-server';
import { buildRoutes } from './router';
import { LAYOUT_MODULES, ROUTE_MODULES, SHELL_SERVICES_MODULE } from './routing/route-modules';

async function renderAt(
  path: string,
  options: { loggedIn?: boolean; dictionary?: ReturnType<typeof dictionaryFor> } = {},
) {
  const server = installFakeServer(options.dictionary ?? dictionaryFor([SELLER_PARTNER]));
  if (options.loggedIn !== false) setTokenCookies();
  await session.start();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, server };
}

const topMenu = () => screen.getAllByRole('navigation', { name: 'Главное меню' })[0]!;

// The shell's lazily loaded modules compile on their first import under vitest: 2 s on a quiet machine, over
// the 10 s a screen query waits at load average 14. Compiled here first, the first test waits for its screen only.
beforeAll(async () => {
  await Promise.all([
    ROUTE_MODULES.home?.(),
    SHELL_SERVICES_MODULE(),
    ...Object.values(LAYOUT_MODULES).map((load) => load()),
  ]);
}, 120_000);

afterEach(async () => {
  await session.logout();
  vi.unstubAllGlobals();
});

describe('the shell', () => {
  it('shows a consignment partner FBO but not the FBS logistics', async () => {
    await renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Северный ветер' })).toBeInTheDocument();
    expect(screen.getByText('Модель работы: FBO — товар на складе маркетплейса')).toBeInTheDocument();
    const menu = topMenu();
    expect(within(menu).getByText('FBO')).toBeInTheDocument();
    expect(within(menu).queryByText('Логистика')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Поставки FBO/ })).toHaveAttribute('href', '/fbo/shipments');
    expect(screen.queryByRole('link', { name: /Склады/ })).not.toBeInTheDocument();
  });

  it('shows a crossdocking partner the logistics and no FBO', async () => {
    await renderAt('/', { dictionary: dictionaryFor([FBS_PARTNER]) });
    expect(await screen.findByRole('heading', { name: 'Urban Loft' })).toBeInTheDocument();
    const menu = topMenu();
    expect(within(menu).getByText('Логистика')).toBeInTheDocument();
    expect(within(menu).queryByText('FBO')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Склады/ })).toHaveAttribute('href', '/warehouses');
  });

  it('renders a later issue’s route as the work-in-progress page inside its layout', async () => {
    await renderAt('/page-in-progress?section=banners', { dictionary: dictionaryFor([FBS_PARTNER]) });
    expect(
      await screen.findByRole('heading', { name: 'Баннерная реклама' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Мы уже работаем над этим разделом/)).toBeInTheDocument();
    expect(topMenu()).toBeInTheDocument();
  });

  it('puts the product steps into the side bar of the side-bar layout', async () => {
    await renderAt('/nomenclatures/add/manually?step=2');
    expect(await screen.findByRole('heading', { name: 'Добавление товара вручную' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Шаги' });
    expect(within(steps).getByText('Состав')).toBeInTheDocument();
  });

  it('puts the help card into the right column of the right-space layout', async () => {
    await renderAt('/nomenclatures/add');
    expect(await screen.findByRole('heading', { name: 'Добавление товаров' })).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Подсказки' });
    expect(within(aside).getByText('Нужна помощь?')).toBeInTheDocument();
  });

  it('answers an unknown path with the 404 screen naming it', async () => {
    await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /no/such/page')).toBeInTheDocument();
  });

  it('tells the generic error page apart from the 404 one', async () => {
    await renderAt('/error/default');
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
  });

  it('sends a gated page home', async () => {
    const { router } = await renderAt('/fbs/shipments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an anonymous visitor to login and back to the remembered page after it', async () => {
    const { router, server } = await renderAt('/orders/77?tab=items', { loggedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Forders%2F77%3Ftab%3Ditems');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email или логин'), 'seller');
    await user.type(screen.getByLabelText('Пароль'), 'Moda2026!');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/77'));
    expect(router.state.location.search).toBe('?tab=items');
    expect(server.methods).toContain('v1.tokens.create');
    expect(await screen.findByRole('heading', { name: 'Заказ № 77' })).toBeInTheDocument();
  });

  it('logs out from the profile menu to the login page', async () => {
    const { router, server } = await renderAt('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Профиль' }));
    await user.click(await screen.findByText('Выйти'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(session.getState().status).toBe('anonymous');
    expect(document.cookie).not.toContain('moda_access_token');
    await waitFor(() => expect(server.methods).toContain('v1.tokens.revoke'));
  });

  it('shows "Empty partners list" to a partner user without partners', async () => {
    await renderAt('/', { dictionary: dictionaryFor([]) });
    expect(await screen.findByText('Empty partners list')).toBeInTheDocument();
    expect(screen.getByText(/не привязан ни один партнёр/)).toBeInTheDocument();
  });

  it('shows a new seller the road of onboarding, the welcome and where to ask', async () => {
    const { server } = await renderAt('/', {
      dictionary: dictionaryFor([SELLER_PARTNER], ['onboarding_user']),
    });
    expect(await screen.findByRole('heading', { name: 'Подключение к Moda' })).toBeInTheDocument();
    expect(server.methods).toContain('v1.onboarding.road.get');
    expect(screen.getAllByText('Добро пожаловать на Moda!').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Заполнить анкету' })).toHaveAttribute('href', '/onboarding');
    const ask = screen.getByRole('link', { name: 'Написать в поддержку' });
    expect(ask).toHaveAttribute('href', '/profile/help');
  });

  it('offers internal roles a partner search on the home page', async () => {
    await renderAt('/', { dictionary: dictionaryFor([], ['support_engineer']) });
    expect(await screen.findByRole('heading', { name: 'Выберите партнёра' })).toBeInTheDocument();
    // The switcher's Select is a lazy chunk: a skeleton stands in its place until the chunk is loaded.
    expect((await screen.findAllByRole('combobox', { name: 'Партнёр' })).length).toBeGreaterThan(0);
  });
});
