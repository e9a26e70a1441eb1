// The edit page through the UI against a scripted server: the card of the size in the address loaded into
// the stepper with every field filled and the moderator's note, 'Save' sending the changed card, the
// server's field errors on their fields, 'Save and duplicate' opening the creation page with the card
// minus its identifiers, the exit prompt for unsaved changes, and a card that cannot be loaded.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Result } from '../../../lib/api/rpc-client';
import { api } from '../../../lib/api/client';
import { LayoutSlotsProvider } from '../../../components/layout-slots/layout-slots';
import {
  callsOf,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  type Handlers,
} from '../nomenclatures-test-utils';
import { ProductAddManuallyPage } from '../product-add-manually/product-add-manually-page';
import { ProductEditManuallyPage } from './product-edit-manually-page';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/session', () => ({
  useCurrentPartner: () => ({ partnerId: 10001, shopName: 'Северный ветер' }),
}));
// The cabinet is not read-only here (the read-only form is the stepper's test).
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: false, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;

const REFERENCE: Handlers = {
  'v1.catalogue.categories.list': () => ({
    items: [
      { code: 'clothes', name: 'Одежда' },
      { code: 'footwear', name: 'Обувь' },
    ],
  }),
  'v1.catalogue.brands.list': () => ({
    items: [{ name: 'Nord Wind', needsPermission: false, permissionGranted: false }],
  }),
  'v1.catalogue.erp-categories.list': () => ({ items: [{ level1: 'Одежда', level2: ['Платья'] }] }),
  'v1.catalogue.attributes.list': () => ({
    items: [
      {
        code: 'color_family',
        name: 'Цвет',
        valueType: 'dictionary_entry',
        group: 'main_group',
        dictionary: 'color_family',
        maxLength: null,
        required: true,
      },
    ],
  }),
  'v1.catalogue.attribute-dictionaries.get': (p) => ({
    items:
      p.dictionary === 'tn_ved'
        ? [{ code: '6204420000', name: '6204 42 000 0 — платья', obsolete: false }]
        : p.dictionary === 'size_scale'
          ? [{ code: 'RU_CLOTHES', name: 'Российские размеры одежды', obsolete: false }]
          : p.dictionary === 'size:RU_CLOTHES'
            ? [
                { code: '42', name: '42', obsolete: false },
                { code: '44', name: '44', obsolete: false },
              ]
            : [{ code: 'бежевый', name: 'бежевый', obsolete: false }],
  }),
};

/** The card as the server keeps it: two sizes, rejected by the moderator with a note. */
function savedCard(): Result<'v1.nomenclatures.card.get'> {
  return {
    card: {
      category: 'clothes',
      sellerParentSku: 'NW-7',
      title: 'Платье льняное',
      brand: 'Nord Wind',
      gender: 'women',
      country: 'RU',
      erpCategory: { level1: 'Одежда', level2: 'Платья' },
      composition: [
        { material: 'лён', percent: 80 },
        { material: 'хлопок', percent: 20 },
      ],
      sizeScale: 'RU_CLOTHES',
      sizes: [
        { size: '42', sellerSku: 'NW-7-42', barcode: '4601234567893', dataMatrix: false },
        { size: '44', sellerSku: 'NW-7-44', barcode: '4600000000008', dataMatrix: true },
      ],
      price: 4990,
      attributes: { color_family: 'бежевый' },
      legal: {
        tnVed: '6204420000',
        producer: 'ООО Ветер',
        producerAddress: 'Москва, Тверская, 1',
        isResale: false,
        eac: true,
      },
    },
    ids: ['71', '72'],
    status: 'need_action',
    moderationStatus: 'rejected',
    moderationReason: 'На фото другой цвет',
  };
}

const STORED = { sellerParentSku: 'NW-7', ids: ['71', '72'], status: 'moderation_pending' as const };

function renderEdit(handlers: Handlers, path = '/nomenclatures/edit/manually/72') {
  const sideBar = document.createElement('nav');
  sideBar.setAttribute('aria-label', 'Шаги');
  document.body.replaceChildren(sideBar);
  // The shell's menu stands in as a way off the page.
  const slots = (element: ReactNode) => (
    <LayoutSlotsProvider sideBar={sideBar}>
      <Link to="/nomenclatures">Товары</Link>
      {element}
    </LayoutSlotsProvider>
  );
  serve(call, { ...REFERENCE, ...handlers });
  return renderRoutes(
    [
      { path: '/nomenclatures/edit/manually/:id', element: slots(<ProductEditManuallyPage />) },
      { path: '/nomenclatures/add/manually', element: slots(<ProductAddManuallyPage />) },
      { path: '/nomenclatures', element: <p>list page</p> },
    ],
    path,
  );
}

