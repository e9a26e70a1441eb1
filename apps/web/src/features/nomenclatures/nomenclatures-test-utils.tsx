// Helpers of the nomenclatures screen tests: a screen inside a memory router with Ant Design's App and a
// fresh query cache, a scripted RPC client (tests mock lib/api/client with it), product rows, and picking
// an option of an Ant Design select the way a user does.
import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PARENT_SKU_FIELD, SKU_FIELD, type ProductRow } from '@moda/contracts';
export { rpcError, serve, callsOf, type Handlers } from '../../test/mock-api';
import { AntdProvider } from '../../components/theme/antd-provider';

export const PARTNER_ID = 10001;

let seq = 0;
export function product(over: Partial<ProductRow> = {}): ProductRow {
  seq += 1;
  return {
    id: String(seq),
    [SKU_FIELD]: `MD${1000 + seq}`,
    [PARENT_SKU_FIELD]: `MDP${1000 + seq}`,
    sellerSku: `NW-${seq}-42`,
    sellerParentSku: `NW-${seq}`,
    barcode: '4601234567893',
    title: `Dress ${seq}`,
    brand: 'Nord Wind',
    category: 'clothes',
    axaptaCategoryLevel1: null,
    axaptaCategoryLevel2: null,
    price: 4990,
    salePrice: null,
    quantity: 5,
    status: 'online',
    moderationStatus: 'approved',
    moderationReason: null,
    archived: false,
    piValue: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

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
