// The return card through the UI with the RPC client mocked: the details and items, Confirm, booking one of
// the windows the warehouse offers, the files tab, a cancel request once picking started, and a missing return.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, choose, PARTNER_ID, renderRoutes, rpcError, serve } from '../fbo-test-utils';
import { returnCard } from '../returns/returns-test-utils';
import { ReturnCardScreen } from './return-card-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const ID = '44444444-0000-4000-8000-000000000001';
const renderCard = (path = `/fbo/returns/${ID}`) =>
  renderRoutes(
    [{ path: '/fbo/returns/:id', element: <ReturnCardScreen partnerId={PARTNER_ID} id={ID} /> }],
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

describe('FBO return card', () => {
  it('a new return shows its items and is confirmed with the Confirm button', async () => {
    const card = returnCard({ id: ID, returnId: 'VZ-10001-000005' });
    serve(call, {
      'v1.supplier-fulfilment-returns.get': () => card,
      'v1.supplier-fulfilment-returns.confirm': () => ({ ...card, status: 'confirmed', actions: ['cancel'] }),
    });
    const { user } = renderCard();
    expect(await screen.findByText('Возврат № VZ-10001-000005')).toBeInTheDocument();
    expect(screen.getByText(/только после этого склад начнёт его собирать/)).toBeInTheDocument();
    const row = screen.getByText('NW-1').closest('tr') as HTMLElement;
    expect(within(row).getByText('MD10001000001')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('На подтверждении')).toBeInTheDocument();
    expect(callsOf(call, 'v1.supplier-fulfilment-returns.confirm')[0]).toEqual({
      partnerId: PARTNER_ID,
      id: ID,
    });
    expect(screen.queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
  });

  it('books one of the offered windows; the dialog is in the URL', async () => {
    const slots = [
      { date: '2026-12-04', fromHour: 9, toHour: 12 },
      { date: '2026-12-05', fromHour: 14, toHour: 18 },
    ];
    const card = returnCard({ id: ID, status: 'sent', slots, actions: ['cancel', 'bookSlot'] });
    serve(call, {
      'v1.supplier-fulfilment-returns.get': () => card,
      'v1.supplier-fulfilment-returns.book-slot': () => ({
        ...card,
        slot: slots[1]!,
        returnAt: '2026-12-05',
      }),
    });
    const { user, search } = renderCard();
    expect(await screen.findByText(/Выберите окно, в которое заберёте возврат/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Выбрать окно вывоза' }));
    await waitFor(() => expect(search().get('dialog')).toBe('bookSlot'));
    const dialog = await screen.findByRole('dialog');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Окно' }), '05.12.26, 14:00–18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Забронировать' }));
    await waitFor(() => expect(search().get('dialog')).toBeNull());
    expect(callsOf(call, 'v1.supplier-fulfilment-returns.book-slot')[0]).toEqual({
      partnerId: PARTNER_ID,
      id: ID,
      date: '2026-12-05',
      fromHour: 14,
    });
    expect(await screen.findByText('05.12.26, 14:00–18:00')).toBeInTheDocument();
  });

  it('the files tab lists the warehouse’s documents; a return being picked asks the warehouse to cancel', async () => {
    const card = returnCard({
      id: ID,
      status: 'exported',
      actions: ['requestCancel'],
      files: [
        {
          id: '55555555-0000-4000-8000-000000000001',
          kind: 'picking',
          name: 'VZ-10001-000005_сборка.xlsx',
          warehouseCode: 'Bykovo',
          count: 3,
          status: 'exported',
          occurredAt: '2026-11-21T07:05:00.000Z',
        },
      ],
    });
    serve(call, {
      'v1.supplier-fulfilment-returns.get': () => card,
      'v1.supplier-fulfilment-returns.cancel': () => ({ ...card, cancelRequested: true, actions: [] }),
    });
    const { user, search } = renderCard(`/fbo/returns/${ID}?tab=files`);
    expect(await screen.findByRole('button', { name: 'VZ-10001-000005_сборка.xlsx' })).toBeInTheDocument();
    expect(screen.getByText('Лист сборки')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Детали' }));
    await waitFor(() => expect(search().get('tab')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Попросить склад отменить' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Попросить склад отменить' }));
    expect(
      await screen.findByText(/Запрос на отмену отправлен складу: возврат уже собирается/),
    ).toBeInTheDocument();
  });

  it('a missing return says so', async () => {
    serve(call, {
      'v1.supplier-fulfilment-returns.get': () => {
        throw rpcError('v1.supplier-fulfilment-returns.get', 'Возврат не найден', [], 50404);
      },
    });
    renderCard();
    expect(await screen.findByText('Возврат не найден')).toBeInTheDocument();
  });
});
