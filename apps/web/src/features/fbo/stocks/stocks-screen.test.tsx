// The stock screen through the UI with the RPC client mocked: rows with days of stock and the recommended
// shipment, the marking flag, filters kept in the URL and sent, the views by brand and category, and a
// draft supply made from chosen rows with editable quantities checked by the contract's limits.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { FboStockRow } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  callsOf,
  choose,
  PARTNER_ID,
  renderRoutes,
  serve,
  stockRow,
  supplyCard,
  type Handlers,
} from '../fbo-test-utils';
import { StocksScreen } from './stocks-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const groups = {
  items: [
    { name: 'Nord Wind', onHand: 40, inTransit: 5, sales7: 30, recommended: 80, outOfStock: 1, stale: 2 },
  ],
};
function handlers(rows: FboStockRow[], extra: Handlers = {}): Handlers {
  return {
    'v1.analytics.recommended-shipment.get': () => ({
      items: rows,
      total: rows.length,
      totals: { onHand: 40, inTransit: 5, recommended: 80, lacksMarking: 1 },
    }),
    'v1.analytics.recommended-shipment.brands': () => groups,
    'v1.analytics.recommended-shipment.categories': () => ({
      items: [{ ...groups.items[0]!, name: 'clothes' }],
    }),
    'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
    ...extra,
  };
}
const renderStocks = (path = '/fbo/stocks') =>
  renderRoutes(
    [
      { path: '/fbo/stocks', element: <StocksScreen partnerId={PARTNER_ID} /> },
      { path: '/fbo/shipments/:id', element: <p>card</p> },
    ],
    path,
  );

beforeEach(() => {
  call.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});

describe('FBO stock and forecast', () => {
  it('shows stock per SKU and warehouse with days of stock, the recommendation and the marking flag', async () => {
    serve(
      call,
      handlers([
        stockRow({ sellerSku: 'NW-7', lacksMarking: true }),
        stockRow({
          sellerSku: 'NW-8',
          daysOfStock: null,
          sales7: 0,
          recommended: 0,
          daysBucket: 'greater_7_days',
          syncStatus: 'waiting_update',
        }),
      ]),
    );
    renderStocks();
    const row = (await screen.findByText('NW-7')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Быково')).toBeInTheDocument();
    expect(within(row).getByText('5,5')).toBeInTheDocument();
    expect(within(row).getByText('44')).toBeInTheDocument();
    expect(within(row).getByText('Без маркировки')).toBeInTheDocument();
    const other = screen.getByText('NW-8').closest('tr') as HTMLElement;
    expect(within(other).getByText('нет продаж')).toBeInTheDocument();
    expect(within(other).getByText('Обновляется')).toBeInTheDocument();
    expect(
      screen.getByText('Рекомендуем поставить', { selector: '.ant-statistic-title' }),
    ).toBeInTheDocument();
  });

  it('reads the filters from the URL, sends them, and switches to the forecast by brand and category', async () => {
    serve(call, handlers([]));
    const { user, search } = renderStocks(
      '/fbo/stocks?warehouse=Sofino&days=less_or_equal_7_days&category=clothes&marking=1&sort=-sales7',
    );
    await waitFor(() =>
      expect(callsOf(call, 'v1.analytics.recommended-shipment.get').length).toBeGreaterThan(0),
    );
    expect(callsOf(call, 'v1.analytics.recommended-shipment.get')[0]).toEqual({
      partnerId: PARTNER_ID,
      warehouseCode: ['Sofino'],
      category: ['clothes'],
      daysBucket: 'less_or_equal_7_days',
      lacksMarking: true,
      sort: '-sales7',
      page: 1,
      pageSize: 20,
    });
    expect(await screen.findByText('Под фильтры не попал ни один товар')).toBeInTheDocument();
    await choose(user, screen.getByRole('combobox', { name: 'Бренд' }), 'Nord Wind');
    await waitFor(() => expect(search().get('brand')).toBe('Nord Wind'));
    await user.click(screen.getByText('По категориям'));
    await waitFor(() => expect(search().get('view')).toBe('categories'));
    expect(await screen.findByText('Одежда', { selector: 'td' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.analytics.recommended-shipment.categories').at(-1)).toMatchObject({
      brand: ['Nord Wind'],
    });
  });

  it('turns chosen rows into a draft supply, quantities editable within the limits', async () => {
    const created = supplyCard({
      id: '66666666-0000-4000-8000-000000000001',
      number: 'FBO-10001-000099',
      status: 'draft',
      plannedDate: null,
    });
    serve(
      call,
      handlers(
        [stockRow({ sellerSku: 'NW-21', recommended: 44 }), stockRow({ sellerSku: 'NW-22', recommended: 6 })],
        {
          'v1.fulfilment-shipments.create-draft': () => created,
        },
      ),
    );
    const { user, router } = renderStocks();
    await screen.findByText('NW-21');
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать NW-21 на складе Быково' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать NW-22 на складе Быково' }));
    await user.click(screen.getByRole('button', { name: /Черновик поставки из прогноза/ }));
    const dialog = await screen.findByRole('dialog');
    const qty = within(dialog).getByLabelText('Количество NW-21');
    expect(qty).toHaveValue('44');
    await user.clear(qty);
    await user.type(qty, '10001');
    expect(await within(dialog).findByText('В поставке не больше 10000 единиц товара')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Создать черновик' })).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '30');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Создать черновик' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Создать черновик' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fbo/shipments/${created.id}`));
    expect(callsOf(call, 'v1.fulfilment-shipments.create-draft')[0]).toEqual({
      partnerId: PARTNER_ID,
      warehouseCode: 'Bykovo',
      items: [
        { sellerSku: 'NW-21', quantity: 30 },
        { sellerSku: 'NW-22', quantity: 6 },
      ],
    });
  });
});
