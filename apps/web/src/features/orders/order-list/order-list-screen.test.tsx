// The orders list through the UI with the RPC client mocked: tabs and status counts, every filter kept in
// the URL and sent in the wire format (the date rule at a fixed clock), sorting, the export, the labels
// of selected orders, and the empty and error states.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { OrderRow } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  callsOf,
  choose,
  orderRow,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  type Handlers,
} from '../orders-test-utils';
import { OrderListScreen } from './order-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

/** 00:30 on 22.11.2026 in Moscow, still the 21st in UTC: "today" of the filters is the 22nd. */
const NOW = new Date('2026-11-21T21:30:00Z');

const COUNTS = {
  tabs: { all: 14, overdue: 3, with_discrepancy_acts: 1 },
  statuses: {
    new: 5,
    confirmed: 2,
    awaiting_shipment: 4,
    shipped: 1,
    in_delivery: 0,
    delivered: 1,
    not_delivered: 0,
    returned: 0,
    cancelled: 1,
    claimed: 0,
    refund_requested: 0,
    refunded: 0,
  },
};

function handlers(rows: OrderRow[]): Handlers {
  return {
    'v1.orders.list': (p) => ({ items: rows, total: rows.length, page: p.page, pageSize: p.pageSize }),
    'v1.orders.count-by-statuses': () => COUNTS,
  };
}

const renderList = (path = '/orders') =>
  renderRoutes(
    [
      { path: '/orders', element: <OrderListScreen partnerId={PARTNER_ID} now={NOW} /> },
      { path: '/orders/:id', element: <p>card</p> },
    ],
    path,
  );

