// Shipment preparation through the UI with the API client mocked: the pack count checked in the form
// (1 up to the items still without a pack, Russian messages on the field), pack numbers issued through
// REST and listed, the label size and the PDF, and the server's label errors shown.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import type { OrderCard } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { RpcError } from '../../../lib/api/rpc-error';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { orderCard, PARTNER_ID, renderRoutes, serve } from '../orders-test-utils';
import { packsLeft, ShipmentPreparationScreen } from './shipment-preparation-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

const NR = 'MD-800001';
const PACK = (n: number) => ({
  barcode: `PACK${PARTNER_ID}-${String(n).padStart(6, '0')}`,
  createdAt: '2026-11-21T10:00:00.000Z',
});

function setup(card: OrderCard) {
  let current = card;
  serve(call, { 'v1.orders.get': () => current });
  const view = renderRoutes(
    [
      {
        path: '/orders/:id/shipment-preparation',
        element: <ShipmentPreparationScreen partnerId={PARTNER_ID} orderNr={NR} />,
      },
    ],
    `/orders/${NR}/shipment-preparation`,
  );
  return { ...view, setCard: (next: OrderCard) => (current = next) };
}

const quantity = () => screen.getByRole('spinbutton', { name: 'Количество мест' });
const submit = () => screen.getByRole('button', { name: /Получить номера мест/ });

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

describe('packsLeft', () => {
  it('is the items without a pack, never below zero', () => {
    expect(packsLeft({ itemCount: 3, packs: [] })).toBe(3);
    expect(packsLeft({ itemCount: 3, packs: [PACK(1)] })).toBe(2);
    expect(packsLeft({ itemCount: 1, packs: [PACK(1), PACK(2)] })).toBe(0);
  });
});

