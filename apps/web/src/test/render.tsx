// Rendering screens in tests: routes in a memory router with the app's providers (Ant Design, its App
// context, a query client that does not retry), and choosing an option of an Ant Design select.
import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdProvider } from '../components/theme/antd-provider';

export function renderRoutes(routes: { path: string; element: ReactNode }[], path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrap = (element: ReactNode) => (
    <AntdProvider>
      <App>
        <QueryClientProvider client={client}>{element}</QueryClientProvider>
      </App>
    </AntdProvider>
  );
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: wrap(r.element) })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  // Checking pointer-events walks antd's computed styles on every click: skipped, it is not under test.
  return { router, client, search, user: userEvent.setup({ pointerEventsCheck: 0, delay: null }) };
}

/** Opens an Ant Design select and clicks the option with this label. */
export async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
      (d) => !d.classList.contains('ant-select-dropdown-hidden'),
    );
    const found = open
      .flatMap((d) => [...d.querySelectorAll<HTMLElement>('.ant-select-item-option')])
      .find((o) => o.getAttribute('title') === label || o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user.click(option);
}
