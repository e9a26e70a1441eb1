// The reduced Excel page honours guard 3 itself: a dropshipping or FBS/DBS partner (say, after a partner
// switch on the page) lands on the normal Excel page; a consignment partner gets the reduced template only.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Partner } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useCurrentPartner } from '../../../lib/session/session';
import { FBS_PARTNER, SELLER_PARTNER } from '../../../test/fake-server';
import { renderRoutes, serve } from '../nomenclatures-test-utils';
import { ProductAddExcelPage } from '../product-add-excel/product-add-excel-page';
import { ProductAddExcelReducedPage } from './product-add-excel-reduced-page';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/session', () => ({ useCurrentPartner: vi.fn() }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: false, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;
const partner = vi.mocked(useCurrentPartner);

const DROPSHIP: Partner = { ...SELLER_PARTNER, partnerId: 10003, businessModel: 'dropshipping' };

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/nomenclatures/add/excel', element: <ProductAddExcelPage /> },
      { path: '/nomenclatures/add/excel/reduced', element: <ProductAddExcelReducedPage /> },
    ],
    path,
  );

beforeEach(() => {
  call.mockReset();
  serve(call, { 'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }) });
});

describe('reduced Excel page', { timeout: 30_000 }, () => {
  it.each([
    ['FBS', FBS_PARTNER],
    ['dropshipping', DROPSHIP],
  ])('sends a %s partner to the normal Excel page, which offers no reduced template', async (_, p) => {
    partner.mockReturnValue(p);
    const { router } = renderAt('/nomenclatures/add/excel/reduced');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures/add/excel'));
    expect(
      await screen.findByRole('heading', { name: 'Добавление товаров через Excel' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Полный/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Сокращённый/ })).toBeNull();
  });

  it('gives a consignment partner the reduced template', async () => {
    partner.mockReturnValue(SELLER_PARTNER);
    const { router } = renderAt('/nomenclatures/add/excel/reduced');
    expect(
      await screen.findByRole('heading', { name: 'Добавление через Excel: сокращённый шаблон' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nomenclatures/add/excel/reduced');
    expect(screen.getByText('Сокращённый')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
