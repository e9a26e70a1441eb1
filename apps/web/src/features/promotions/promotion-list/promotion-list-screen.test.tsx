// The promotions list through the UI with the RPC client mocked: the filters with their counts sent and kept
// in the URL, rows with the seller's status, and the calendar view with a bar per promotion.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { callsOf, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { PARTNER_ID, promotionRow } from '../promotions-test-utils';
import { PromotionListScreen } from './promotion-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const rows = [
  promotionRow(),
  promotionRow({
    id: '8',
    name: 'Чёрная пятница',
    state: 'active',
    sellerStatus: 'myActive',
    productsCount: 3,
  }),
];
beforeEach(() => {
  call.mockReset();
  serve(call, {
    'v1.promotions.filter.list': () => [
      { value: 'all', label: 'Все', count: 2 },
      { value: 'active', label: 'Активные', count: 1 },
      { value: 'finished', label: 'Завершённые', count: 0 },
      { value: 'available', label: 'Доступные', count: 1 },
    ],
    'v1.promotions.list': (p) => {
      const items = p.filter === 'active' ? rows.slice(1) : rows;
      return { items, total: items.length };
    },
    'v2.promotions.list': () => ({ items: rows }),
    'v1.promotions.files.list': () => ({ items: [] }),
  });
});
const render = (path = '/promotions') =>
  renderRoutes([{ path: '/promotions', element: <PromotionListScreen partnerId={PARTNER_ID} /> }], path);

describe('promotions list', () => {
  it('shows the promotions with the seller’s status and filters by the tab, kept in the URL', async () => {
    const { user, search } = render();
    expect(await screen.findByRole('link', { name: 'Spring Sale' })).toHaveAttribute('href', '/promotions/7');
    expect(screen.getByText('Доступна')).toBeInTheDocument();
    expect(screen.getAllByText('до 20.03.26 12:00 МСК')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Активные · 1' }));
    await waitFor(() => expect(search().get('filter')).toBe('active'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Spring Sale' })).not.toBeInTheDocument());
    expect(callsOf(call, 'v1.promotions.list').at(-1)).toMatchObject({
      partnerId: PARTNER_ID,
      filter: 'active',
    });
  });

  it('draws the calendar of the month in the URL with a bar per promotion', async () => {
    render('/promotions?view=calendar&month=2026-03');
    expect(await screen.findByRole('heading', { name: /март 2026/i })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.promotions__bar')).toHaveLength(2));
    expect(callsOf(call, 'v2.promotions.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      filter: 'all',
      from: '2026-03',
      to: '2026-03',
    });
  });
});