describe('shipment preparation', () => {
  it('checks the pack count in the form: required, at least 1, not more than the items', async () => {
    const { user } = setup(orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount: 2 }));
    await screen.findByText(
      'Получено мест: 0 из 2 — мест не бывает больше, чем товаров в заказе. Можно получить до 2 номеров.',
    );
    await user.click(submit());
    expect(await screen.findByText('Укажите количество мест')).toBeInTheDocument();
    await user.type(quantity(), '3');
    await user.click(submit());
    expect(await screen.findByText('Количество мест — от 1 до 2')).toBeInTheDocument();
    await user.clear(quantity());
    // Cleared, the field is required again: the range message goes away before the next value.
    await waitFor(() => expect(screen.queryByText('Количество мест — от 1 до 2')).not.toBeInTheDocument());
    await user.type(quantity(), '0');
    await user.click(submit());
    await waitFor(() => expect(screen.getByText('Количество мест — от 1 до 2')).toBeInTheDocument());
    expect(rest).not.toHaveBeenCalled();
  });

  it.each([
    [21, 'Можно получить до 21 номера.'],
    [60, 'За один раз можно получить до 50 номеров.'],
  ])('says how many numbers an order of %i items may still get', async (itemCount, left) => {
    setup(orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount }));
    await screen.findByText(
      `Получено мест: 0 из ${itemCount} — мест не бывает больше, чем товаров в заказе. ${left}`,
    );
  });

  it('counts the packs already issued against the items', async () => {
    const { user } = setup(
      orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount: 2, packs: [PACK(1)] }),
    );
    await screen.findByText(
      'Получено мест: 1 из 2 — мест не бывает больше, чем товаров в заказе. Можно получить ещё один номер.',
    );
    await user.type(quantity(), '2');
    await user.click(submit());
    expect(await screen.findByText('Количество мест — от 1 до 1')).toBeInTheDocument();
    expect(rest).not.toHaveBeenCalled();
  });

  it('issues pack numbers and lists their barcodes', async () => {
    const card = orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount: 2 });
    const { user, setCard } = setup(card);
    rest.mockImplementation(async () => {
      setCard({ ...card, packs: [PACK(7), PACK(8)] });
      return Response.json(
        { orderNr: NR, packBarcodes: [PACK(7).barcode, PACK(8).barcode] },
        { status: 201 },
      );
    });
    expect(await screen.findByText(/Номеров мест пока нет/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Печать этикеток/ })).toBeDisabled();
    await user.type(quantity(), '2');
    await user.click(submit());
    await waitFor(() => expect(rest).toHaveBeenCalledTimes(1));
    const [path, init] = rest.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(`/api/v1/orders/${NR}/pack-numbers`);
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body.get('packQuantity')).toBe('2');
    expect(body.get('partnerId')).toBe(String(PARTNER_ID));
    expect(await screen.findByText('Номера мест получены: 2')).toBeInTheDocument();
    expect(await screen.findByText(PACK(8).barcode)).toBeInTheDocument();
    expect(screen.getByText(/Номера мест получены для всех товаров заказа/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Печать этикеток/ })).toBeEnabled();
  });

  it('puts the server’s refusal of the count on the field', async () => {
    const { user } = setup(orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount: 2 }));
    rest.mockRejectedValue(
      new RpcError({
        method: 'POST /api/v1/orders/MD-800001/pack-numbers',
        request: undefined,
        response: {},
        status: 400,
        code: 50400,
        apiMessage: 'Количество грузомест должно быть от 1 до 1',
        data: { errors: [{ field: 'packQuantity', message: 'Количество грузомест должно быть от 1 до 1' }] },
      }),
    );
    await user.type(await screen.findByRole('spinbutton', { name: 'Количество мест' }), '2');
    await user.click(submit());
    expect(await screen.findByText('Количество грузомест должно быть от 1 до 1')).toBeInTheDocument();
  });

  it('prints the labels in the chosen size as a PDF', async () => {
    rest.mockResolvedValue(
      new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'content-disposition': `inline; filename="label_${NR}.pdf"` },
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:label'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = setup(
      orderCard({ orderNr: NR, status: 'awaiting_shipment', itemCount: 2, packs: [PACK(1), PACK(2)] }),
    );
    await user.click(await screen.findByRole('radio', { name: '100 × 80 мм' }));
    await user.click(screen.getByRole('button', { name: /Печать этикеток/ }));
    await waitFor(() => expect(rest).toHaveBeenCalledTimes(1));
    const path = String(rest.mock.calls[0]![0]);
    expect(path.startsWith('/api/v1/reports/label/stream?')).toBe(true);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      partnerId: String(PARTNER_ID),
      orderNr: NR,
      size: '100x80',
      multiPacks: 'true',
    });
    expect(await screen.findByText(`Этикетки сохранены: label_${NR}.pdf`)).toBeInTheDocument();
  });

  it('shows why labels could not be printed', async () => {
    rest.mockRejectedValue(
      new RpcError({
        method: 'GET /api/v1/reports/label/stream',
        request: undefined,
        response: {},
        status: 400,
        code: 50400,
        apiMessage: 'Не задан базовый склад: укажите его в разделе «Склады», чтобы печатать этикетки',
      }),
    );
    const { user } = setup(orderCard({ orderNr: NR, status: 'awaiting_shipment', packs: [PACK(1)] }));
    await user.click(await screen.findByRole('button', { name: /Печать этикеток/ }));
    expect(await screen.findByText('Не удалось напечатать этикетки')).toBeInTheDocument();
    expect(screen.getByText(/Не задан базовый склад/)).toBeInTheDocument();
  });

  it('a read-only cabinet issues no pack numbers', async () => {
    vi.mocked(useReadOnly).mockReturnValue({
      readOnly: true,
      needsSignature: false,
      status: null,
      error: null,
    });
    setup(orderCard({ orderNr: NR, status: 'awaiting_shipment' }));
    expect(await screen.findByText(/только для просмотра/)).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Количество мест' })).not.toBeInTheDocument();
  });
});
