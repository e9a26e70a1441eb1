// The products list through the UI: tabs with their counts, list state in the URL, bulk hiding with a
// per-product failure shown, the moderator's note hidden, and the empty state.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ProductRow } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  callsOf,
  PARTNER_ID,
  product,
  renderRoutes,
  serve,
  type Handlers,
} from '../nomenclatures-test-utils';
import { ProductListScreen } from './product-list-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
const readOnly = (on: boolean) =>
  vi.mocked(useReadOnly).mockReturnValue({ readOnly: on, needsSignature: false, status: null, error: null });

const COUNTS = {
  all: 12,
  online: 7,
  inactive: 2,
  out_of_stock: 1,
  moderation_pending: 1,
  need_action: 1,
  photoshoot_pending: 0,
  archive: 3,
};

function handlers(rows: ProductRow[]): Handlers {
  return {
    'v1.nomenclatures.list': (p) => ({ items: rows, total: rows.length, page: p.page, pageSize: p.pageSize }),
    'v1.nomenclatures.count-by-statuses': () => COUNTS,
    'v1.nomenclatures.metadata.brands': () => ({ items: [{ name: 'Nord Wind', count: 12 }] }),
    'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
  };
}

const renderList = (path = '/nomenclatures') =>
  renderRoutes([{ path: '/nomenclatures', element: <ProductListScreen partnerId={PARTNER_ID} /> }], path);

beforeEach(() => {
  call.mockReset();
  readOnly(false);
});

