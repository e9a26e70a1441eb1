// Helpers of the warehouses screen tests: the screen inside a memory router with Ant Design's App and a
// fresh query cache, a scripted RPC client (the tests mock lib/api/client with it), warehouses to list,
// and picking an option of an Ant Design select the way a user does.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PLATFORM_TRANSPORT_REGIONS, type Role, type Warehouse } from '@moda/contracts';
export { rpcError, serve, callsOf, type Handlers } from '../../test/mock-api';
import { AntdProvider } from '../../components/theme/antd-provider';
import { rpcError, type Handlers } from '../../test/mock-api';
import { NOTIFICATION_DURATION_SEC } from '../../lib/constants';
import { WarehousesScreen } from './warehouse-list/warehouses-screen';

export const PARTNER_ID = 10002;
/** Saturday 21.11.2026, noon in Moscow. */
export const NOW = new Date('2026-11-21T09:00:00Z');

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const region = PLATFORM_TRANSPORT_REGIONS[0];

let seq = 0;
export function warehouse(over: Partial<Warehouse> & { name?: string } = {}): Warehouse {
  seq += 1;
  const { name = `Warehouse ${seq}`, ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    partnerId: PARTNER_ID,
    status: 'inactive',
    general: {
      name,
      address: { index: '127018', region, locality: region, street: 'Skladochnaya', house: '1' },
      phone: '4951234567',
      nonWorkingDays: [],
      comment: '',
    },
    deliveryMethod: {
      type: 'DROP_OFF',
      version: '2.0',
      orderAcceptance: { days: [...weekdays], time: '14:00' },
      shipment: { days: [...weekdays], time: '18:00' },
      shippingPoint: 'Bykovo',
      expectedVolume: 12,
      noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
    },
    returnMethod: {
      type: 'DROP_OFF',
      version: '2.0',
      schedule: { days: [...weekdays], time: '18:00' },
      pickupPoint: 'Bykovo',
    },
    reviewComment: null,
    warnings: [],
    scheduleEffectiveFrom: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...rest,
  };
}

export const BASE_POINTS = [
  { code: 'Bykovo', name: 'Bykovo', address: 'Bykovo, Aeroportovskaya 14' },
  { code: 'Sofino', name: 'Sofino', address: 'Sofino, Logisticheskaya 1' },
];

/** The server's answer to v1.warehouses.list for a set of warehouses. */
export function listOf(items: Warehouse[], tab: unknown = 'all') {
  const counts = {
    all: items.length,
    active: items.filter((w) => w.status === 'active').length,
    inactive: items.filter((w) => w.status !== 'active').length,
  };
  const shown = tab === 'all' ? items : items.filter((w) => (w.status === 'active') === (tab === 'active'));
  return { items: shown, counts };
}

/** Default answers: the given warehouses, a configured profile, two base warehouses, an empty queue. */
export function defaultHandlers(items: Warehouse[]): Handlers {
  return {
    'v1.warehouses.list': (p) => listOf(items, p.tab),
    'v1.warehouses.details': (p) => {
      const w = items.find((x) => x.id === p.id);
      if (!w) throw rpcError('v1.warehouses.details', 'not found', [], 50404);
      return { ...w, events: [] };
    },
    'v1.warehouses.delivery-profiles.get': () => ({
      configured: true,
      allowedDeliveryMethods: ['PICK_UP', 'DROP_OFF'],
      managerName: null,
      managerEmail: null,
    }),
    'v1.warehouses.base-warehouses.list': () => ({ items: BASE_POINTS }),
    'v1.warehouses.review.list': () => ({ items: [] }),
  };
}

export function renderScreen(path = '/warehouses', roles: Role[] = ['partner_user']) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/warehouses',
        element: (
          <AntdProvider>
            <App notification={{ duration: NOTIFICATION_DURATION_SEC }}>
              <QueryClientProvider client={client}>
                <WarehousesScreen partnerId={PARTNER_ID} roles={roles} now={NOW} />
              </QueryClientProvider>
            </App>
          </AntdProvider>
        ),
      },
      { path: '/other', element: <p>other page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  // Checking pointer-events walks antd's computed styles on every click: skipped, it is not under test.
  return { router, client, search, user: userEvent.setup({ pointerEventsCheck: 0, delay: null }) };
}

export { choose } from '../../test/render';
