// The card's price in the stepper obeys the same rules as every other way into a price (contracts'
// PRICE_RULES through the card's schema): 4 995 ₽ is refused on the field before anything is sent.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { LayoutSlotsProvider } from '../../../components/layout-slots/layout-slots';
import { emptyDraft, type CardDraft } from '../model/card-draft';
import { callsOf, PARTNER_ID, renderRoutes, serve, type Handlers } from '../nomenclatures-test-utils';
import { ProductForm } from './product-form';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../../../lib/session/use-read-only', () => ({ useReadOnly: vi.fn() }));
const call = vi.mocked(api.call) as unknown as Mock;

const REFERENCE: Handlers = {
  'v1.catalogue.categories.list': () => ({ items: [{ code: 'clothes', name: 'Одежда' }] }),
  'v1.catalogue.brands.list': () => ({
    items: [{ name: 'Nord Wind', needsPermission: false, permissionGranted: false }],
  }),
  'v1.catalogue.erp-categories.list': () => ({ items: [{ level1: 'Одежда', level2: ['Платья'] }] }),
  'v1.catalogue.attributes.list': () => ({ items: [] }),
  'v1.catalogue.attribute-dictionaries.get': (p) => ({
    items:
      p.dictionary === 'size_scale'
        ? [{ code: 'RU_CLOTHES', name: 'Российские размеры одежды', obsolete: false }]
        : p.dictionary === 'size:RU_CLOTHES'
          ? [{ code: '42', name: '42', obsolete: false }]
          : [{ code: '6204420000', name: '6204 42 000 0 — платья', obsolete: false }],
  }),
};

function draft(): CardDraft {
  return {
    ...emptyDraft(),
    category: 'clothes',
    sellerParentSku: 'NW-PRICE',
    title: 'Платье льняное',
    brand: 'Nord Wind',
    gender: 'women',
    country: 'RU',
    erpCategory: { level1: 'Одежда', level2: 'Платья' },
    composition: [{ material: 'лён', percent: 100 }],
    sizeScale: 'RU_CLOTHES',
    sizes: [{ size: '42', sellerSku: 'NW-PRICE-42', barcode: '4601234567893', dataMatrix: false }],
    price: null,
    legal: {
      tnVed: '6204420000',
      producer: 'ООО Ветер',
      producerAddress: 'Москва, Тверская, 1',
      isResale: false,
      eac: true,
    },
  };
}

function renderForm(initial: CardDraft, path: string) {
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

/** The message under a field, found by its label. */
const messageOf = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
    ?.textContent;

beforeEach(() => {
  call.mockReset();
  vi.mocked(useReadOnly).mockReturnValue({
    readOnly: false,
    needsSignature: false,
    status: null,
    error: null,
  });
});

describe('the price of a card', { timeout: 40_000 }, () => {
  it('refuses 4 995 ₽ on the field, as the price table does, and takes 4 990 ₽', async () => {
    serve(call, REFERENCE);
    const { user, search } = renderForm(draft(), '/nomenclatures/add/manually?step=3');
    await user.type(await screen.findByLabelText('Цена, ₽'), '4995');
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    await waitFor(() => expect(messageOf('Цена, ₽')).toBe('Цена должна быть кратна 10'));
    expect(search().get('step')).toBe('3');

    await user.clear(screen.getByLabelText('Цена, ₽'));
    await user.type(screen.getByLabelText('Цена, ₽'), '4990');
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    await waitFor(() => expect(search().get('step')).toBe('4'));
  });

  it('does not send a card whose price breaks the rules', async () => {
    serve(call, REFERENCE);
    const { user } = renderForm({ ...draft(), price: 4995 }, '/nomenclatures/add/manually?step=4');
    const create = await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Создать' });
      expect(button).toBeEnabled();
      return button;
    });
    await user.click(create);
    // The stepper opens the step with the price and shows the rule there.
    await screen.findByLabelText('Цена, ₽');
    await waitFor(() => expect(messageOf('Цена, ₽')).toBe('Цена должна быть кратна 10'));
    expect(callsOf(call, 'v1.nomenclatures.store')).toHaveLength(0);
  });
});
