// The stepper through the UI: step navigation keeps input, the composition's running sum, the EAN-13
// check digit caught in the browser, and a server field error opening the step that holds the field.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { LayoutSlotsProvider } from '../../../components/layout-slots/layout-slots';
import { emptyDraft, type CardDraft } from '../model/card-draft';
import {
  callsOf,
  choose,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  type Handlers,
} from '../nomenclatures-test-utils';
import { ProductForm } from './product-form';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;
const readOnly = (on: boolean) =>
  vi.mocked(useReadOnly).mockReturnValue({ readOnly: on, needsSignature: false, status: null, error: null });

const REFERENCE: Handlers = {
  'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
  'v1.catalogue.brands.list': () => ({
    items: [
      { name: 'Nord Wind', needsPermission: false, permissionGranted: false },
      { name: 'Calvin Klein', needsPermission: true, permissionGranted: false },
    ],
  }),
  'v1.catalogue.erp-categories.list': () => ({ items: [{ level1: 'Одежда', level2: ['Платья'] }] }),
  'v1.catalogue.attributes.list': () => ({
    items: [
      {
        code: 'title',
        name: 'Название',
        valueType: 'string',
        group: 'main_group',
        dictionary: null,
        maxLength: 200,
        required: true,
      },
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
        ? [
            { code: '6204420000', name: '6204 42 000 0 — платья', obsolete: false },
            { code: '6204421000', name: '6204 42 100 0 — платья (старый)', obsolete: true },
          ]
        : p.dictionary === 'size_scale'
          ? [{ code: 'RU_CLOTHES', name: 'Российские размеры одежды', obsolete: false }]
          : p.dictionary === 'size:RU_CLOTHES'
            ? [{ code: '42', name: '42', obsolete: false }]
            : [{ code: 'бежевый', name: 'бежевый', obsolete: false }],
  }),
};

/** A draft that passes every browser check. */
function fullDraft(): CardDraft {
  return {
    ...emptyDraft(),
    category: 'clothes',
    sellerParentSku: 'NW-NEW',
    title: 'Платье льняное',
    brand: 'Nord Wind',
    gender: 'women',
    country: 'RU',
    erpCategory: { level1: 'Одежда', level2: 'Платья' },
    composition: [{ material: 'лён', percent: 100 }],
    sizeScale: 'RU_CLOTHES',
    sizes: [{ size: '42', sellerSku: 'NW-NEW-42', barcode: '4601234567893', dataMatrix: false }],
    price: 4990,
    attributes: { color_family: 'бежевый' },
    legal: {
      tnVed: '6204420000',
      producer: 'ООО Ветер',
      producerAddress: 'Москва, Тверская, 1',
      isResale: false,
      eac: true,
    },
  };
}

function renderForm(initial: CardDraft = emptyDraft(), path = '/nomenclatures/add/manually') {
  const sideBar = document.createElement('nav');
  sideBar.setAttribute('aria-label', 'Шаги');
  document.body.replaceChildren(sideBar);
  return renderRoutes(
    [
      {
        path: '/nomenclatures/add/manually',
        element: (
          <LayoutSlotsProvider sideBar={sideBar}>
            <ProductForm
              partnerId={PARTNER_ID}
              mode="create"
              title="Добавление товара вручную"
              initial={initial}
            />
          </LayoutSlotsProvider>
        ),
      },
      { path: '/nomenclatures', element: <p>list page</p> },
    ],
    path,
  );
}

const enabledButton = (name: string) =>
  waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toBeEnabled();
    return button;
  });

beforeEach(() => {
  call.mockReset();
  readOnly(false);
});

