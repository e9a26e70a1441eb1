// The supply card through the UI with the RPC client mocked: details, totals and the status history; the
// actions the server lists (and only those); cancelling as a request; a move to another warehouse in a
// dialog kept in the URL; the boxes with a one-click dispute of a short box; a missing supply.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, choose, PARTNER_ID, renderRoutes, rpcError, serve, supplyCard } from '../fbo-test-utils';
import { ShipmentCardScreen } from './shipment-card-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const ID = '44444444-0000-4000-8000-000000000001';
const renderCard = (path = `/fbo/shipments/${ID}`) =>
  renderRoutes(
    [{ path: '/fbo/shipments/:id', element: <ShipmentCardScreen partnerId={PARTNER_ID} id={ID} /> }],
    path,
  );
const items = {
  items: [
    {
      sellerSku: 'NW-1',
      modaSku: 'MD10001000001',
      ean: '4600000000017',
      title: 'Футболка базовая',
      price: 1990,
      declared: 10,
      received: 8,
      surplus: 0,
      missing: 2,
      damaged: 0,
      lacksMarking: true,
    },
  ],
  total: 1,
};

beforeEach(() => {
  call.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});

describe('FBO supply card', () => {
  it('shows the details, totals, items with the marking flag and the history', async () => {
    serve(call, {
      'v1.fulfilment-shipments.get': () =>
        supplyCard({ id: ID, number: 'FBO-10001-000009', plannedDate: '2026-12-03' }),
      'v1.fulfilment-shipments.items': () => items,
    });
    const { user } = renderCard();
    expect(await screen.findByRole('heading', { name: 'Поставка № FBO-10001-000009' })).toBeInTheDocument();
    expect(screen.getByText('03.12.26')).toBeInTheDocument();
    expect(screen.getByText('seller@moda.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'supply_1.xlsx' })).toBeInTheDocument();
    expect(await screen.findByText('NW-1')).toBeInTheDocument();
    expect(screen.getByText('Без маркировки: не продаётся с 01.08.25')).toBeInTheDocument();
    expect(screen.getByText(/^1\s990\s₽$/)).toBeInTheDocument();
    // Only the seller's moves the server lists: no «Отправить на проверку» for a supply ready for shipment.
    expect(screen.getByRole('button', { name: 'Запросить отмену' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перенести на другой склад' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить на проверку' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'История статусов' }));
    const history = await screen.findByRole('tabpanel');
    expect(within(history).getAllByText('Склад маркетплейса')).toHaveLength(1);
  });

  it('asks to cancel after a confirmation, and moves to another warehouse in a dialog kept in the URL', async () => {
    let card = supplyCard({ id: ID });
    serve(call, {
      'v1.fulfilment-shipments.get': () => card,
      'v1.fulfilment-shipments.items': () => items,
      'v1.fulfilment-shipments.cancel': () => (card = { ...card, status: 'cancelPending', actions: [] }),
      'v1.fulfilment-shipments.slots': () => ({
        warehouseCode: 'Chekhov',
        days: [{ date: '2026-12-05', capacity: 10, booked: 1, bookable: true, waitlist: 0 }],
      }),
      'v1.fulfilment-shipments.change-warehouse': () => {
        throw rpcError('v1.fulfilment-shipments.change-warehouse', 'Проверьте', [
          {
            field: 'plannedDate',
            message: 'Слот бронируют, переносят и отменяют не позднее чем за 24 часа до его начала',
          },
        ]);
      },
    });
    const { user, search } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Перенести на другой склад' }));
    await waitFor(() => expect(search().get('dialog')).toBe('changeWarehouse'));
    const dialog = await screen.findByRole('dialog');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Склад маркетплейса' }), 'Чехов');
    await choose(
      user,
      within(dialog).getByRole('combobox', { name: 'День поставки' }),
      '05.12.26 — свободно 9 из 10',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText(
        'Слот бронируют, переносят и отменяют не позднее чем за 24 часа до его начала',
      ),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.fulfilment-shipments.change-warehouse')[0]).toEqual({
      partnerId: PARTNER_ID,
      id: ID,
      warehouseCode: 'Chekhov',
      plannedDate: '2026-12-05',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(search().get('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Запросить отмену' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Запросить отмену' }));
    expect(await screen.findByText('Ожидает отмены')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Запросить отмену' })).toBeNull();
  });

  it('a short box of an accepted supply is disputed in one click', async () => {
    let card = supplyCard({
      id: ID,
      status: 'closed',
      actions: [],
      hasAcceptanceReport: true,
      boxes: [
        {
          box: 'К-01',
          declared: 10,
          received: 8,
          items: [{ sellerSku: 'NW-1', declared: 10, received: 8 }],
          dispute: null,
        },
        {
          box: 'К-02',
          declared: 5,
          received: 5,
          items: [{ sellerSku: 'NW-2', declared: 5, received: 5 }],
          dispute: null,
        },
      ],
    });
    serve(call, {
      'v1.fulfilment-shipments.get': () => card,
      'v1.fulfilment-shipments.items': () => items,
      'v1.fulfilment-shipments.dispute': (p) => {
        card = {
          ...card,
          boxes: card.boxes.map((b) =>
            b.box === p.box
              ? {
                  ...b,
                  dispute: {
                    id: '55555555-0000-4000-8000-000000000001',
                    status: 'open' as const,
                    comment: null,
                    answer: null,
                    createdAt: '2026-11-21T10:00:00.000Z',
                  },
                }
              : b,
          ),
        };
        return card;
      },
    });
    const { user } = renderCard(`/fbo/shipments/${ID}?tab=boxes`);
    const disputes = await screen.findAllByRole('button', { name: 'Оспорить недостачу' });
    expect(disputes).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Скачать акт приёмки' })).toBeInTheDocument();
    await user.click(disputes[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Комментарий для склада'), 'Короб был полным');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить на склад' }));
    expect(await screen.findByText('На рассмотрении')).toBeInTheDocument();
    expect(callsOf(call, 'v1.fulfilment-shipments.dispute')[0]).toEqual({
      partnerId: PARTNER_ID,
      id: ID,
      box: 'К-01',
      comment: 'Короб был полным',
    });
  });

  it('a missing supply says so, with the way back', async () => {
    call.mockRejectedValue(rpcError('v1.fulfilment-shipments.get', 'Поставка не найдена', [], 50404));
    renderCard();
    expect(await screen.findByText('Поставка не найдена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Все поставки/ })).toHaveAttribute('href', '/fbo/shipments');
  });
});
