// The order card through the UI with the RPC client mocked: what it shows, the actions the server allows,
// the irreversible cancel asked for and confirmed first (whole order and selected items), server errors as
// Russian messages, a missing order, and the read-only cabinet without actions.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { OrderCard } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  callsOf,
  orderCard,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  type Handlers,
} from '../orders-test-utils';
import { OrderCardScreen } from './order-card-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;
const readOnly = vi.mocked(useReadOnly);

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

const NR = 'MD-700001';

function setup(card: OrderCard, over: Handlers = {}) {
  serve(call, { 'v1.orders.get': () => card, ...over });
  return renderRoutes(
    [{ path: '/orders/:id', element: <OrderCardScreen partnerId={PARTNER_ID} orderNr={NR} /> }],
    `/orders/${NR}`,
  );
}

const findDialog = async (title: string) =>
  (await screen.findAllByText(title))[0]!.closest('.ant-modal') as HTMLElement;

beforeEach(() => {
  call.mockReset();
  rest.mockReset();
  readOnly.mockReturnValue({ readOnly: false, needsSignature: false, status: null, error: null });
});

afterEach(() => vi.restoreAllMocks());

describe('order card', () => {
  it('shows the order, delivery, payment, items and discrepancy acts', async () => {
    const { user } = setup(
      orderCard({
        orderNr: NR,
        sum: 12990,
        isOverdue: true,
        trackingNumbers: ['RA123456789RU'],
        discrepancyActs: [
          {
            id: '1',
            reason: 'Недовложение',
            comment: 'Не хватает одной рубашки',
            files: [
              { name: 'photo.jpg', url: '/rest/api/v1/files/1' },
              { name: 'act.pdf', url: 'https://moda.ru/acts/1.pdf' },
            ],
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: `Заказ № ${NR}`, level: 1 })).toBeInTheDocument();
    expect((await screen.findAllByText(/^12\s990\s₽$/)).length).toBeGreaterThan(0);
    expect(screen.getByText(/· Просрочен$/)).toBeInTheDocument();
    expect(screen.getByText('RA123456789RU')).toBeInTheDocument();
    expect(screen.getByText('Call an hour before delivery')).toBeInTheDocument();
    expect(screen.getByText('Moscow, Tverskaya 1, flat 5')).toBeInTheDocument();
    expect(screen.getByText('Наложенный платёж')).toBeInTheDocument();
    expect(screen.getByText(/^11\s500\s₽$/)).toBeInTheDocument();
    expect(screen.getByText('Linen dress')).toBeInTheDocument();
    expect(screen.getByText(/^6\s990\s₽$/)).toBeInTheDocument();
    expect(screen.getByText('Недовложение')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'act.pdf' })).toHaveAttribute(
      'href',
      'https://moda.ru/acts/1.pdf',
    );
    // Our own file goes through the client, so the token is sent.
    rest.mockResolvedValue(new Response(new Blob(['jpg']), { headers: {} }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:act'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'photo.jpg' }));
    await waitFor(() => expect(rest).toHaveBeenCalledWith('/api/v1/files/1', undefined));
    for (const name of ['Заказ собран', 'Подтвердить', 'Отклонить', 'Отменить заказ'])
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
  });

  it('shows only the actions the server allows', async () => {
    setup(orderCard({ orderNr: NR, status: 'confirmed', actions: ['collect', 'cancel'] }));
    expect(await screen.findByRole('button', { name: /Заказ собран/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Подтвердить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отклонить/ })).not.toBeInTheDocument();
  });

  it('collects the order: it moves to awaiting shipment and offers shipment preparation', async () => {
    const before = orderCard({ orderNr: NR, status: 'confirmed', actions: ['collect', 'cancel'] });
    const { user } = setup(before, {
      'v1.orders.collect': () => ({ ...before, status: 'awaiting_shipment', actions: ['cancel'] }),
    });
    await user.click(await screen.findByRole('button', { name: /Заказ собран/ }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.collect')[0]).toEqual({ partnerId: PARTNER_ID, orderNr: NR }),
    );
    expect(await screen.findByText('Заказ собран и ожидает отгрузки')).toBeInTheDocument();
    expect(screen.getAllByText('Ожидает отгрузки').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Подготовить к отгрузке' })[0]).toHaveAttribute(
      'href',
      `/orders/${NR}/shipment-preparation`,
    );
  });

  it('cancels the whole order only after a reason is chosen and the irreversibility acknowledged', async () => {
    const card = orderCard({ orderNr: NR });
    const { user } = setup(card, {
      'v1.orders.cancel': () => ({ ...card, status: 'cancelled', actions: [] }),
    });
    await user.click(await screen.findByRole('button', { name: /Отменить заказ/ }));
    const dialog = await findDialog(`Отмена заказа № ${NR}`);
    expect(within(dialog).getByText('Отмену нельзя будет вернуть.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Отменить безвозвратно' }));
    expect(await within(dialog).findByText('Выберите причину отмены')).toBeInTheDocument();
    expect(within(dialog).getByText('Подтвердите, что понимаете последствия')).toBeInTheDocument();
    expect(callsOf(call, 'v1.orders.cancel')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /Отказ покупателя/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Отменить безвозвратно' }));
    await waitFor(() =>
      expect(within(dialog).queryByText('Выберите причину отмены')).not.toBeInTheDocument(),
    );
    expect(callsOf(call, 'v1.orders.cancel')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Понимаю, что это действие необратимо' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отменить безвозвратно' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.cancel')[0]).toEqual({
        partnerId: PARTNER_ID,
        orderNr: NR,
        action: 'REJECT',
      }),
    );
    expect(await screen.findByText('Заказ отменён')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Отменить заказ/ })).not.toBeInTheDocument(),
    );
  });

  it('cancels the selected items with the chosen reason', async () => {
    const card = orderCard({ orderNr: NR, status: 'awaiting_shipment', actions: ['cancel'] });
    const { user } = setup(card, {
      'v1.orders.item-cancel': () => ({
        ...card,
        items: card.items.map((i) =>
          i.id === '502' ? { ...i, status: 'cancelled' as const, cancelAction: 'CANCEL' as const } : i,
        ),
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Cotton shirt' }));
    // Ant Design's own name for it is English: the screen gives a Russian one.
    expect(screen.getByRole('checkbox', { name: 'Выбрать все товары заказа' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Отменить выбранные товары \(1\)/ }));
    const dialog = await findDialog(`Отмена товаров заказа № ${NR}`);
    expect(within(dialog).getByText('Будет отменено товаров: 1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Отмена продавцом/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Понимаю, что это действие необратимо' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отменить безвозвратно' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.item-cancel')[0]).toEqual({
        partnerId: PARTNER_ID,
        orderNr: NR,
        itemIds: ['502'],
        action: 'CANCEL',
      }),
    );
    expect(await screen.findByText('Отменено товаров: 1')).toBeInTheDocument();
    // The cancelled item can no longer be chosen.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Cotton shirt' })).toBeDisabled());
  });

  it('shows the server’s Russian message when an item cancel is refused', async () => {
    const card = orderCard({ orderNr: NR, status: 'confirmed', actions: ['cancel'] });
    const { user } = setup(card, {
      'v1.orders.item-cancel': () => {
        throw rpcError(
          'v1.orders.item-cancel',
          'Выбранные товары находятся в разных статусах: отмените их по отдельности',
        );
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Linen dress' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cotton shirt' }));
    await user.click(screen.getByRole('button', { name: /Отменить выбранные товары \(2\)/ }));
    const dialog = await findDialog(`Отмена товаров заказа № ${NR}`);
    await user.click(within(dialog).getByRole('radio', { name: /Претензия/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Понимаю, что это действие необратимо' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отменить безвозвратно' }));
    expect(await screen.findByText('Не удалось выполнить действие')).toBeInTheDocument();
    expect(
      screen.getByText('Выбранные товары находятся в разных статусах: отмените их по отдельности'),
    ).toBeInTheDocument();
  });

  it('rejects a new order after confirming, and reports a status the order cannot move to', async () => {
    const card = orderCard({ orderNr: NR });
    const { user } = setup(card, {
      'v1.orders.confirmation': () => {
        throw rpcError('v1.orders.confirmation', 'Невозможно перевести заказ в статус «Отменён»');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = await findDialog(`Отклонить заказ № ${NR}?`);
    expect(within(dialog).getByText('Заказ будет отменён. Это действие необратимо.')).toBeInTheDocument();
    expect(callsOf(call, 'v1.orders.confirmation')).toHaveLength(0);
    await user.click(within(dialog).getAllByRole('button', { name: 'Отклонить' }).at(-1)!);
    await waitFor(() =>
      expect(callsOf(call, 'v1.orders.confirmation')[0]).toEqual({
        partnerId: PARTNER_ID,
        orderNr: NR,
        action: 'reject',
      }),
    );
    expect(await screen.findByText('Невозможно перевести заказ в статус «Отменён»')).toBeInTheDocument();
  });

  it('says the order was not found', async () => {
    serve(call, {
      'v1.orders.get': () => {
        throw rpcError('v1.orders.get', 'Заказ не найден', [], 50404);
      },
    });
    renderRoutes(
      [{ path: '/orders/:id', element: <OrderCardScreen partnerId={PARTNER_ID} orderNr="nope" /> }],
      '/orders/nope',
    );
    expect(await screen.findByText('Заказ не найден')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все заказы' })).toHaveAttribute('href', '/orders');
  });

  it('shows no actions in a read-only cabinet', async () => {
    readOnly.mockReturnValue({ readOnly: true, needsSignature: false, status: null, error: null });
    setup(orderCard({ orderNr: NR, status: 'awaiting_shipment', actions: ['cancel'] }));
    expect(await screen.findByText(/только для просмотра/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отменить заказ/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Подготовить к отгрузке' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Linen dress' })).not.toBeInTheDocument();
  });
});
