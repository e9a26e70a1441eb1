// Return boxes through the UI with the RPC client mocked: tabs with their counts, the tab and search in the
// URL and sent, the box's dimensions and status; the box card with its items and reasons.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { boxRow, callsOf, PARTNER_ID, renderRoutes, serve } from '../fbs-test-utils';
import { ReturnCardScreen } from '../return-card/return-card-screen';
import { ReturnListScreen } from './return-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  call.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});

describe('FBS return boxes', () => {
  it('shows the tabs with counts and the boxes of the tab in the URL; a tab click goes back to the URL', async () => {
    serve(call, {
      'v1.return-boxes.list': () => ({ items: [boxRow()], total: 1, page: 1, pageSize: 20 }),
      'v1.return-boxes.count': () => ({ all: 9, readyToReturn: 3, archive: 5 }),
    });
    const { user, search } = renderRoutes(
      [
        { path: '/fbs/returns', element: <ReturnListScreen partnerId={PARTNER_ID} /> },
        { path: '/fbs/returns/:id', element: <p>card</p> },
      ],
      '/fbs/returns?tab=readyToReturn&search=RB10002',
    );
    const row = (await screen.findByRole('link', { name: 'RB10002-000007' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('60 × 40 × 30')).toBeInTheDocument();
    expect(within(row).getByText('Готов к возврату')).toBeInTheDocument();
    expect(await screen.findByText('Готовы к возврату (3)')).toBeInTheDocument();
    expect(callsOf(call, 'v1.return-boxes.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      tab: 'readyToReturn',
      search: 'RB10002',
      page: 1,
      pageSize: 20,
    });
    await user.click(screen.getByText('Архив (5)'));
    await waitFor(() => expect(search().get('tab')).toBe('archive'));
  });

  it('shows a box’s items with SKU, Data Matrix, price, reason, date and order', async () => {
    serve(call, {
      'v1.return-boxes.get': () => ({
        ...boxRow({ status: 'shipped', shippedAt: '2026-11-20T10:00:00.000Z' }),
        createdAt: '2026-11-15T10:00:00.000Z',
        items: [
          {
            id: '1',
            image: null,
            sellerSku: 'NW-SHIRT-M',
            dataMatrix: '0104600000000001',
            price: 2490,
            itemName: 'Shirt',
            rejectType: 'claim',
            rejectedAt: '2026-11-18T10:00:00.000Z',
            orderNr: '700123',
          },
        ],
      }),
    });
    renderRoutes(
      [
        {
          path: '/fbs/returns/:id',
          element: <ReturnCardScreen partnerId={PARTNER_ID} id="33333333-0000-4000-8000-000000000001" />,
        },
      ],
      '/fbs/returns/33333333-0000-4000-8000-000000000001',
    );
    const row = (await screen.findByText('0104600000000001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Претензия')).toBeInTheDocument();
    expect(within(row).getByText('18.11.26')).toBeInTheDocument();
    expect(within(row).getByText(/^2\s490\s₽$/)).toBeInTheDocument();
    expect(screen.getByText('Короб возврата RB10002-000007')).toBeInTheDocument();
    expect(screen.getByText('20.11.26')).toBeInTheDocument();
  });
});
