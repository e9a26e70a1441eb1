// The price table through the UI: rows as the seller reads them with the list state from the URL, one price
// edited in its row (a field's message before anything is sent, a critical change confirmed in a dialog
// with the new price and the threshold), a bulk change with one question and a per-product answer, a
// reviewer's approval, and the read-only cabinet.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { PriceListRow, Role } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { RpcError } from '../../../lib/api/rpc-error';
import { callsOf, PARTNER_ID, renderRoutes, serve, type Handlers } from '../nomenclatures-test-utils';
import { PricesScreen } from './prices-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const readOnly = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: readOnly.value, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let seq = 0;
function row(over: Partial<PriceListRow> = {}): PriceListRow {
  seq += 1;
  return {
    id: String(seq),
    modaSku: `MD${1000 + seq}`,
    modaParentSku: `MDP${1000 + seq}`,
    sellerSku: `NW-${seq}-42`,
    sellerParentSku: `NW-${seq}`,
    barcode: null,
    title: `Платье ${seq}`,
    brand: 'Nord Wind',
    category: 'clothes',
    status: 'online',
    country: 'RU',
    price: 4990,
    salePrice: null,
    saleStartDate: null,
    saleEndDate: null,
    discount: null,
    piValue: null,
    thumbnailUrl: null,
    approval: null,
    promotions: [],
    ...over,
  };
}

function handlers(rows: PriceListRow[], over: Handlers = {}): Handlers {
  return {
    'v1.nomenclatures.prices-list': (p) => ({
      items: rows,
      total: rows.length,
      page: p.page,
      pageSize: p.pageSize,
      countries: ['RU', 'BY', 'KZ'],
      autoConversion: false,
      pendingCount: rows.filter((r) => r.approval?.status === 'pending').length,
    }),
    'v1.nomenclatures.metadata.brands': () => ({ items: [{ name: 'Nord Wind', count: 2 }] }),
    'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
    ...over,
  };
}

const renderPrices = (path = '/nomenclatures/prices', roles: Role[] = ['partner_user']) =>
  renderRoutes(
    [{ path: '/nomenclatures/prices', element: <PricesScreen partnerId={PARTNER_ID} roles={roles} /> }],
    path,
  );

const dialog = async (title: string) =>
  (await screen.findAllByText(title))[0]!.closest(
    '.ant-modal-container, .ant-modal-content, [role="dialog"]',
  ) as HTMLElement;

/** The row editor's save button (the only «Сохранить» outside dialogs). */
const saveButton = () => screen.getByText('Сохранить').closest('button')!;

beforeEach(() => {
  call.mockReset();
  readOnly.value = false;
});

