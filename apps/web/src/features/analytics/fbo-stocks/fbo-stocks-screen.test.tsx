// FBO stocks through the UI with the RPC client mocked: the FBO area's forecast rows, groups by category (named)
// and brand, and an honest note for a seller without FBO instead of an error.
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen } from '@testing-library/react';
import type { FboStockRow } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { FakeChart, PARTNER_ID, renderRoutes, rpcError, serve } from '../analytics-test-utils';
import { FboStocksScreen } from './fbo-stocks-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../components/chart', () => ({ Chart: FakeChart }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const ROW: FboStockRow = {
  sellerSku: 'NW-17-41',
  modaSku: 'MD10001000017',
  title: 'Кроссовки беговые',
  brand: 'Calvin Klein',
  category: 'footwear',
  warehouseCode: 'Sofino',
  onHand: 5,
  reserved: 0,
  inTransit: 0,
  sales7: 2,
  daysOfStock: 18,
  daysBucket: 'greater_7_days',
  recommended: 3,
  syncStatus: 'ok',
  lacksMarking: false,
};
const group = {
  name: 'footwear',
  onHand: 5,
  inTransit: 0,
  sales7: 2,
  recommended: 3,
  outOfStock: 0,
  stale: 1,
};

const open = () =>
  renderRoutes(
    [{ path: '/analytics/fbo-stocks', element: <FboStocksScreen partnerId={PARTNER_ID} /> }],
    '/analytics/fbo-stocks',
  );

afterEach(() => call.mockReset());

describe('FBO stocks', () => {
  it('shows the stock rows with the recommended shipment, by category and by brand', async () => {
    serve(call, {
      'v1.analytics.recommended-shipment.get': () => ({
        items: [ROW],
        total: 1,
        totals: { onHand: 5, inTransit: 0, recommended: 3, lacksMarking: 0 },
      }),
      'v1.analytics.recommended-shipment.categories': () => ({ items: [group] }),
      'v1.analytics.recommended-shipment.brands': () => ({ items: [{ ...group, name: 'Calvin Klein' }] }),
    });
    open();
    expect(await screen.findByText('NW-17-41')).toBeTruthy();
    expect(screen.getByText('Софьино')).toBeTruthy();
    expect((await screen.findAllByTestId('series')).map((s) => s.textContent)).toContain(
      'Рекомендуем поставить, шт.: [3]',
    );
    expect(screen.getAllByText('Calvin Klein').length).toBeGreaterThan(0);
  });

  it('says a seller without FBO has no FBO stock', async () => {
    const refuse = () => {
      throw rpcError('v1.analytics.recommended-shipment.get', 'Только для FBO', [], 50403);
    };
    serve(call, {
      'v1.analytics.recommended-shipment.get': refuse,
      'v1.analytics.recommended-shipment.categories': refuse,
      'v1.analytics.recommended-shipment.brands': refuse,
    });
    open();
    expect(
      await screen.findByText('Остатки FBO есть только у продавцов, работающих по модели FBO (consignment).'),
    ).toBeTruthy();
  });
});
