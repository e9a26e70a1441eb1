// A promotion's card through the UI with the RPC client mocked: conditions and the deadline, products that
// could join with promo price, margin and 28 days' sales, adding the chosen ones, the server's refusal of a
// product below its floor named by its SKU, and the floor price form validated by the contract.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { callsOf, rpcError, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { PARTNER_ID, productRow, promotionCard } from '../promotions-test-utils';
import { PromotionCardScreen } from './promotion-card-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let refuse = false;
beforeEach(() => {
  refuse = false;
  call.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
  serve(call, {
    'v1.promotions.get': () => promotionCard(),
    'v1.promotions.files.list': () => ({ items: [] }),
    'v1.promotions.products.list': (p) =>
      p.scope === 'candidates'
        ? { items: [productRow(), productRow({ id: '12', sellerSku: 'NW-12' })], total: 2 }
        : { items: [], total: 0 },
    'v1.promotions.products.add': () => {
      if (refuse)
        throw rpcError('v1.promotions.products.add', 'Товары не добавлены: исправьте ошибки', [
          { field: 'productIds.0', message: 'Цена по акции 800 ₽ ниже минимальной цены 900 ₽' },
        ]);
      return { changed: 2, productsCount: 2 };
    },
    'v1.promotions.cost-prices.set': () => ({ changed: 1 }),
    'v1.promotions.products.added': () => ({ items: [], total: 0 }),
    'v1.promotions.products.total': () => ({ total: 2, added: 0, candidates: 2 }),
    'v1.imports.list': () => ({ items: [], total: 0 }),
  });
});
const render = (path = '/promotions/7') =>
  renderRoutes(
    [{ path: '/promotions/:id', element: <PromotionCardScreen partnerId={PARTNER_ID} promotionId="7" /> }],
    path,
  );

describe('promotion card', () => {
  it('shows the conditions and the deadline at 12:00 Moscow', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Spring Sale' })).toBeInTheDocument();
    expect(screen.getByText('Регистрация заканчивается 20.03.26 в 12:00 по Москве')).toBeInTheDocument();
    expect(await screen.findByText('В акции пока нет ваших товаров')).toBeInTheDocument();
    // The tabs count the products through v1.promotions.products.total; those in it come from products.added.
    expect(await screen.findByRole('tab', { name: 'Добавить товары (2)' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.promotions.products.added')[0]).toMatchObject({ promotionId: '7', page: 1 });
  });

  it('adds the chosen products; a refusal names the SKU and the floor', async () => {
    const { user } = render('/promotions/7?tab=candidates');
    const row = (await screen.findByText('NW-11')).closest('tr')!;
    expect(within(row).getByText(/^800.₽$/)).toBeInTheDocument();
    expect(within(row).getByText(/^4 шт\. на 4.000.₽$/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать товар NW-11' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать товар NW-12' }));
    await user.click(screen.getByRole('button', { name: /Добавить выбранные/ }));
    expect(await screen.findByText('Товары добавлены в акцию: 2')).toBeInTheDocument();
    expect(callsOf(call, 'v1.promotions.products.add')[0]).toEqual({
      partnerId: PARTNER_ID,
      promotionId: '7',
      productIds: ['11', '12'],
    });
    refuse = true;
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать товар NW-11' }));
    await user.click(screen.getByRole('button', { name: /Добавить выбранные/ }));
    expect(
      await screen.findByText('NW-11: Цена по акции 800 ₽ ниже минимальной цены 900 ₽'),
    ).toBeInTheDocument();
  });

  it('refuses a floor below the cost on the field before sending', async () => {
    const { user } = render('/promotions/7?tab=candidates');
    await user.click(
      await screen.findByRole('button', { name: /Изменить себестоимость и минимальную цену NW-11/ }),
    );
    const dialog = await screen.findByRole('dialog');
    const floor = within(dialog).getByLabelText('Минимальная цена, ₽');
    await user.clear(floor);
    await user.type(floor, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Минимальная цена не может быть ниже себестоимости'),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.promotions.cost-prices.set')).toEqual([]);
    await user.clear(floor);
    await user.type(floor, '650');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.promotions.cost-prices.set')).toEqual([
        { partnerId: PARTNER_ID, items: [{ id: '11', costPrice: 400, floorPrice: 650 }] },
      ]),
    );
  });
});