describe('price table', () => {
  it('shows price, sale price, period, discount and approval, with the list state from the URL', async () => {
    const onSale = row({
      title: 'Платье льняное',
      price: 4990,
      salePrice: 3990,
      discount: 20,
      saleStartDate: '2026-12-01',
      saleEndDate: '2026-12-10',
      piValue: 0.5,
    });
    const held = row({
      price: 1000,
      approval: {
        changeId: '77',
        status: 'pending',
        reviewType: 'black_price',
        oldPrice: 1000,
        newPrice: 400,
        oldSalePrice: null,
        newSalePrice: null,
        saleStartDate: null,
        saleEndDate: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
      },
    });
    serve(call, handlers([onSale, held]));
    renderPrices('/nomenclatures/prices?country=BY&sort=-base_price&page=2');
    expect(await screen.findByText('Платье льняное')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.prices-list')[0]).toMatchObject({
        partnerId: PARTNER_ID,
        country: 'BY',
        approval: 'all',
        sort: '-base_price',
        page: 2,
      }),
    );
    expect(screen.getByText('01.12.26 — 10.12.26')).toBeInTheDocument();
    expect(screen.getByText('−20%')).toBeInTheDocument();
    expect(screen.getByText('Выгодная')).toBeInTheDocument();
    expect(screen.getAllByText('На проверке').length).toBeGreaterThan(0);
    expect(screen.getByText(/Новая цена: 400\s₽/)).toBeInTheDocument();
    // A change waiting for review cannot be changed again.
    expect(screen.getByLabelText(`Изменить цену товара ${held.sellerSku}`)).toBeDisabled();
  });

  it('a row’s change is simulated first: «Что изменится?» shows its index and consequences, then saves', async () => {
    const r = row({ price: 4990 });
    serve(
      call,
      handlers([r], {
        'v1.matching-manager.simulate': (p) => ({
          thresholdPercent: 30,
          items: [
            {
              id: r.id,
              sellerSku: r.sellerSku,
              currentPrice: 4990,
              currentMarketPrice: 4990,
              newPrice: (p.items as { price: number }[])[0]!.price,
              newMarketPrice: (p.items as { price: number }[])[0]!.price,
              currentIndex: 'AVERAGE',
              newIndex: 'OPTIMAL',
              newPiValue: 0.5,
              minCompetitorPrice: 4470,
              recommendedPrice: 4510,
              gapToRecommended: -20,
              changePercent: 10.02,
              critical: false,
              quarantine: false,
              promotions: { leaves: [], blockedBy: [] },
              status: 'applied',
              errors: [],
            },
          ],
          counts: {
            OPTIMAL: 1,
            AVERAGE: 0,
            OVERPRICED: 0,
            UNCOUNTED: 0,
            critical: 0,
            quarantine: 0,
            failed: 0,
          },
        }),
        'v1.nomenclatures.set-prices': () => ({
          items: [
            { id: r.id, country: 'RU', status: 'applied', errors: [], confirmation: null, warnings: [] },
          ],
          failed: 0,
          message: null,
          reportId: null,
        }),
      }),
    );
    const { user } = renderPrices();
    await user.click(await screen.findByLabelText(`Изменить цену товара ${r.sellerSku}`));
    const price = screen.getByLabelText(`Новая цена товара ${r.sellerSku}`);
    await user.clear(price);
    // The new price is pasted: one input event instead of one per digit, each re-rendering the table.
    await user.click(price);
    await user.paste('4490');
    await user.click(screen.getByRole('button', { name: /Что изменится/ }));
    const sim = await dialog('Что изменится после сохранения');
    expect(await within(sim).findByText('Выгодная')).toBeTruthy();
    expect(within(sim).getByText(/ниже на 20/)).toBeTruthy();
    expect(callsOf(call, 'v1.matching-manager.simulate')[0]).toMatchObject({
      items: [{ id: r.id, price: 4490 }],
    });
    expect(callsOf(call, 'v1.nomenclatures.set-prices')).toHaveLength(0);
    await user.click(within(sim).getByRole('button', { name: 'Сохранить цену' }));
    await waitFor(() => expect(callsOf(call, 'v1.nomenclatures.set-prices')).toHaveLength(1));
  });

  it('edits one price in its row and saves it', async () => {
    const r = row({ price: 4990 });
    serve(
      call,
      handlers([r], {
        'v1.nomenclatures.update-price': (p) => ({
          id: (p.item as { id: string }).id,
          country: 'RU',
          status: 'applied',
          errors: [],
          confirmation: null,
          warnings: [],
        }),
      }),
    );
    const { user } = renderPrices();
    await user.click(await screen.findByLabelText(`Изменить цену товара ${r.sellerSku}`));
    const price = screen.getByLabelText(`Новая цена товара ${r.sellerSku}`);
    await user.clear(price);
    await user.click(price);
    await user.paste('5490');
    await user.click(saveButton());
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.update-price')[0]).toEqual({
        partnerId: PARTNER_ID,
        item: {
          id: r.id,
          country: 'RU',
          price: 5490,
          salePrice: null,
          saleStartDate: null,
          saleEndDate: null,
        },
        confirmCritical: false,
      }),
    );
    expect(await screen.findByText('Цена сохранена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText(/Новая цена/)).toBeNull());
  });

  it('says on the field what is wrong before sending anything', async () => {
    const r = row({ price: 4990 });
    serve(call, handlers([r]));
    const { user } = renderPrices();
    await user.click(await screen.findByLabelText(`Изменить цену товара ${r.sellerSku}`));
    const price = screen.getByLabelText(`Новая цена товара ${r.sellerSku}`);
    await user.clear(price);
    await user.click(price);
    await user.paste('5495');
    expect(await screen.findByText('Цена должна быть кратна 10')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-describedby', `price-error-${r.id}`);
    const discount = screen.getByLabelText(`Скидка товара ${r.sellerSku}, %`);
    await user.type(discount, '90');
    expect(await screen.findByText('Скидка должна быть от 5% до 80%')).toBeInTheDocument();
    await user.click(saveButton());
    expect(callsOf(call, 'v1.nomenclatures.update-price')).toHaveLength(0);
  });

  it('a change beyond the threshold is confirmed with the new price and the threshold, then sent again', async () => {
    const r = row({ price: 4990 });
    let attempt = 0;
    serve(
      call,
      handlers([r], {
        'v1.nomenclatures.update-price': (p) => {
          attempt += 1;
          if (!p.confirmCritical)
            throw new RpcError({
              method: 'v1.nomenclatures.update-price',
              request: {},
              response: {},
              apiMessage: 'Цена меняется больше чем на 30%: подтвердите изменение',
              code: 50400,
              data: {
                reason: 'price.criticalChange',
                errors: [
                  { field: 'price', message: 'Цена меняется больше чем на 30%: подтвердите изменение' },
                ],
                confirmation: { newPrice: 12990, thresholdPercent: 30 },
              },
            });
          return { id: r.id, country: 'RU', status: 'applied', errors: [], confirmation: null, warnings: [] };
        },
      }),
    );
    const { user } = renderPrices();
    await user.click(await screen.findByLabelText(`Изменить цену товара ${r.sellerSku}`));
    const price = screen.getByLabelText(`Новая цена товара ${r.sellerSku}`);
    await user.clear(price);
    await user.click(price);
    await user.paste('12990');
    await user.click(saveButton());
    const body = await screen.findByText(
      /^Новая цена — 12\s990\s₽\. Она отличается от текущей больше чем на 30%\.$/,
    );
    const confirm = body.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getAllByText('Подтвердите изменение цены').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.ant-modal')).toHaveLength(1);
    await user.click(within(confirm).getByText('Сохранить').closest('button')!);
    await waitFor(() => expect(attempt).toBe(2));
    expect(callsOf(call, 'v1.nomenclatures.update-price')[1]).toMatchObject({
      item: { id: r.id, price: 12990 },
      confirmCritical: true,
    });
    expect(await screen.findByText('Цена сохранена')).toBeInTheDocument();
  });

  it('shows the server’s message on its field', async () => {
    const r = row({ price: 4990 });
    serve(
      call,
      handlers([r], {
        'v1.nomenclatures.update-price': () => {
          throw new RpcError({
            method: 'v1.nomenclatures.update-price',
            request: {},
            response: {},
            apiMessage: 'Товар участвует в активной акции: цену изменить нельзя',
            code: 50400,
            data: {
              reason: 'price.inActivePromotion',
              errors: [{ field: 'price', message: 'Товар участвует в активной акции: цену изменить нельзя' }],
            },
          });
        },
      }),
    );
    const { user } = renderPrices();
    await user.click(await screen.findByLabelText(`Изменить цену товара ${r.sellerSku}`));
    const price = screen.getByLabelText(`Новая цена товара ${r.sellerSku}`);
    await user.clear(price);
    await user.click(price);
    await user.paste('4890');
    await user.click(saveButton());
    expect(
      await screen.findByText('Товар участвует в активной акции: цену изменить нельзя'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(`Новая цена товара ${r.sellerSku}`)).toBeInTheDocument();
  });

  it('changes a selection with one question and lists the products that failed with their messages', async () => {
    const ok = row({ sellerSku: 'NW-OK-42', price: 4990 });
    const bad = row({ sellerSku: 'NW-BAD-42', price: 3990 });
    serve(
      call,
      handlers([ok, bad], {
        'v1.nomenclatures.price-threshold-exceeded': (p) => ({
          thresholdPercent: 30,
          items: (p.items as { id: string; price: number }[]).map((i) => ({
            id: i.id,
            country: 'RU',
            currentPrice: i.id === ok.id ? 4990 : 3990,
            newPrice: i.price,
            changePercent: null,
            exceeded: i.id === bad.id,
          })),
        }),
        'v1.nomenclatures.set-prices': (p) => ({
          items: (p.items as { id: string }[]).map((i) =>
            i.id === bad.id
              ? {
                  id: i.id,
                  country: 'RU',
                  status: 'failed',
                  errors: [
                    {
                      field: 'price',
                      reason: 'price.inActivePromotion',
                      message: 'Товар участвует в активной акции: цену изменить нельзя',
                    },
                  ],
                  confirmation: null,
                  warnings: [],
                }
              : { id: i.id, country: 'RU', status: 'applied', errors: [], confirmation: null, warnings: [] },
          ),
          failed: 1,
          message: 'Не удалось изменить цену у 1 товара',
          reportId: '8a1f0f38-2a5e-4f6e-9d55-3f0f6f1b2c3d',
        }),
      }),
    );
    const { user } = renderPrices();
    await screen.findByText('NW-OK-42', { exact: false });
    await user.click(screen.getAllByRole('checkbox')[0]!);
    expect(await screen.findByText('Выбрано: 2')).toBeInTheDocument();
    await user.click(screen.getByText('Изменить цены').closest('button')!);
    const form = await dialog('Изменение цен: выбрано 2');
    await user.click(within(form).getByLabelText('Новая цена'));
    await user.paste('5200');
    await user.click(within(form).getByText('Сохранить').closest('button')!);

    const question = await dialog('Сохранить изменения цен?');
    expect(within(question).getByText('Цены изменятся у 2 товаров.')).toBeInTheDocument();
    expect(within(question).getByText('У 1 из них цена меняется больше чем на 30%.')).toBeInTheDocument();
    await user.click(within(question).getByText('Сохранить').closest('button')!);

    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.set-prices')[0]).toEqual({
        partnerId: PARTNER_ID,
        confirmCritical: true,
        items: [
          { id: ok.id, country: 'RU', price: 5200, salePrice: null },
          { id: bad.id, country: 'RU', price: 5200, salePrice: null },
        ],
      }),
    );
    expect(await screen.findByText('Не удалось изменить цену у 1 товара')).toBeInTheDocument();
    expect(
      screen.getByText('NW-BAD-42: Товар участвует в активной акции: цену изменить нельзя'),
    ).toBeInTheDocument();
    expect(screen.getByText('Скачать отчёт об ошибках')).toBeInTheDocument();
    expect(await screen.findByText('Цены сохранены: 1')).toBeInTheDocument();
    // The refused product stays selected for another try.
    expect(screen.getByText('Выбрано: 1')).toBeInTheDocument();
  });

  it('lets a reviewer approve a held change from the pending filter', async () => {
    const held = row({
      price: 1000,
      approval: {
        changeId: '91',
        status: 'pending',
        reviewType: 'black_price',
        oldPrice: 1000,
        newPrice: 400,
        oldSalePrice: null,
        newSalePrice: null,
        saleStartDate: null,
        saleEndDate: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
      },
    });
    serve(
      call,
      handlers([held], {
        'v1.nomenclatures.prices-approve': () => ({ items: [] }),
      }),
    );
    const { user } = renderPrices('/nomenclatures/prices?approval=pending', ['support_engineer']);
    await user.click(await screen.findByLabelText(`Одобрить цену товара ${held.sellerSku}`));
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.prices-approve')[0]).toEqual({
        partnerId: PARTNER_ID,
        changeIds: ['91'],
        decision: 'approved',
      }),
    );
    expect(callsOf(call, 'v1.nomenclatures.prices-list')[0]).toMatchObject({ approval: 'pending' });
    expect(await screen.findByText('Цена одобрена')).toBeInTheDocument();
  });

  it('a seller sees no approval buttons; a read-only cabinet cannot edit', async () => {
    readOnly.value = true;
    const r = row({
      approval: {
        changeId: '5',
        status: 'pending',
        reviewType: 'black_price',
        oldPrice: 1000,
        newPrice: 400,
        oldSalePrice: null,
        newSalePrice: null,
        saleStartDate: null,
        saleEndDate: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
      },
    });
    const other = row();
    serve(call, handlers([r, other]));
    renderPrices();
    expect(await screen.findByLabelText(`Изменить цену товара ${other.sellerSku}`)).toBeDisabled();
    expect(screen.queryByLabelText(/Одобрить цену/)).toBeNull();
  });

  it('says so when nothing waits for review', async () => {
    serve(call, handlers([]));
    renderPrices('/nomenclatures/prices?approval=pending');
    expect(await screen.findByText('Нет цен, ожидающих проверки')).toBeInTheDocument();
  });
});
