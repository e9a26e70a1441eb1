// The supplies list through the UI with the RPC client mocked: rows as the spec writes them, filters kept in
// the URL and sent, the empty and error states, and the new-supply dialog: a warehouse, a day of its
// published capacity, the file checked on the server (an error file when it has errors), then the draft.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { FboSupplyRow, FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { uploadSupplyFile } from '../api/fbo-rest';
import {
  callsOf,
  choose,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  supplyCard,
  supplyRow,
  type Handlers,
} from '../fbo-test-utils';
import { ShipmentListScreen } from './shipment-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
vi.mock('../api/fbo-rest', async (orig) => ({ ...(await orig()), uploadSupplyFile: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const file = (over: Partial<FileRecord> = {}): FileRecord => ({
  id: '22222222-0000-4000-8000-000000000001',
  name: 'supply.xlsx',
  type: 'fbo_supply',
  format: 'xlsx',
  size: 4096,
  status: 'ok',
  hasFileResult: false,
  errorCode: null,
  errorMessage: null,
  result: 'ok',
  rowsTotal: 3,
  rowsDone: 3,
  errorCount: 0,
  createdAt: '2026-11-20T07:05:00.000Z',
  updatedAt: '2026-11-20T07:05:00.000Z',
  ...over,
});

const slots = {
  warehouseCode: 'Sofino' as const,
  days: [
    { date: '2026-11-25', capacity: 20, booked: 3, bookable: false, waitlist: 0 },
    { date: '2026-11-26', capacity: 20, booked: 20, bookable: false, waitlist: 2 },
    { date: '2026-11-27', capacity: 20, booked: 5, bookable: true, waitlist: 0 },
  ],
};

function handlers(rows: FboSupplyRow[], extra: Handlers = {}): Handlers {
  return {
    'v1.fulfilment-shipments.list': () => ({ items: rows, total: rows.length }),
    'v1.fulfilment-shipments.slots': () => slots,
    ...extra,
  };
}
const renderList = (path = '/fbo/shipments') =>
  renderRoutes(
    [
      { path: '/fbo/shipments', element: <ShipmentListScreen partnerId={PARTNER_ID} /> },
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
afterEach(() => vi.restoreAllMocks());

describe('FBO supplies list', () => {
  it('shows each supply with its number, day, warehouse, items, sum, status and file', async () => {
    serve(
      call,
      handlers([
        supplyRow({ number: 'FBO-10001-000042', plannedDate: '2026-12-03' }),
        supplyRow({ status: 'draft', plannedDate: null, fileId: null, fileName: null }),
      ]),
    );
    renderList();
    const link = await screen.findByRole('link', { name: 'FBO-10001-000042' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('03.12.26')).toBeInTheDocument();
    expect(within(row).getByText('Быково')).toBeInTheDocument();
    expect(within(row).getByText(/^1\s234\s567\s₽$/)).toBeInTheDocument();
    expect(within(row).getByText('Готова к отгрузке')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'supply_1.xlsx' })).toBeInTheDocument();
    expect(screen.getByText('Слот не выбран')).toBeInTheDocument();
    expect(screen.getByText('Черновик')).toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them; a change goes back to the URL', async () => {
    serve(call, handlers([]));
    const { user, search } = renderList(
      '/fbo/shipments?status=closed,processing&warehouse=Sofino&search=NW-1&plannedFrom=2026-11-01&sort=-planned_date&page=2',
    );
    await waitFor(() => expect(callsOf(call, 'v1.fulfilment-shipments.list').length).toBeGreaterThan(0));
    expect(callsOf(call, 'v1.fulfilment-shipments.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      status: ['closed', 'processing'],
      warehouseCode: ['Sofino'],
      search: 'NW-1',
      plannedFrom: '2026-11-01',
      sort: '-planned_date',
      page: 2,
      pageSize: 20,
    });
    expect(await screen.findByText('Под фильтры не попала ни одна поставка')).toBeInTheDocument();
    await choose(user, screen.getByRole('combobox', { name: 'Склад' }), 'Чехов');
    await waitFor(() => expect(search().get('warehouse')).toBe('Sofino,Chekhov'));
    expect(search().get('page')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(search().get('status')).toBeNull());
  });

  it('an empty list says how to start; a failed one offers to try again', async () => {
    serve(call, handlers([]));
    renderList();
    expect(await screen.findByText('Поставок пока нет')).toBeInTheDocument();
    call.mockReset();
    call.mockRejectedValue(rpcError('v1.fulfilment-shipments.list', 'Внутренняя ошибка сервера'));
    renderList('/fbo/shipments?search=x');
    expect(await screen.findByText('Не удалось загрузить поставки')).toBeInTheDocument();
  });

  it('creates a supply: warehouse, a free day, the checked file; errors come with their file', async () => {
    const created = supplyCard({
      id: '33333333-0000-4000-8000-000000000001',
      number: 'FBO-10001-000077',
      status: 'draft',
    });
    serve(
      call,
      handlers([], {
        'v1.files.get': () => file(),
        'v1.fulfilment-shipments.create': () => created,
      }),
    );
    const upload = vi.mocked(uploadSupplyFile);
    upload.mockResolvedValueOnce(
      file({
        status: 'fail',
        result: 'error',
        hasFileResult: true,
        errorCount: 2,
        errorMessage: 'Строка 3, столбец «Количество»: Значение должно быть числом',
      }),
    );
    const { user, search, router } = renderList();
    await user.click(await screen.findByRole('button', { name: /Новая поставка/ }));
    await waitFor(() => expect(search().get('action')).toBe('new'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'День поставки' })).toBeDisabled();
    await choose(user, within(dialog).getByRole('combobox', { name: 'Склад маркетплейса' }), 'Софьино');
    await user.click(within(dialog).getByRole('combobox', { name: 'День поставки' }));
    expect(await screen.findByTitle('26.11.26 — мест нет')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTitle('25.11.26 — свободно 17 из 20')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByTitle('27.11.26 — свободно 15 из 20'));

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'supply.xlsx'));
    expect(
      await within(dialog).findByText('Строка 3, столбец «Количество»: Значение должно быть числом'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Скачать файл с ошибками' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Создать поставку' })).toBeDisabled();
    expect(upload).toHaveBeenCalledWith(PARTNER_ID, 'Sofino', expect.any(File), expect.any(Function));

    upload.mockResolvedValueOnce(
      file({ id: '22222222-0000-4000-8000-000000000002', status: 'executing', result: null }),
    );
    // (The second upload is checked in the background: v1.files.get answers it is done.)
    // The upload control renders a fresh input after each file.
    await user.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      new File(['y'], 'supply-2.xlsx'),
    );
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(await within(dialog).findByText('Файл проверен: 3 строк без ошибок')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Создать поставку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fbo/shipments/${created.id}`));
    expect(callsOf(call, 'v1.fulfilment-shipments.create')[0]).toEqual({
      partnerId: PARTNER_ID,
      warehouseCode: 'Sofino',
      plannedDate: '2026-11-27',
      fileId: '22222222-0000-4000-8000-000000000001',
    });
  });

  it('a refused slot is told on its field', async () => {
    serve(call, {
      ...handlers([]),
      'v1.files.get': () => file(),
      'v1.fulfilment-shipments.create': () => {
        throw rpcError('v1.fulfilment-shipments.create', 'Проверьте', [
          {
            field: 'plannedDate',
            message:
              'На этот день у склада нет свободных слотов. Выберите другой день или встаньте в лист ожидания',
          },
        ]);
      },
    });
    vi.mocked(uploadSupplyFile).mockResolvedValueOnce(file());
    const { user } = renderList('/fbo/shipments?action=new');
    const dialog = await screen.findByRole('dialog');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Склад маркетплейса' }), 'Софьино');
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'День поставки' }),
      '27.11.26 — свободно 15 из 20',
    );
    await user.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      new File(['x'], 'supply.xlsx'),
    );
    await within(dialog).findByText('Файл проверен: 3 строк без ошибок');
    await user.click(screen.getByRole('button', { name: 'Создать поставку' }));
    expect(await within(dialog).findByText(/нет свободных слотов/)).toBeInTheDocument();
  });
});
