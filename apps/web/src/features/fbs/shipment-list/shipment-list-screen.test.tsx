// The shipments list through the UI with the RPC client mocked: rows with the spec's columns, filters and
// sort read from the URL and sent, a change written back, the empty and error states, and the shipment file:
// taken (the list read again), refused with its error file, and a file over 5 MB stopped before it is sent.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { RpcError } from '../../../lib/api/rpc-error';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, PARTNER_ID, renderRoutes, rpcError, serve, shipmentRow } from '../fbs-test-utils';
import { downloadShipmentErrorFile, uploadShipmentFile } from '../api/fbs-rest';
import { ShipmentListScreen } from './shipment-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
vi.mock('../api/fbs-rest', async (orig) => ({
  ...(await orig()),
  uploadShipmentFile: vi.fn(),
  downloadShipmentErrorFile: vi.fn(),
}));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const renderList = (path = '/fbs/shipments') =>
  renderRoutes(
    [
      { path: '/fbs/shipments', element: <ShipmentListScreen partnerId={PARTNER_ID} /> },
      { path: '/fbs/shipments/:id', element: <p>card</p> },
    ],
    path,
  );
const page = (items: ReturnType<typeof shipmentRow>[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

beforeEach(() => {
  call.mockReset();
  vi.mocked(uploadShipmentFile).mockReset();
  vi.mocked(downloadShipmentErrorFile).mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});

describe('FBS shipments list', () => {
  it('shows each shipment with its number, hand-over, pallets, packs, items and status', async () => {
    serve(call, {
      'v1.shipments.list': () =>
        page([
          shipmentRow(),
          shipmentRow({
            id: '11111111-0000-4000-8000-000000000002',
            shipmentId: 'FBS10002-000041',
            status: 'closed',
          }),
        ]),
    });
    renderList();
    const link = await screen.findByRole('link', { name: 'FBS10002-000042' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(/^01\.12\.26/)).toBeInTheDocument();
    expect(within(row).getByText('23')).toBeInTheDocument();
    expect(within(row).getByText('31')).toBeInTheDocument();
    expect(within(row).getByText('Ожидает подтверждения')).toBeInTheDocument();
    expect(screen.getByText('Закрыта')).toBeInTheDocument();
    expect(link.getAttribute('href')).toBe('/fbs/shipments/11111111-0000-4000-8000-000000000001');
  });

  it('reads status, search, dates, sort and page from the URL and sends them; a sort click goes back', async () => {
    serve(call, { 'v1.shipments.list': () => page([shipmentRow()]) });
    const { user, search } = renderList(
      '/fbs/shipments?status=sent,closed&search=1234&shippedFrom=2026-11-01&shippedTo=2026-11-30&sort=items&page=2',
    );
    await waitFor(() => expect(callsOf(call, 'v1.shipments.list').length).toBeGreaterThan(0));
    expect(callsOf(call, 'v1.shipments.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      status: ['sent', 'closed'],
      search: '1234',
      shippedFrom: '2026-11-01',
      shippedTo: '2026-11-30',
      sort: 'items',
      page: 2,
      pageSize: 20,
    });
    await user.click(
      (await screen.findAllByText('Дата передачи', { selector: '.ant-table-column-title' }))[0]!,
    );
    await waitFor(() => expect(search().get('sort')).toBe('shipped_at'));
  });

  it('shows the empty state', async () => {
    serve(call, { 'v1.shipments.list': () => page([]) });
    renderList();
    expect(await screen.findByText('Отгрузок пока нет')).toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    serve(call, {
      'v1.shipments.list': () => {
        throw rpcError('v1.shipments.list', 'boom', [], 50500);
      },
    });
    renderList('/fbs/shipments?status=new');
    expect(await screen.findByText('Не удалось загрузить отгрузки')).toBeInTheDocument();
  });

  describe('the shipment file', () => {
    const xlsx = (name = 'plan.xlsx', size?: number) => {
      const f = new File(['x'], name);
      if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    const input = (dialog: HTMLElement) => dialog.querySelector('input[type=file]') as HTMLInputElement;

    it('describes the format, sends the file with progress, tells the result and reads the list again', async () => {
      serve(call, { 'v1.shipments.list': () => page([shipmentRow()]) });
      const upload = vi.mocked(uploadShipmentFile);
      upload.mockImplementationOnce(async (_p, _f, onProgress) => {
        onProgress?.({ loaded: 1, total: 2, percent: 50 });
        await Promise.resolve();
        return { fileId: '22222222-0000-4000-8000-000000000001', shipmentId: shipmentRow().id, orders: 2 };
      });
      const { user, search } = renderList();
      await user.click(await screen.findByRole('button', { name: /Загрузить файл отгрузки/ }));
      await waitFor(() => expect(search().get('action')).toBe('upload'));
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText('Первая строка — заголовки «Номер заказа» и «Номер паллеты».'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('XLSX, не больше 5 МБ и 5000 строк.')).toBeInTheDocument();
      const before = callsOf(call, 'v1.shipments.list').length;
      await user.upload(input(dialog), xlsx());
      expect(await within(dialog).findByText('Заказов разложено по паллетам: 2')).toBeInTheDocument();
      expect(upload).toHaveBeenCalledWith(PARTNER_ID, expect.any(File), expect.any(Function));
      await waitFor(() => expect(callsOf(call, 'v1.shipments.list').length).toBeGreaterThan(before));
      expect(within(dialog).getByRole('link', { name: 'Открыть отгрузку' })).toHaveAttribute(
        'href',
        `/fbs/shipments/${shipmentRow().id}`,
      );
    });

    it('a refused file shows its rows and gives its error file; nothing is said saved', async () => {
      serve(call, { 'v1.shipments.list': () => page([shipmentRow()]) });
      const errors = [
        { field: 'row.3', message: 'Номер заказа: Заказ не найден' },
        ...Array.from({ length: 6 }, (_, i) => ({
          field: `row.${i + 4}`,
          message: 'Номер паллеты: Номер паллеты — целое число от 1 до 99',
        })),
      ];
      vi.mocked(uploadShipmentFile).mockRejectedValueOnce(
        new RpcError({
          method: 'POST /api/v1/import/shipments_ac',
          request: undefined,
          response: {
            fileId: '22222222-0000-4000-8000-000000000009',
            message: 'В файле отгрузки есть ошибки: 7. Исправьте их и загрузите файл снова',
            errors,
          },
          apiMessage: undefined,
          code: undefined,
          status: 400,
        }),
      );
      vi.mocked(downloadShipmentErrorFile).mockResolvedValueOnce('plan_error.csv');
      const { user } = renderList('/fbs/shipments?action=upload');
      const dialog = await screen.findByRole('dialog');
      await user.upload(input(dialog), xlsx());
      expect(await within(dialog).findByText('Файл не принят, ничего не сохранено')).toBeInTheDocument();
      expect(within(dialog).getByText(/В файле отгрузки есть ошибки: 7/)).toBeInTheDocument();
      expect(within(dialog).getByText('Строка 3 — Номер заказа: Заказ не найден')).toBeInTheDocument();
      expect(within(dialog).getByText('И ещё ошибок: 2')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: /Скачать файл ошибок/ }));
      expect(downloadShipmentErrorFile).toHaveBeenCalledWith(
        '22222222-0000-4000-8000-000000000009',
        'plan.xlsx',
      );
    });

    it('stops a file over 5 MB on its field before sending it', async () => {
      serve(call, { 'v1.shipments.list': () => page([shipmentRow()]) });
      const { user } = renderList('/fbs/shipments?action=upload');
      const dialog = await screen.findByRole('dialog');
      await user.upload(input(dialog), xlsx('plan.xlsx', 5 * 1024 * 1024 + 1));
      expect(
        await within(dialog).findByText('Файл больше 5 МБ — загрузите файл поменьше'),
      ).toBeInTheDocument();
      expect(uploadShipmentFile).not.toHaveBeenCalled();
    });
  });
});