describe('the product stepper', { timeout: 40_000 }, () => {
  it('keeps what was typed when going forward, back and straight to a step', async () => {
    serve(call, REFERENCE);
    const { user, search } = renderForm();
    // Pasted: one input event instead of one per character, each re-rendering the whole form.
    await user.click(await screen.findByLabelText('Название'));
    await user.paste('Платье льняное');
    await user.click(screen.getByLabelText('Артикул родителя'));
    await user.paste('NW-1');
    // Next checks this step first: the category is missing.
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findAllByText('Обязательное поле')).not.toHaveLength(0);
    expect(search().get('step')).toBeNull();

    // Direct navigation does not check.
    await user.click(await screen.findByText('Состав'));
    await waitFor(() => expect(search().get('step')).toBe('2'));
    await user.type(screen.getByLabelText('Материал 1'), 'лён');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(search().get('step')).toBe('1'));
    expect(screen.getByLabelText('Название')).toHaveValue('Платье льняное');
    expect(screen.getByLabelText('Артикул родителя')).toHaveValue('NW-1');
    await user.click(screen.getByText('Состав'));
    expect(await screen.findByLabelText('Материал 1')).toHaveValue('лён');
  });

  it('calls an empty category, gender or country a required field, not an invalid value', async () => {
    serve(call, REFERENCE);
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    /** The message under a field, found by its label. */
    const messageOf = (label: string) =>
      screen.getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
        ?.textContent;
    await waitFor(() => expect(messageOf('Категория')).toBe('Обязательное поле'));
    expect(messageOf('Пол')).toBe('Обязательное поле');
    expect(messageOf('Страна производства')).toBe('Обязательное поле');
    expect(screen.queryByText('Недопустимое значение')).not.toBeInTheDocument();
  });

  it('shows the running sum of the composition and refuses a sum other than 100', async () => {
    serve(call, REFERENCE);
    const { user } = renderForm(
      { ...fullDraft(), composition: [{ material: 'лён', percent: null }] },
      '/nomenclatures/add/manually?step=2',
    );
    await user.type(await screen.findByLabelText('Процент материала 1'), '70');
    expect(screen.getByRole('status')).toHaveTextContent('Сумма: 70% из 100%');
    await user.click(screen.getByRole('button', { name: /Добавить материал/ }));
    await user.click(screen.getByLabelText('Материал 2'));
    await user.paste('хлопок');
    await user.type(screen.getByLabelText('Процент материала 2'), '20');
    expect(screen.getByRole('status')).toHaveTextContent('Сумма: 90% из 100%');
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Сумма процентов состава должна быть равна 100%')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Процент материала 2'));
    await user.type(screen.getByLabelText('Процент материала 2'), '30');
    expect(screen.getByRole('status')).toHaveTextContent('Сумма: 100%');
  });

  it('catches a wrong EAN-13 check digit before sending', async () => {
    serve(call, REFERENCE);
    const draft = fullDraft();
    const { user } = renderForm(
      { ...draft, sizes: [{ ...draft.sizes[0]!, barcode: '4601234567890' }] },
      '/nomenclatures/add/manually?step=4',
    );
    await user.click(await enabledButton('Создать'));
    expect(
      await screen.findByText('Неверный штрихкод: не сходится контрольная цифра EAN-13'),
    ).toBeInTheDocument();
    // The stepper opened the step with the barcode, and nothing went out.
    expect(screen.getByRole('heading', { level: 2, name: 'Цена и размер' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(0);
  });

  it('puts a server field error on its field and opens its step', async () => {
    serve(call, {
      ...REFERENCE,
      'v1.nomenclatures.store': () => {
        throw rpcError('v1.nomenclatures.store', 'Проверьте поля', [
          { field: 'legal.tnVed', message: 'Код ТН ВЭД устарел: выберите действующий' },
        ]);
      },
    });
    const { user } = renderForm(fullDraft(), '/nomenclatures/add/manually?step=1');
    await user.click(await enabledButton('Создать'));
    expect(await screen.findByText('Код ТН ВЭД устарел: выберите действующий')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Юридическая информация' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.store')[0]).toMatchObject({
      partnerId: PARTNER_ID,
      card: { sellerParentSku: 'NW-NEW', attributes: { color_family: 'бежевый' } },
    });
  });

  it('creates the card and goes to the list filtered to it', async () => {
    serve(call, {
      ...REFERENCE,
      'v1.nomenclatures.store': () => ({
        sellerParentSku: 'NW-NEW',
        ids: ['1'],
        status: 'moderation_pending',
      }),
    });
    const { user, router } = renderForm(fullDraft(), '/nomenclatures/add/manually?step=4');
    await user.click(await enabledButton('Создать'));
    expect(await screen.findByText('Карточка отправлена на модерацию')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures'));
    expect(router.state.location.search).toBe('?tab=moderation_pending&search=NW-NEW');
  });

  it('"Create and duplicate" keeps the form with empty SKUs and barcodes', async () => {
    serve(call, {
      ...REFERENCE,
      'v1.nomenclatures.store': () => ({
        sellerParentSku: 'NW-NEW',
        ids: ['1'],
        status: 'moderation_pending',
      }),
    });
    const { user, router } = renderForm(fullDraft(), '/nomenclatures/add/manually?step=3');
    await user.click(await enabledButton('Создать и дублировать'));
    expect(await screen.findByText('Карточка отправлена на модерацию')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nomenclatures/add/manually');
    expect(await screen.findByLabelText('Название')).toHaveValue('Платье льняное');
    expect(screen.getByLabelText('Артикул родителя')).toHaveValue('');
    const sizesStep = screen.getAllByText('Цена и размер')[0]!;
    await user.click(sizesStep);
    const row = await screen.findByRole('group', { name: 'Размер 1' });
    expect(within(row).getByLabelText('Артикул продавца')).toHaveValue('');
    expect(within(row).getByLabelText('Штрихкод EAN-13')).toHaveValue('');
  });

  it('creates nothing in a read-only cabinet and says why', async () => {
    readOnly(true);
    serve(call, REFERENCE);
    const { user } = renderForm(fullDraft(), '/nomenclatures/add/manually?step=4');
    expect(
      await screen.findByText(
        'Добавлять и менять товары можно будет после подписания условий сотрудничества',
      ),
    ).toBeInTheDocument();
    for (const name of ['Создать', 'Создать и дублировать']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      await user.click(button);
    }
    // The card is there to read, not to change.
    expect(screen.getByLabelText('Производитель')).toBeDisabled();
    // The steps can still be looked through.
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Цена и размер' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(0);
  });

  it('marks brands that need permission and obsolete TN VED codes as unavailable', async () => {
    serve(call, REFERENCE);
    const { user } = renderForm(emptyDraft());
    await choose(user, await screen.findByLabelText('Бренд'), 'Calvin Klein — нужно разрешение');
    await user.click(screen.getByText('Юридическая информация'));
    await user.click(await screen.findByLabelText('Код ТН ВЭД'));
    const obsolete = await screen.findByTitle('6204 42 100 0 — платья (старый) (устарел, недоступен)');
    expect(obsolete.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
  });
});