describe('products list', { timeout: 40_000 }, () => {
  it('shows each status tab with its count and keeps the tab, sort and page in the URL', async () => {
    const rows = [product({ title: 'Платье льняное', price: 4990 }), product({ status: 'inactive' })];
    serve(call, handlers(rows));
    const { user, search } = renderList('/nomenclatures?sort=-base_price&page=2');
    expect(await screen.findByText('Платье льняное')).toBeInTheDocument();
    expect(screen.getAllByText(/^4\s990\s₽$/).length).toBeGreaterThan(0);

    const tabs = screen.getByRole('tablist');
    expect(within(tabs).getByRole('tab', { name: /На модерации\s*1/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /Архив\s*3/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /Все\s*12/ })).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.list')[0]).toMatchObject({
      partnerId: PARTNER_ID,
      tab: 'all',
      sort: '-base_price',
      page: 2,
      pageSize: 20,
    });

    await user.click(within(tabs).getByRole('tab', { name: /Скрытые/ }));
    await waitFor(() => expect(search().get('tab')).toBe('inactive'));
    // A new tab starts at its first page; the sort stays.
    expect(search().get('page')).toBeNull();
    expect(search().get('sort')).toBe('-base_price');
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.list').at(-1)).toMatchObject({ tab: 'inactive', page: 1 }),
    );
  });

  it('searches after typing stops and puts the search into the URL', async () => {
    serve(call, handlers([product()]));
    const { user, search } = renderList();
    await screen.findByRole('tablist');
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'NW-1');
    await waitFor(() => expect(search().get('search')).toBe('NW-1'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.count-by-statuses').at(-1)).toMatchObject({ search: 'NW-1' }),
    );
    expect(callsOf(call, 'v1.nomenclatures.list').at(-1)).toMatchObject({ search: 'NW-1' });
  });

  it('hides selected products in bulk and says which one failed and why', async () => {
    const ok = product({ sellerSku: 'NW-OK-42' });
    const pending = product({ sellerSku: 'NW-PEND-42', status: 'moderation_pending' });
    serve(call, {
      ...handlers([ok, pending]),
      'v1.nomenclatures.update-activation': (p) => ({
        items: (p.ids as string[]).map((id) =>
          id === pending.id
            ? {
                id,
                ok: false,
                error: {
                  reason: 'nomenclature.onModeration',
                  message: 'Товар на модерации: показать его можно будет после проверки',
                },
              }
            : { id, ok: true },
        ),
      }),
    });
    const { user } = renderList();
    await screen.findByText('NW-OK-42');
    await user.click(screen.getAllByRole('checkbox')[0]!);
    expect(await screen.findByText('Выбрано: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Скрыть выбранные/ }));

    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.update-activation')[0]).toEqual({
        partnerId: PARTNER_ID,
        ids: [ok.id, pending.id],
        active: false,
      }),
    );
    expect(await screen.findByText('Не удалось изменить 1 из 2')).toBeInTheDocument();
    expect(
      screen.getByText('NW-PEND-42: Товар на модерации: показать его можно будет после проверки'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Скрыто товаров: 1')).toBeInTheDocument();
    // The failed product stays selected for another try.
    expect(screen.getByText('Выбрано: 1')).toBeInTheDocument();
  });

  it('hides the moderator’s note of a product', async () => {
    const rejected = product({ status: 'need_action', moderationReason: 'Фото не соответствует товару' });
    serve(call, {
      ...handlers([rejected]),
      'v1.nomenclatures.hide-moderation': (p) => ({ items: [{ id: (p.ids as string[])[0], ok: true }] }),
    });
    const { user } = renderList();
    expect(await screen.findByText('Фото не соответствует товару')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Скрыть замечание модератора' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.hide-moderation')[0]).toEqual({
        partnerId: PARTNER_ID,
        ids: [rejected.id],
      }),
    );
  });

  it('changes no product in a read-only cabinet, and says why on each control', async () => {
    readOnly(true);
    const shown = product({ sellerSku: 'NW-1-42', status: 'online' });
    const rejected = product({ status: 'need_action', moderationReason: 'Фото не соответствует товару' });
    serve(call, handlers([shown, rejected]));
    const { user } = renderList();
    expect(await screen.findByText('Фото не соответствует товару')).toBeInTheDocument();
    const controls = [
      screen.getByRole('button', { name: 'Скрыть замечание модератора' }),
      screen.getByRole('button', { name: /Скрыть$/ }),
      screen.getByRole('button', { name: /Показать$/ }),
      screen.getByLabelText('Остаток товара NW-1-42'),
      screen.getByRole('button', { name: /Добавить товары/ }),
    ];
    for (const control of controls) expect(control).toBeDisabled();
    // No rows to select for bulk changes.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.hover(controls[1]!.closest('.why-disabled')!);
    expect(
      await screen.findByText('Недоступно, пока не подписаны условия сотрудничества'),
    ).toBeInTheDocument();
    // Reading stays open: the card and its photos.
    expect(screen.getAllByRole('link', { name: /Редактировать/ }).length).toBe(2);
  });

  it('exports the list with its current filters in one of the three product export types', async () => {
    serve(call, {
      ...handlers([product()]),
      'v1.exports.create': (p) => ({
        id: '00000000-0000-4000-8000-000000000001',
        type: p.type,
        format: 'xlsx',
        status: 'PROCESSING',
        fileName: null,
        size: null,
        rowCount: null,
        errorMessage: null,
        createdAt: '2026-11-21T09:07:00.000Z',
        finishedAt: null,
      }),
    });
    const { user } = renderList('/nomenclatures?tab=online&brand=Nord%20Wind&category=clothes&search=NW-1');
    await screen.findByRole('tablist');
    await user.click(screen.getByRole('button', { name: /Выгрузить в Excel/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Товары: все атрибуты', 'Товары: основные атрибуты', 'Товары: цены']);
    await user.click(within(menu).getByText('Товары: основные атрибуты'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.exports.create')[0]).toEqual({
        partnerId: PARTNER_ID,
        type: 'nomenclatures_with_reduced_attributes',
        filter: { tab: 'online', brand: 'Nord Wind', category: 'clothes', search: 'NW-1' },
      }),
    );
    expect(await screen.findByText('Выгрузка формируется')).toBeInTheDocument();
    expect(screen.getByText('Файл появится в «Файлах»')).toBeInTheDocument();
  });

  it('says so when a filter finds nothing', async () => {
    serve(call, handlers([]));
    renderList('/nomenclatures?brand=Nord%20Wind');
    expect(await screen.findByText('По этим условиям товаров не нашлось')).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.list')[0]).toMatchObject({ brand: 'Nord Wind' });
  });
});