/** A button by its exact text (cheaper than a role query over the stepper's large tree). */
const button = (name: string) => {
  const found = screen.getByText(name, { selector: 'button, button > span' }).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

/** The button once the card and its category's attributes have loaded. */
const enabledButton = (name: string) =>
  waitFor(
    () => {
      const found = button(name);
      expect(found).toBeEnabled();
      return found;
    },
    { timeout: 15_000 },
  );

/** What an Ant Design select shows as its chosen value. */
const shownIn = (label: string) =>
  screen
    .getByLabelText(label)
    .closest('.ant-select')
    ?.querySelector('.ant-select-content')
    ?.getAttribute('title');

/** The error line under a field (Ant Design's Form.Item help). */
const errorOf = (input: HTMLElement) =>
  input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;

beforeEach(() => {
  call.mockReset();
});

describe('product edit page', { timeout: 60_000 }, () => {
  it('loads the card of the size in the address and fills every step with it', async () => {
    const { user } = renderEdit({ 'v1.nomenclatures.card.get': () => savedCard() });
    expect(await screen.findByText('Редактирование товара NW-7', { selector: 'h1' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.card.get')).toEqual([{ partnerId: PARTNER_ID, id: '72' }]);
    // The moderator's note stays in view while the seller fixes the card.
    expect(screen.getByText('Замечание модератора')).toBeInTheDocument();
    expect(screen.getByText('На фото другой цвет')).toBeInTheDocument();

    expect(screen.getByLabelText('Название')).toHaveValue('Платье льняное');
    expect(screen.getByLabelText('Артикул родителя')).toHaveValue('NW-7');
    await waitFor(() => expect(shownIn('Категория')).toBe('Одежда'));
    expect(shownIn('Бренд')).toBe('Nord Wind');
    expect(shownIn('Пол')).toBe('Женщины');
    expect(shownIn('Страна производства')).toBe('Россия');

    await user.click(screen.getByText('Состав'));
    expect(await screen.findByLabelText('Материал 1')).toHaveValue('лён');
    expect(screen.getByLabelText('Процент материала 2')).toHaveValue('20');
    expect(screen.getByRole('status')).toHaveTextContent('Сумма: 100%');

    await user.click(screen.getAllByText('Цена и размер')[0]!);
    expect(await screen.findByLabelText('Цена, ₽')).toHaveValue('4990');
    const second = screen.getByLabelText('Размер 2');
    expect(within(second).getByLabelText('Артикул продавца')).toHaveValue('NW-7-44');
    expect(within(second).getByLabelText('Штрихкод EAN-13')).toHaveValue('4600000000008');

    await user.click(screen.getByText('Юридическая информация'));
    expect(await screen.findByLabelText('Производитель')).toHaveValue('ООО Ветер');
    expect(screen.getByLabelText('Адрес производителя')).toHaveValue('Москва, Тверская, 1');
    // Nothing was sent while only looking.
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(0);
  });

  it('"Save" sends the card with the changes and goes to the list filtered to it', async () => {
    const { user, router } = renderEdit({
      'v1.nomenclatures.card.get': () => savedCard(),
      'v1.nomenclatures.store': () => STORED,
    });
    const title = await screen.findByLabelText('Название');
    await user.clear(title);
    // Pasted: one input event instead of one per character, each re-rendering the whole form.
    await user.click(title);
    await user.paste('Платье льняное с поясом');
    await user.click(screen.getByText('Юридическая информация'));
    const producer = await screen.findByLabelText('Производитель');
    await user.clear(producer);
    await user.click(producer);
    await user.paste('ООО Северный ветер');

    await user.click(await enabledButton('Сохранить'));
    expect(await screen.findByText('Карточка отправлена на модерацию')).toBeInTheDocument();
    const saved = savedCard().card;
    expect(callsOf(call, 'v1.nomenclatures.store')).toEqual([
      {
        partnerId: PARTNER_ID,
        card: {
          ...saved,
          title: 'Платье льняное с поясом',
          legal: { ...saved.legal, producer: 'ООО Северный ветер' },
        },
      },
    ]);
    // Saved changes leave without the unsaved-changes prompt.
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures'));
    expect(router.state.location.search).toBe('?tab=moderation_pending&search=NW-7');
    expect(screen.queryByText('Уйти со страницы?')).not.toBeInTheDocument();
  });

  it('puts the server’s field errors on their fields and opens the step of the first one', async () => {
    const { user, router } = renderEdit({
      'v1.nomenclatures.card.get': () => savedCard(),
      'v1.nomenclatures.store': () => {
        throw rpcError('v1.nomenclatures.store', 'Проверьте поля', [
          { field: 'card.sizes.1.barcode', message: 'Штрихкод уже есть у другого товара' },
          { field: 'card.legal.producerAddress', message: 'Укажите адрес полностью' },
        ]);
      },
    });
    await user.click(await enabledButton('Сохранить'));
    expect(await screen.findByText('Проверьте поля, отмеченные красным')).toBeInTheDocument();
    // The sizes step (the first with an error) opened, the error under the second size's barcode.
    expect(await screen.findByText('Цена и размер', { selector: 'h2' })).toBeInTheDocument();
    const second = await screen.findByLabelText('Размер 2');
    expect(errorOf(within(second).getByLabelText('Штрихкод EAN-13'))).toBe(
      'Штрихкод уже есть у другого товара',
    );
    expect(errorOf(within(screen.getByLabelText('Размер 1')).getByLabelText('Штрихкод EAN-13'))).toBeNull();
    await user.click(screen.getByText('Юридическая информация'));
    expect(errorOf(await screen.findByLabelText('Адрес производителя'))).toBe('Укажите адрес полностью');
    // The seller stays on the page with the card as typed.
    expect(router.state.location.pathname).toBe('/nomenclatures/edit/manually/72');

    // Correcting the field takes its error away.
    await user.click(screen.getByLabelText('Адрес производителя'));
    await user.paste(', стр. 2');
    expect(errorOf(screen.getByLabelText('Адрес производителя'))).toBeNull();
  });

  it('"Save and duplicate" saves, then opens a new card with the same data and empty identifiers', async () => {
    const { user, router } = renderEdit({
      'v1.nomenclatures.card.get': () => savedCard(),
      'v1.nomenclatures.store': () => STORED,
    });
    await user.click(await enabledButton('Сохранить и дублировать'));
    expect(await screen.findByText('Карточка отправлена на модерацию')).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.store')).toEqual([
      { partnerId: PARTNER_ID, card: savedCard().card },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures/add/manually'));
    expect(await screen.findByText('Добавление товара вручную', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveValue('Платье льняное');
    expect(screen.getByLabelText('Артикул родителя')).toHaveValue('');
    await user.click(screen.getAllByText('Цена и размер')[0]!);
    for (const name of ['Размер 1', 'Размер 2']) {
      const row = await screen.findByLabelText(name);
      expect(within(row).getByLabelText('Артикул продавца')).toHaveValue('');
      expect(within(row).getByLabelText('Штрихкод EAN-13')).toHaveValue('');
    }
    expect(screen.getByLabelText('Цена, ₽')).toHaveValue('4990');
    // The new card is not sent until the seller creates it.
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(1);
    expect(button('Создать')).toBeEnabled();
  });

  it('asks before leaving with unsaved changes; "Остаться" keeps them, "Уйти" leaves', async () => {
    const { user, router } = renderEdit({ 'v1.nomenclatures.card.get': () => savedCard() });
    await screen.findByLabelText('Название');
    // Untouched, the card lets the seller go without a question.
    await user.click(screen.getByText('Товары', { selector: 'a' }));
    expect(await screen.findByText('list page')).toBeInTheDocument();
    await act(() => router.navigate('/nomenclatures/edit/manually/72'));

    await user.type(await screen.findByLabelText('Название'), ' новое');
    await user.click(screen.getByText('Товары', { selector: 'a' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Уйти со страницы?');
    expect(dialog).toHaveTextContent('Изменения не сохранены и пропадут.');
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/nomenclatures/edit/manually/72');
    expect(screen.getByLabelText('Название')).toHaveValue('Платье льняное новое');

    await user.click(screen.getByText('Товары', { selector: 'a' }));
    await user.click(await screen.findByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures'));
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(0);
  });

  it('says when the card cannot be loaded, and loads it on retry', async () => {
    let attempts = 0;
    const { user } = renderEdit({
      'v1.nomenclatures.card.get': () => {
        attempts += 1;
        if (attempts === 1)
          throw rpcError('v1.nomenclatures.card.get', 'Сервис временно недоступен', [], 50500);
        return savedCard();
      },
    });
    expect(await screen.findByText('Не удалось загрузить карточку товара')).toBeInTheDocument();
    expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    expect(screen.queryByText('Сохранить', { selector: 'button, button > span' })).toBeNull();
    await user.click(button('Повторить'));
    expect(await screen.findByLabelText('Название')).toHaveValue('Платье льняное');
  });

  it.each([
    ['an id of no card', '/nomenclatures/edit/manually/999', 'Товар не найден', [], 50404],
    [
      'an id that is no id',
      '/nomenclatures/edit/manually/bad-id',
      'Проверьте правильность заполнения полей',
      [{ field: 'id', message: 'Неверный формат' }],
      -32602,
    ],
  ])(
    'says the card is not found for %s, and leads back to the list',
    async (_, path, message, errors, code) => {
      const { user, router } = renderEdit(
        {
          'v1.nomenclatures.card.get': () => {
            throw rpcError('v1.nomenclatures.card.get', message, errors, code);
          },
        },
        path,
      );
      expect(await screen.findByText('Карточка товара не найдена')).toBeInTheDocument();
      // Nothing here is about fields to fill, and trying again would find nothing either.
      expect(screen.queryByText('Проверьте правильность заполнения полей')).toBeNull();
      expect(screen.queryByText('Повторить', { selector: 'button, button > span' })).toBeNull();
      await user.click(screen.getByText('К списку товаров'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures'));
    },
  );
});
