// The action inbox through the UI with the RPC client mocked: each item with its count, its deadline in Moscow
// time and its link; the strikes against the block; the empty, loading, error and incomplete states.
import { describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import type { InboxItem } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { ActionInbox } from './action-inbox';
import { deadlineText } from './deadline';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

// Wednesday 25.11.2026, 12:00 in Moscow.
const NOW = new Date('2026-11-25T09:00:00Z');
const item = (over: Partial<InboxItem>): InboxItem => ({
  kind: 'orders_to_collect',
  count: 1,
  deadline: null,
  overdue: false,
  link: '/orders',
  limit: null,
  ...over,
});
const render = () => renderRoutes([{ path: '/', element: <ActionInbox partnerId={10002} now={NOW} /> }], '/');

describe('action inbox', () => {
  it('lists each item with its count, deadline and link', async () => {
    serve(call, {
      'v1.inbox.list': () => ({
        incomplete: false,
        items: [
          item({
            kind: 'orders_overdue',
            count: 3,
            deadline: '2026-11-24T08:00:00Z',
            overdue: true,
            link: '/orders?tab=overdue',
          }),
          item({
            kind: 'fbs_shipments_today',
            count: 2,
            deadline: '2026-11-25T11:00:00Z',
            link: '/fbs/shipments?status=new,confirmed',
          }),
          item({
            kind: 'promotions_registration_ending',
            count: 1,
            deadline: '2026-11-27T09:00:00Z',
            link: '/promotions?filter=available',
          }),
          item({
            kind: 'feedback_rejected',
            count: 4,
            link: '/questions?type=review&status=rejected',
            limit: { used: 2, max: 3 },
          }),
        ],
      }),
    });
    render();
    const overdue = (await screen.findByText('Просроченные заказы')).closest('a')!;
    expect(overdue).toHaveAttribute('href', '/orders?tab=overdue');
    expect(within(overdue).getByText('3')).toBeInTheDocument();
    expect(within(overdue).getByText('Просрочено')).toBeInTheDocument();
    expect(within(overdue).getByText('срок истёк 24.11.26')).toBeInTheDocument();
    const today = screen.getByText('Отгрузки FBS на сегодня').closest('a')!;
    expect(today).toHaveAttribute('href', '/fbs/shipments?status=new,confirmed');
    expect(within(today).getByText('сегодня до 14:00')).toBeInTheDocument();
    const promo = screen.getByText('Заканчивается регистрация в акциях').closest('a')!;
    expect(within(promo).getByText('до 27.11.26')).toBeInTheDocument();
    const rejected = screen.getByText('Отклонённые ответы покупателям').closest('a')!;
    expect(within(rejected).getByText('Страйков: 2 из 3, на 3-м ответы блокируются')).toBeInTheDocument();
    expect(callsOf(call, 'v1.inbox.list')).toEqual([{ partnerId: 10002 }]);
  });

  it('says there is nothing urgent when the list is empty', async () => {
    serve(call, { 'v1.inbox.list': () => ({ incomplete: false, items: [] }) });
    render();
    expect(await screen.findByText('Срочных дел нет')).toBeInTheDocument();
  });

  it('shows the loading state, then an error when the call fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    call.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    render();
    expect(
      document.querySelector('.action-inbox .ant-card-loading-content, .action-inbox .ant-skeleton'),
    ).not.toBeNull();
    fail(new Error('down'));
    expect(await screen.findByText('Не удалось загрузить срочные дела')).toBeInTheDocument();
  });

  it('warns when some area did not answer', async () => {
    serve(call, { 'v1.inbox.list': () => ({ incomplete: true, items: [item({ count: 5 })] }) });
    render();
    expect(
      await screen.findByText('Не все разделы ответили — список может быть неполным'),
    ).toBeInTheDocument();
    expect(screen.getByText('Собрать заказы до отсечки')).toBeInTheDocument();
  });
});

describe('deadline text', () => {
  it('reads the Moscow day: today before midnight Moscow, another day after it', () => {
    expect(deadlineText('2026-11-25T20:59:00Z', false, NOW)).toBe('сегодня до 23:59');
    expect(deadlineText('2026-11-25T21:00:00Z', false, NOW)).toBe('до 26.11.26');
  });
});