beforeEach(() => {
  call.mockReset();
  rest.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('orders list', () => {
  it('shows rows as the spec writes them, tabs with counts and statuses with counts', async () => {
    const rows = [
      orderRow({
        orderNr: 'MD-500001',
        sum: 1234567,
        itemCount: 3,
        status: 'awaiting_shipment',
        isOverdue: true,
        hasDiscrepancyActs: true,
        trackingNumbers: ['RA123456789RU', 'CDEK-77'],
      }),
      orderRow({ orderNr: 'MD-500002', status: 'new' }),
    ];
    serve(call, handlers(rows));
    const { user } = renderList();
    const link = await screen.findByRole('link', { name: 'MD-500001' });
    expect(link).toHaveAttribute('href', '/orders/MD-500001');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(/^1\s234\s567\s₽$/)).toBeInTheDocument();
    expect(within(row).getByText('Ожидает отгрузки')).toBeInTheDocument();
    expect(within(row).getByText('Есть акт')).toBeInTheDocument();
    expect(within(row).getByText('RA123456789RU')).toBeInTheDocument();
    expect(within(row).getByText('CDEK-77')).toBeInTheDocument();
    expect(within(row).getByText(/^20\.11\.26 \d\d:05$/)).toBeInTheDocument();
    expect(within(row).getByLabelText('Просрочен')).toBeInTheDocument();
    expect(row).toHaveClass('order-list__row--overdue');
    const other = screen.getByRole('link', { name: 'MD-500002' }).closest('tr') as HTMLElement;
    expect(other).not.toHaveClass('order-list__row--overdue');
    expect(within(other).getByText('Новый')).toBeInTheDocument();

    const tabs = screen.getByRole('tablist');
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /Все\s*14/ })).toBeInTheDocument());
    expect(within(tabs).getByRole('tab', { name: /Просроченные\s*3/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /С актами расхождений\s*1/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    expect(await screen.findByTitle('Ожидает отгрузки (4)')).toBeInTheDocument();
    expect(screen.getByTitle('Новый (5)')).toBeInTheDocument();
    expect(screen.getByTitle('Статус не указан')).toBeInTheDocument();
  });

  it('reads every filter from the URL and sends it in the wire format', async () => {
    serve(call, handlers([orderRow()]));
    renderList(
      '/orders?tab=overdue&status=new,unspecified,bogus&country=BY&search=NW-1&createdFrom=2026-11-01' +
        '&createdTo=2026-11-21&deliveryTo=2026-11-30&sort=-sum&page=2&pageSize=50',
    );
    await waitFor(() => expect(callsOf(call, 'v1.orders.list')).toHaveLength(1));
    expect(callsOf(call, 'v1.orders.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      tab: 'overdue',
      status: ['new', 'unspecified'],
      country: 'BY',
      fullSearch: 'NW-1',
      createdAt: { from: '20261101000000', to: '20261121235959' },
      deliveryDate: { from: '19261130000000', to: '20261130235959' },
      sort: '-sum',
      page: 2,
      pageSize: 50,
    });
    // The counts answer for the same filters, without tab and paging.
    expect(callsOf(call, 'v1.orders.count-by-statuses')[0]).toEqual({
      partnerId: PARTNER_ID,
      status: ['new', 'unspecified'],
      country: 'BY',
      fullSearch: 'NW-1',
      createdAt: { from: '20261101000000', to: '20261121235959' },
      deliveryDate: { from: '19261130000000', to: '20261130235959' },
    });
    expect(screen.getByRole('tab', { name: /Просроченные/, selected: true })).toBeInTheDocument();
  });

  it('with only a start day runs to the end of today in Moscow', async () => {
    serve(call, handlers([]));
    renderList('/orders?createdFrom=2026-11-20');
    await waitFor(() => expect(callsOf(call, 'v1.orders.list')).toHaveLength(1));
    expect(callsOf(call, 'v1.orders.list')[0]).toMatchObject({
      createdAt: { from: '20261120000000', to: '20261122235959' },
    });
    expect(callsOf(call, 'v1.orders.list')[0]).not.toHaveProperty('deliveryDate');
  });

  it('ignores days that do not exist and unknown values in the URL', async () => {
    serve(call, handlers([]));
    renderList('/orders?createdFrom=2026-02-30&country=XX&tab=nope&sort=price&page=-1');
    await waitFor(() => expect(callsOf(call, 'v1.orders.list')).toHaveLength(1));
    expect(callsOf(call, 'v1.orders.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      tab: 'all',
      sort: '-created_at',
      page: 1,
      pageSize: 20,
    });
  });

  it('puts the tab into the URL and starts again from the first page', async () => {
    serve(call, handlers([orderRow({ orderNr: 'MD-1' })]));
    const { user, search } = renderList('/orders?page=3&sort=sum');
    await screen.findByRole('link', { name: 'MD-1' });
    await user.click(screen.getByRole('tab', { name: /Просроченные/ }));
    await waitFor(() => expect(search().get('tab')).toBe('overdue'));
    expect(search().get('page')).toBeNull();
    expect(search().get('sort')).toBe('sum');
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.list').at(-1)).toMatchObject({ tab: 'overdue', page: 1, sort: 'sum' }),
    );
  });

  it('filters by statuses, “unspecified” included, through the URL', async () => {
    serve(call, handlers([orderRow({ orderNr: 'MD-1' })]));
    const { user, search } = renderList();
    await screen.findByRole('link', { name: 'MD-1' });
    await choose(user, screen.getByRole('combobox', { name: 'Статус' }), 'Новый (5)');
    await waitFor(() => expect(search().get('status')).toBe('new'));
    await choose(user, screen.getByRole('combobox', { name: 'Статус' }), 'Статус не указан');
    await waitFor(() => expect(search().get('status')).toBe('new,unspecified'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.list').at(-1)).toMatchObject({ status: ['new', 'unspecified'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(search().get('status')).toBeNull());
  });

  it('searches after typing stops', async () => {
    serve(call, handlers([orderRow({ orderNr: 'MD-1' })]));
    const { user, search } = renderList();
    await screen.findByRole('link', { name: 'MD-1' });
    // Pasted: what is checked is the search after the last change, not per-key behaviour.
    await user.click(screen.getByRole('searchbox', { name: 'Поиск' }));
    await user.paste('Платье');
    await waitFor(() => expect(search().get('search')).toBe('Платье'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.count-by-statuses').at(-1)).toMatchObject({ fullSearch: 'Платье' }),
    );
    expect(callsOf(call, 'v1.orders.list').at(-1)).toMatchObject({ fullSearch: 'Платье' });
  });

  it('sorts by a column, ascending then descending with a minus', async () => {
    serve(call, handlers([orderRow({ orderNr: 'MD-1' })]));
    const { user, search } = renderList();
    await screen.findByRole('link', { name: 'MD-1' });
    await user.click(screen.getAllByText('Сумма')[0]!);
    await waitFor(() => expect(search().get('sort')).toBe('sum'));
    await user.click(screen.getAllByText('Сумма')[0]!);
    await waitFor(() => expect(search().get('sort')).toBe('-sum'));
    await waitFor(() => expect(callsOf(call, 'v1.orders.list').at(-1)).toMatchObject({ sort: '-sum' }));
  });

  it('exports what the filters show and points to the files', async () => {
    serve(call, {
      ...handlers([orderRow()]),
      'v1.exports.create': () => ({
        id: '00000000-0000-4000-8000-000000000001',
        type: 'orders_and_items',
        format: 'csv',
        status: 'PROCESSING',
        fileName: null,
        size: null,
        rowCount: null,
        errorMessage: null,
        createdAt: '2026-11-21T21:30:00.000Z',
        finishedAt: null,
      }),
    });
    const { user } = renderList('/orders?status=new&createdTo=2026-11-21');
    await user.click(await screen.findByRole('button', { name: /Выгрузить/ }));
    await user.click(await screen.findByText('Заказы и товары'));
    await waitFor(() => expect(callsOf(call, 'v1.exports.create')).toHaveLength(1));
    expect(callsOf(call, 'v1.exports.create')[0]).toEqual({
      partnerId: PARTNER_ID,
      type: 'orders_and_items',
      filter: {
        tab: 'all',
        status: ['new'],
        createdAt: { from: '19261121000000', to: '20261121235959' },
      },
    });
    expect(await screen.findByText('Выгрузка формируется')).toBeInTheDocument();
    expect(screen.getByText('Файл появится в «Файлах»')).toBeInTheDocument();
  });

  it('says why an export was refused', async () => {
    serve(call, {
      ...handlers([orderRow()]),
      'v1.exports.create': () => {
        throw rpcError(
          'v1.exports.create',
          'Слишком много строк для выгрузки: 70000. Максимум — 60000. Уточните фильтры',
        );
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: /Выгрузить/ }));
    await user.click(await screen.findByText('Заказы и товары'));
    expect(await screen.findByText('Не удалось запустить выгрузку')).toBeInTheDocument();
    expect(screen.getByText(/Максимум — 60000/)).toBeInTheDocument();
  });

  it('prints the labels of the selected orders as one PDF', async () => {
    serve(call, handlers([orderRow({ orderNr: 'MD-7' }), orderRow({ orderNr: 'MD-8' })]));
    rest.mockResolvedValue(
      new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'content-disposition': 'attachment; filename="labels.pdf"' },
      }),
    );
    const createUrl = vi.fn(() => 'blob:labels');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderList();
    await screen.findByRole('link', { name: 'MD-7' });
    // The checkboxes have Russian names, not Ant Design's "Select all" and "Select row 1".
    expect(screen.getByRole('checkbox', { name: 'Выбрать все строки на странице' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать заказ MD-7' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать заказ MD-8' }));
    expect(await screen.findByText('Выбрано: 2')).toBeInTheDocument();
    await choose(user, screen.getByRole('combobox', { name: 'Размер этикетки' }), '100 × 80 мм');
    await user.click(screen.getByRole('button', { name: /Печать этикеток/ }));
    await waitFor(() => expect(rest).toHaveBeenCalledTimes(1));
    const [path, init] = rest.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/v1/reports/label/batch');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      partnerId: PARTNER_ID,
      orderNrs: ['MD-7', 'MD-8'],
      size: '100x80',
    });
    expect(await screen.findByText('Этикетки сохранены: labels.pdf')).toBeInTheDocument();
    expect(createUrl).toHaveBeenCalled();
  });

  it('selects no rows for labels in a read-only cabinet', async () => {
    vi.mocked(useReadOnly).mockReturnValue({
      readOnly: true,
      needsSignature: false,
      status: null,
      error: null,
    });
    serve(call, handlers([orderRow({ orderNr: 'MD-5' })]));
    renderList();
    await screen.findByRole('link', { name: 'MD-5' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says so when there are no orders', async () => {
    serve(call, handlers([]));
    renderList();
    expect(await screen.findByText('Заказов пока нет')).toBeInTheDocument();
    expect(screen.getByText('Новые заказы покупателей появятся здесь.')).toBeInTheDocument();
  });

  it('says so when the filters find nothing', async () => {
    serve(call, handlers([]));
    renderList('/orders?search=none');
    expect(await screen.findByText('По этим условиям заказов не нашлось')).toBeInTheDocument();
  });

  it('shows the server’s message and a retry when the list fails', async () => {
    let fail = true;
    serve(call, {
      ...handlers([orderRow({ orderNr: 'MD-9' })]),
      'v1.orders.list': (p) => {
        if (fail) throw rpcError('v1.orders.list', 'Неверная дата: нужен формат ГГГГММДДччммсс');
        return { items: [orderRow({ orderNr: 'MD-9' })], total: 1, page: p.page, pageSize: p.pageSize };
      },
    });
    const { user } = renderList();
    expect(await screen.findByText('Не удалось загрузить заказы')).toBeInTheDocument();
    expect(screen.getByText('Неверная дата: нужен формат ГГГГММДДччммсс')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'MD-9' })).toBeInTheDocument();
  });
});
