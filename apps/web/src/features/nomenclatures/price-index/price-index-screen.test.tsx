// The price index tab through the UI: rows and totals as the seller reads them with the index filter in the
// URL, a product moved to its recommendation threshold only after the simulation shows what would change
// (critical change, quarantine, promotions), a dispute sent with the server's message on its field, and the
// read-only cabinet that sees but cannot change; the claims and disputes sent, with their states and answers.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { CompetitorClaim, PriceIndexRow, PriceSimulationItem } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, rpcError, serve, type Handlers } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { PriceIndexScreen } from './price-index-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const readOnly = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: readOnly.value, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;
const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/transfer', () => ({ uploadWithProgress: upload }));
const SHOT = '6f1d3c2a-1b2c-4d5e-8f90-123456789abc';
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const PARTNER = 10002;
function row(over: Partial<PriceIndexRow> = {}): PriceIndexRow {
  return {
    id: '7',
    modaSku: 'MD1007',
    modaParentSku: 'MDP1007',
    sellerSku: 'UL-7-42',
    title: 'Куртка',
    brand: 'Urban Loft',
    category: 'clothes',
    status: 'online',
    thumbnailUrl: null,
    price: 1250,
    salePrice: null,
    marketPrice: 1250,
    minCompetitorPrice: 1000,
    competitor: 'Стиль Маркет',
    competitorUrl: 'https://stylemarket.example/item/7',
    competitorOfferId: '55',
    piValue: 25,
    index: 'OVERPRICED',
    recommendedPrice: 1010,
    openClaim: null,
    ...over,
  };
}
const sim = (over: Partial<PriceSimulationItem> = {}): PriceSimulationItem => ({
  id: '7',
  sellerSku: 'UL-7-42',
  currentPrice: 1250,
  currentMarketPrice: 1250,
  newPrice: 1010,
  newMarketPrice: 1010,
  currentIndex: 'OVERPRICED',
  newIndex: 'OPTIMAL',
  newPiValue: 1,
  minCompetitorPrice: 1000,
  recommendedPrice: 1010,
  gapToRecommended: 0,
  changePercent: 19.2,
  critical: false,
  quarantine: false,
  promotions: { leaves: [{ id: 'P-1', name: 'Осенняя распродажа', state: 'planed' }], blockedBy: [] },
  status: 'applied',
  errors: [],
  ...over,
});

function handlers(rows: PriceIndexRow[], over: Handlers = {}): Handlers {
  return {
    'v1.matching-manager.price-index.list': (p) => ({
      items: p.index ? rows.filter((r) => r.index === p.index) : rows,
      total: rows.length,
      page: p.page ?? 1,
      pageSize: p.pageSize ?? 20,
    }),
    'v1.matching-manager.price-index.total': () => ({
      OPTIMAL: 3,
      AVERAGE: 2,
      OVERPRICED: 1,
      UNCOUNTED: 4,
      total: 10,
    }),
    'v1.matching-manager.settings.get': () => ({
      competitors: ['Стиль Маркет', 'Модный Базар'],
      countries: ['RU'],
      optimalPercent: 1,
      averagePercent: 20,
      updatedAt: null,
    }),
    'v1.nomenclatures.metadata.brands': () => ({ items: [{ name: 'Urban Loft', count: 1 }] }),
    'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
    ...over,
  };
}
const render = (path = '/nomenclatures/prices?tab=price-index') =>
  renderRoutes(
    [
      {
        path: '/nomenclatures/prices',
        element: <PriceIndexScreen partnerId={PARTNER} roles={['partner_user']} />,
      },
    ],
    path,
  );

beforeEach(() => {
  readOnly.value = false;
  call.mockReset();
});

