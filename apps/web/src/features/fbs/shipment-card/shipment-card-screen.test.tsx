// The shipment card through the UI with the RPC client mocked: hand-over and totals, goods rows, pallets and
// the prints, confirm and cancel offered only as the server's actions allow, the tab in the URL, not found.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { downloadPalletLabels } from '../api/fbs-rest';
import { callsOf, PARTNER_ID, renderRoutes, rpcError, serve, shipmentCard } from '../fbs-test-utils';
import { ShipmentCardScreen } from './shipment-card-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
vi.mock('../api/fbs-rest', () => ({ downloadAct: vi.fn(), downloadPalletLabels: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const ID = '11111111-0000-4000-8000-000000000001';
const goods = {
  items: [
    {
      palletBarcode: 'PLT10002-000042-01',
      packBarcode: 'PACK10002-000101',
      sku: 'NW-SHIRT-M',
      unitload: 2,
      orderNr: '700123',
      orderStatus: 'Ожидает отгрузки',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};
const renderCard = (path = `/fbs/shipments/${ID}`) =>
  renderRoutes(
    [{ path: '/fbs/shipments/:id', element: <ShipmentCardScreen partnerId={PARTNER_ID} id={ID} /> }],
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

describe('FBS shipment card', () => {
  it('shows the hand-over, totals and goods; confirming sends the call and shows the new status', async () => {
    serve(call, {
      'v1.shipments.get': () => shipmentCard(),
      'v1.shipments.items': () => goods,
      'v1.shipments.confirm': () => shipmentCard({ status: 'confirmed', actions: ['requestCancel'] }),
    });
    const { user } = renderCard();
    expect(await screen.findByText('Отгрузка № FBS10002-000042')).toBeInTheDocument();
    expect(screen.getByText('Сдача в пункт приёма')).toBeInTheDocument();
    expect(screen.getByText('Грузомест')).toBeInTheDocument();
    const row = (await screen.findByText('PACK10002-000101')).closest('tr') as HTMLElement;
    expect(within(row).getByText('NW-SHIRT-M')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '700123' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Подтвердить отгрузку' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.shipments.confirm')).toEqual([{ partnerId: PARTNER_ID, id: ID }]),
    );
    expect(await screen.findByText('Подтверждена')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Запросить отмену' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подтвердить отгрузку' })).toBeNull();
  });

  it('offers no moves to a shipment that has gone, nor in read-only mode', async () => {
    serve(call, {
      'v1.shipments.get': () => shipmentCard({ status: 'sent', actions: [] }),
      'v1.shipments.items': () => goods,
    });
    renderCard();
    expect(await screen.findByText('Отгружена')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Подтвердить|Отменить|Запросить/ })).toBeNull();
  });

  it('shows pallets on the labels tab (kept in the URL) and prints their labels', async () => {
    serve(call, { 'v1.shipments.get': () => shipmentCard(), 'v1.shipments.items': () => goods });
    vi.mocked(downloadPalletLabels).mockResolvedValue('pallets_FBS10002-000042.pdf');
    const { user } = renderCard(`/fbs/shipments/${ID}?tab=labels`);
    expect(await screen.findByText('PLT10002-000042-02')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Этикетки паллет/ }));
    await waitFor(() => expect(downloadPalletLabels).toHaveBeenCalledWith(PARTNER_ID, ID));
    expect(await screen.findByText('Файл pallets_FBS10002-000042.pdf сохранён')).toBeInTheDocument();
  });

  it('says the shipment is not found', async () => {
    serve(call, {
      'v1.shipments.get': () => {
        throw rpcError('v1.shipments.get', 'Отгрузка не найдена', [], 50404);
      },
    });
    renderCard();
    expect(await screen.findByText('Отгрузка не найдена')).toBeInTheDocument();
  });
});
