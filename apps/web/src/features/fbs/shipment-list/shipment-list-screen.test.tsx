// The shipments list through the UI with the RPC client mocked: rows with the spec's columns, filters and
// sort read from the URL and sent, a change written back, and the empty and error states.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, PARTNER_ID, renderRoutes, rpcError, serve, shipmentRow } from '../fbs-test-utils';
import { ShipmentListScreen } from './shipment-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
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
});