describe('price index tab', () => {
  it('shows each product’s prices, competitor, index and threshold, and totals per index value', async () => {
    serve(
      call,
      handlers([
        row(),
        row({
          id: '8',
          sellerSku: 'UL-8',
          title: 'Шарф',
          index: 'UNCOUNTED',
          piValue: null,
          minCompetitorPrice: null,
          competitor: null,
          competitorUrl: null,
          competitorOfferId: null,
          recommendedPrice: null,
        }),
      ]),
    );
    render();
    expect(await screen.findByText('Куртка')).toBeTruthy();
    expect(screen.getByText('Невыгодная')).toBeTruthy();
    // The photo's place, «Нет фото» for a product without photos.
    expect(screen.getAllByRole('img', { name: 'Нет фото' })).toHaveLength(2);
    expect(screen.getAllByText('1 250 ₽').length).toBeGreaterThan(0);
    expect(screen.getByText('1 010 ₽')).toBeTruthy();
    expect(screen.getByText('Стиль Маркет').closest('a')?.getAttribute('href')).toBe(
      'https://stylemarket.example/item/7',
    );
    expect(await screen.findByText('Невыгодная (1)')).toBeTruthy();
    expect(screen.getByText('Нет данных (4)')).toBeTruthy();
  });

  it('the index filter comes from the URL and is sent to the list', async () => {
    serve(call, handlers([row()]));
    render('/nomenclatures/prices?tab=price-index&index=OVERPRICED');
    await screen.findByText('Куртка');
    expect(callsOf(call, 'v1.matching-manager.price-index.list').at(-1)).toMatchObject({
      index: 'OVERPRICED',
    });
  });

  it('to the threshold: the simulation first, then saving what it showed', async () => {
    serve(
      call,
      handlers([row()], {
        'v1.matching-manager.simulate': () => ({
          thresholdPercent: 30,
          items: [sim()],
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
            { id: '7', country: 'RU', status: 'applied', errors: [], confirmation: null, warnings: [] },
          ],
          failed: 0,
          message: null,
          reportId: null,
        }),
      }),
    );
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Цена товара UL-7-42 по порогу рекомендации' }),
    );
    const dialog = (await screen.findByText('Что изменится после сохранения')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(await within(dialog).findByText('Выгодная')).toBeTruthy();
    expect(within(dialog).getByText('Товар выйдет из акции «Осенняя распродажа»')).toBeTruthy();
    expect(within(dialog).getByText('ровно по порогу')).toBeTruthy();
    expect(callsOf(call, 'v1.nomenclatures.set-prices')).toHaveLength(0);
    expect(callsOf(call, 'v1.matching-manager.simulate')[0]).toMatchObject({
      items: [{ id: '7', price: 1010 }],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить цену' }));
    await waitFor(() => expect(callsOf(call, 'v1.nomenclatures.set-prices')).toHaveLength(1));
    expect(callsOf(call, 'v1.nomenclatures.set-prices')[0]).toMatchObject({
      items: [{ id: '7', price: 1010, country: 'RU' }],
      confirmCritical: true,
    });
  });

  it('a change the simulation refuses cannot be saved', async () => {
    serve(
      call,
      handlers([row()], {
        'v1.matching-manager.simulate': () => ({
          thresholdPercent: 30,
          items: [
            sim({
              status: 'failed',
              critical: true,
              quarantine: false,
              promotions: { leaves: [], blockedBy: [{ id: 'P-2', name: 'Чёрная пятница', state: 'active' }] },
              errors: [
                {
                  field: 'price',
                  reason: 'price.inActivePromotion',
                  message: 'Товар участвует в активной акции',
                },
              ],
            }),
          ],
          counts: {
            OPTIMAL: 1,
            AVERAGE: 0,
            OVERPRICED: 0,
            UNCOUNTED: 0,
            critical: 1,
            quarantine: 0,
            failed: 1,
          },
        }),
      }),
    );
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Цена товара UL-7-42 по порогу рекомендации' }),
    );
    const dialog = (await screen.findByText('Что изменится после сохранения')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(await within(dialog).findByText('Товар участвует в активной акции')).toBeTruthy();
    expect(within(dialog).getByText('Изменение больше 30%: нужно подтверждение')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Сохранить цену' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('a dispute is sent with its reason; the server’s refusal lands on its field', async () => {
    serve(
      call,
      handlers([row()], {
        'v1.matching-manager.rfc.competitor-price.dispute': () => {
          throw rpcError('v1.matching-manager.rfc.competitor-price.dispute', 'Ошибка', [
            { field: 'comment', message: 'Не длиннее 1000 символов' },
          ]);
        },
      }),
    );
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Оспорить цену конкурента для товара UL-7-42' }),
    );
    const dialog = (await screen.findByText('Оспорить цену конкурента для товара UL-7-42')).closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Отправить на проверку' }));
    expect(await within(dialog).findByText('Выберите причину')).toBeTruthy();
    expect(callsOf(call, 'v1.matching-manager.rfc.competitor-price.dispute')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('Нет в наличии'));
    await user.click(within(dialog).getByRole('button', { name: 'Отправить на проверку' }));
    expect(await within(dialog).findByText('Не длиннее 1000 символов')).toBeTruthy();
    expect(callsOf(call, 'v1.matching-manager.rfc.competitor-price.dispute')[0]).toMatchObject({
      competitorOfferId: '55',
      reason: 'OUT_OF_STOCK',
    });
  });

  it('a competitor price with a screenshot: the file is uploaded, then named in the claim', async () => {
    upload.mockResolvedValue({ id: SHOT });
    serve(
      call,
      handlers([row()], {
        'v1.matching-manager.rfc.competitor-price.create': (p) => ({
          id: '91',
          productId: '7',
          kind: 'add',
          status: 'review',
          competitor: p.competitor as string,
          url: p.url as string,
          price: p.price as number,
          reason: null,
          comment: null,
          competitorOfferId: null,
          hasScreenshot: true,
          answer: null,
          createdAt: '2026-11-24T10:00:00.000Z',
          decidedAt: null,
        }),
      }),
    );
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Добавить цену конкурента для товара UL-7-42' }),
    );
    const dialog = (await screen.findByText('Цена конкурента для товара UL-7-42')).closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(dialog).getByLabelText('Конкурент'));
    await user.click(await screen.findByTitle('Модный Базар'));
    // The links are pasted: one input event instead of one per character, each re-rendering the dialog.
    await user.click(within(dialog).getByLabelText('Ссылка на товар конкурента'));
    await user.paste('modbazar.example/7');
    await user.type(within(dialog).getByLabelText('Цена конкурента, ₽'), '990');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить на проверку' }));
    expect(await within(dialog).findByText('Ссылка должна начинаться с http:// или https://')).toBeTruthy();
    expect(callsOf(call, 'v1.matching-manager.rfc.competitor-price.create')).toHaveLength(0);
    const link = within(dialog).getByLabelText('Ссылка на товар конкурента');
    await user.clear(link);
    await user.click(link);
    await user.paste('https://modbazar.example/7');
    await user.upload(
      within(dialog).getByLabelText('Прикрепить JPG или PNG'),
      new File(['x'], 'shot.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('Прикреплён: shot.png')).toBeTruthy();
    expect((upload.mock.calls[0]![1] as FormData).get('type')).toBe('competitor_screenshot');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить на проверку' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.matching-manager.rfc.competitor-price.create')).toHaveLength(1),
    );
    expect(callsOf(call, 'v1.matching-manager.rfc.competitor-price.create')[0]).toEqual({
      partnerId: PARTNER,
      productId: '7',
      competitor: 'Модный Базар',
      url: 'https://modbazar.example/7',
      price: 990,
      fileId: SHOT,
    });
  });

  it('a read-only cabinet sees the index but cannot change prices or send claims', async () => {
    readOnly.value = true;
    serve(call, handlers([row()]));
    render();
    await screen.findByText('Куртка');
    expect(screen.queryByRole('button', { name: 'Цена товара UL-7-42 по порогу рекомендации' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Оспорить цену конкурента для товара UL-7-42' })).toBeNull();
  });

  it('shows the claims and disputes sent with their state, answer and dates, overall and per product', async () => {
    const claim = (over: Partial<CompetitorClaim>): CompetitorClaim => ({
      id: '1',
      productId: '7',
      kind: 'add',
      status: 'review',
      competitor: 'Модный Базар',
      url: 'https://modbazar.example/7',
      price: 990,
      reason: null,
      comment: null,
      competitorOfferId: null,
      hasScreenshot: true,
      answer: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      decidedAt: null,
      ...over,
    });
    const claims = [
      claim({}),
      claim({
        id: '2',
        productId: '8',
        kind: 'dispute',
        status: 'rejected',
        competitor: null,
        url: null,
        price: null,
        reason: 'OUT_OF_STOCK',
        comment: 'Нет на складе',
        hasScreenshot: false,
        competitorOfferId: '55',
        answer: 'Товар есть в наличии у конкурента',
        createdAt: '2026-11-10T09:00:00.000Z',
        decidedAt: '2026-11-12T09:00:00.000Z',
      }),
      claim({
        id: '3',
        status: 'accepted',
        createdAt: '2026-11-01T09:00:00.000Z',
        decidedAt: '2026-11-03T09:00:00.000Z',
      }),
    ];
    serve(
      call,
      handlers([row()], {
        'v1.matching-manager.rfc.list': (p) => {
          const items = claims.filter(
            (c) => (!p.productId || c.productId === p.productId) && (!p.status || c.status === p.status),
          );
          return { items, total: items.length };
        },
      }),
    );
    const { user, search } = render();
    await user.click(await screen.findByRole('button', { name: /Мои заявки/ }));
    await waitFor(() => expect(search().get('claims')).toBe('all'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Заявки и оспаривания')).toBeTruthy();
    expect(await within(drawer).findByText('Причина отказа: Товар есть в наличии у конкурента')).toBeTruthy();
    expect(within(drawer).getByText('20.11.26')).toBeTruthy();
    expect(within(drawer).getByText('Ждёт решения маркетплейса')).toBeTruthy();
    expect(within(drawer).getByText('Отклонена 12.11.26')).toBeTruthy();
    expect(within(drawer).getByText('Принята 03.11.26')).toBeTruthy();
    expect(within(drawer).getByText('Причина: Нет в наличии')).toBeTruthy();
    expect(within(drawer).getByText('Оспаривание цены')).toBeTruthy();
    expect(within(drawer).getByText('Товар № 8')).toBeTruthy();
    await user.click(within(drawer).getByText('Отклонена', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.matching-manager.rfc.list').at(-1)).toMatchObject({ status: 'rejected' }),
    );
    // The product's own claims: from its name in the drawer, titled by the product the tab knows.
    await user.click(within(drawer).getByRole('button', { name: 'Заявки по товару Товар № 8' }));
    await waitFor(() => expect(search().get('claims')).toBe('8'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.matching-manager.rfc.list').at(-1)).toEqual({
        partnerId: PARTNER,
        productId: '8',
        page: 1,
        pageSize: 20,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Заявки по товару UL-7-42' }));
    expect(await screen.findByText('Заявки по товару Куртка')).toBeTruthy();
    await waitFor(() => expect(search().get('claims')).toBe('7'));
  });
});
