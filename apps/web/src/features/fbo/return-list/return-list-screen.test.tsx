// The returns list through the UI with the RPC client mocked: rows, tabs and filters kept in the URL and
// sent, the empty state, and the new return dialog: by form from the stock on hand (the contract's rules
// before sending, the server's refusal on its line) and from a checked file.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, choose, PARTNER_ID, renderRoutes, rpcError, serve, type Handlers } from '../fbo-test-utils';
import { uploadReturnFile } from '../returns/returns-api';
import { returnCard, returnRow } from '../returns/returns-test-utils';
import { ReturnListScreen } from './return-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
vi.mock('../returns/returns-api', async (orig) => ({ ...(await orig()), uploadReturnFile: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const stock = {
  items: [
    {
      sellerSku: 'NW-1',
      modaSku: 'M1',
      title: 'Футболка',
      warehouseCode: 'Bykovo' as const,
      available: 6,
      jewellery: false,
    },
    {
      sellerSku: 'NW-2',
      modaSku: 'M2',
      title: 'Серьги',
      warehouseCode: 'Bykovo' as const,
      available: 2,
      jewellery: true,
    },
  ],
};
const file = (over: Partial<FileRecord> = {}): FileRecord => ({
  id: '22222222-0000-4000-8000-000000000001',
  name: 'return.xlsx',
  type: 'fbo_return',
  format: 'xlsx',
  size: 4096,
  status: 'ok',
  hasFileResult: false,
  errorCode: null,
  errorMessage: null,
  result: 'ok',
  rowsTotal: 2,
  rowsDone: 2,
  errorCount: 0,
  createdAt: '2026-11-20T07:05:00.000Z',
  updatedAt: '2026-11-20T07:05:00.000Z',
  ...over,
});
const handlers = (rows = [returnRow()], extra: Handlers = {}): Handlers => ({
  'v1.supplier-fulfilment-returns.list': () => ({ items: rows, total: rows.length }),
  'v1.supplier-fulfilment-returns.stock': () => stock,
  ...extra,
});
const renderList = (path = '/fbo/returns') =>
  renderRoutes(
    [
      { path: '/fbo/returns', element: <ReturnListScreen partnerId={PARTNER_ID} /> },
      { path: '/fbo/returns/:id', element: <p>card</p> },
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

describe('FBO returns list', () => {
  it('shows each return with its number, warehouse, date, window, quantity and status', async () => {
    serve(
      call,
      handlers([
        returnRow({
          returnId: 'VZ-10001-000042',
          status: 'sent',
          slot: { date: '2026-12-04', fromHour: 9, toHour: 12 },
        }),
        returnRow({ status: 'exportedFail' }),
      ]),
    );
    renderList();
    const link = await screen.findByRole('link', { name: 'VZ-10001-000042' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Быково')).toBeInTheDocument();
    expect(within(row).getByText('03.12.26')).toBeInTheDocument();
    expect(within(row).getByText('04.12.26, 09:00–12:00')).toBeInTheDocument();
    expect(within(row).getByText('Подтверждён')).toBeInTheDocument();
    expect(screen.getByText('Ошибка складской системы')).toBeInTheDocument();
  });

  it('a tab and the filters come from the URL and are sent; a change goes back to the URL', async () => {
    serve(call, handlers([]));
    const { user, search } = renderList(
      '/fbo/returns?tab=closed&warehouse=Sofino&search=NW-1&sort=-return_at&page=2',
    );
    await waitFor(() =>
      expect(callsOf(call, 'v1.supplier-fulfilment-returns.list').length).toBeGreaterThan(0),
    );
    expect(callsOf(call, 'v1.supplier-fulfilment-returns.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      status: ['cancelled', 'errorSending', 'outOfStock'],
      warehouseCode: ['Sofino'],
      search: 'NW-1',
      sort: '-return_at',
      page: 2,
      pageSize: 20,
    });
    expect(await screen.findByText('Нет возвратов под выбранные фильтры')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Отгруженные' }));
    await waitFor(() => expect(search().get('tab')).toBe('ok'));
    expect(search().get('page')).toBeNull();
  });

  it('an empty list says how to start', async () => {
    serve(call, handlers([]));
    renderList();
    expect(await screen.findByText('Возвратов пока нет')).toBeInTheDocument();
  });

  it('creates a return from the stock on hand: rules before sending, the server’s refusal on its line', async () => {
    const created = returnCard({ id: '33333333-0000-4000-8000-000000000001', returnId: 'VZ-10001-000077' });
    let refuse = true;
    serve(
      call,
      handlers([], {
        'v1.supplier-fulfilment-returns.create': () => {
          if (refuse) {
            refuse = false;
            throw rpcError('v1.supplier-fulfilment-returns.create', 'Проверьте', [
              { field: 'items.0.quantity', message: 'Больше, чем доступно на складе: 6 шт.' },
            ]);
          }
          return created;
        },
      }),
    );
    const { user, router } = renderList('/fbo/returns?action=new');
    const dialog = await screen.findByRole('dialog');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Склад' }), 'Быково');
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'Товар 1' }),
      'NW-1 — Футболка (доступно 6 шт.)',
    );
    const qty = within(dialog).getByRole('spinbutton', { name: 'Количество 1' });
    await user.clear(qty);
    await user.click(screen.getByRole('button', { name: 'Создать возврат' }));
    expect(await within(dialog).findByText('Значение должно быть числом')).toBeInTheDocument();
    expect(callsOf(call, 'v1.supplier-fulfilment-returns.create')).toHaveLength(0);
    await user.type(qty, '9');
    await user.click(screen.getByRole('button', { name: 'Создать возврат' }));
    expect(await within(dialog).findByText('Больше, чем доступно на складе: 6 шт.')).toBeInTheDocument();
    await user.clear(qty);
    await user.type(qty, '6');
    await user.click(screen.getByRole('button', { name: 'Создать возврат' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fbo/returns/${created.id}`));
    expect(callsOf(call, 'v1.supplier-fulfilment-returns.create')[1]).toEqual({
      partnerId: PARTNER_ID,
      warehouseCode: 'Bykovo',
      items: [{ sellerSku: 'NW-1', quantity: 6 }],
    });
  });

  it('creates a return from a file: errors come with their file, a clean file makes the return', async () => {
    const created = returnCard({ id: '33333333-0000-4000-8000-000000000002' });
    serve(
      call,
      handlers([], { 'v1.files.get': () => file(), 'v1.supplier-return.create-from-file': () => created }),
    );
    const upload = vi.mocked(uploadReturnFile);
    upload.mockResolvedValueOnce(
      file({
        status: 'fail',
        result: 'error',
        hasFileResult: true,
        errorMessage:
          'Строка 2, столбец «Артикул продавца»: Одежду и ювелирные изделия нельзя возвращать вместе',
      }),
    );
    const { user, router } = renderList('/fbo/returns?action=new');
    const dialog = await screen.findByRole('dialog');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Склад' }), 'Быково');
    await user.click(within(dialog).getByText('Загрузить файл'));
    await user.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      new File(['x'], 'return.xlsx'),
    );
    expect(
      await within(dialog).findByText(/Одежду и ювелирные изделия нельзя возвращать вместе/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Скачать файл с ошибками' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Создать возврат' })).toBeDisabled();
    upload.mockResolvedValueOnce(file());
    await user.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      new File(['y'], 'return-2.xlsx'),
    );
    expect(await within(dialog).findByText('Файл проверен: строк 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Создать возврат' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fbo/returns/${created.id}`));
    expect(callsOf(call, 'v1.supplier-return.create-from-file')[0]).toEqual({
      partnerId: PARTNER_ID,
      fileId: '22222222-0000-4000-8000-000000000001',
    });
  });
});
