// The «Мои склады» screen through the UI with the RPC client mocked at its module: tabs in the URL, the
// empty states and the unconfigured profile, the buttons each status offers, the confirmations, and
// support's review tab.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import {
  callsOf,
  defaultHandlers,
  renderScreen,
  rpcError,
  serve,
  warehouse,
  type Handlers,
} from '../warehouses-test-utils';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));

// Role queries over the whole antd tree are slow in jsdom: cards and dialogs are found by their text.
const card = (name: string) => screen.getByText(name, { selector: 'h3' }).closest('article') as HTMLElement;
const findCard = async (name: string) =>
  (await screen.findByText(name, { selector: 'h3' })).closest('article') as HTMLElement;
const findDialog = async (text: string) =>
  (await screen.findAllByText(text))[0]!.closest('[role="dialog"]') as HTMLElement;
const buttonsOf = (name: string) =>
  within(card(name))
    .getAllByRole('button')
    .map((b) => b.textContent);

// Ant Design generates its styles on first use, which jsdom makes slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  call.mockReset();
});
afterEach(() => vi.clearAllMocks());

const active = warehouse({ name: 'Склад на Складочной', status: 'active' });
const inactive = warehouse({ name: 'Склад в Химках', status: 'inactive' });
const draft = warehouse({
  name: 'Склад в Подольске',
  status: 'draft',
  deliveryMethod: null,
  returnMethod: null,
  reviewComment: 'Машина не успеет к 15:00, выберите 17:00',
});
const awaiting = warehouse({ name: 'Склад на Тверской', status: 'action_required' });

function setup(
  items = [active, inactive, draft, awaiting],
  path = '/warehouses',
  over: Handlers = {},
  roles?: Parameters<typeof renderScreen>[1],
) {
  serve(call, { ...defaultHandlers(items), ...over });
  return renderScreen(path, roles);
}

describe('tabs', () => {
  it('shows the title, the banners, tab counts, and every warehouse under Все', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Мои склады', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Поддержка работает ежедневно с 08:00 до 20:00/)).toBeInTheDocument();
    expect(screen.getByText('Активным может быть только один склад.')).toBeInTheDocument();
    expect(await findCard('Склад на Складочной')).toBeInTheDocument();
    expect(document.querySelectorAll('article')).toHaveLength(4);
    expect(screen.getByRole('tab', { name: /Все/ })).toHaveTextContent('Все4');
    expect(screen.getByRole('tab', { name: /Неактивные/ })).toHaveTextContent('Неактивные3');
    expect(screen.queryByRole('tab', { name: /На проверке/ })).not.toBeInTheDocument();
  });

  it('keeps the open tab in the URL and asks the server for that tab', async () => {
    const { user, search } = setup();
    await findCard('Склад на Складочной');
    await user.click(screen.getByRole('tab', { name: /Неактивные/ }));
    await waitFor(() => expect(search().get('tab')).toBe('inactive'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Склад на Складочной' })).not.toBeInTheDocument(),
    );
    expect(document.querySelectorAll('article')).toHaveLength(3);
    expect(callsOf(call, 'v1.warehouses.list')).toContainEqual({ partnerId: 10002, tab: 'inactive' });
  });

  it('opens the tab named in the URL', async () => {
    setup(undefined, '/warehouses?tab=active');
    expect(await findCard('Склад на Складочной')).toBeInTheDocument();
    expect(document.querySelectorAll('article')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /Активные/, selected: true })).toBeInTheDocument();
  });

  it.each([
    ['/warehouses', 'У вас пока нет складов'],
    ['/warehouses?tab=active', 'Нет активного склада'],
    ['/warehouses?tab=inactive', 'Нет неактивных складов'],
  ])('%s with nothing to show says: %s', async (path, title) => {
    setup([], path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('tells a partner without a configured delivery profile to contact the manager or support', async () => {
    setup([], '/warehouses', {
      'v1.warehouses.delivery-profiles.get': () => ({
        configured: false,
        allowedDeliveryMethods: [],
        managerName: 'Елена Соколова',
        managerEmail: 'manager@moda.test',
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Профиль доставки ещё не настроен' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Обратитесь к персональному менеджеру или в поддержку/)).toBeInTheDocument();
    expect(screen.getByText('Ваш менеджер: Елена Соколова')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'manager@moda.test' })).toHaveAttribute(
      'href',
      'mailto:manager@moda.test',
    );
    expect(screen.queryByText('У вас пока нет складов')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Добавить склад/ })).toBeDisabled();
  });

  it('shows a failed load with the server’s message and a retry', async () => {
    setup([], '/warehouses', {
      'v1.warehouses.list': () => {
        throw rpcError('v1.warehouses.list', 'Внутренняя ошибка сервера. Попробуйте позже', [], 50500);
      },
    });
    expect(await screen.findByText('Не удалось загрузить склады')).toBeInTheDocument();
    expect(screen.getByText('Внутренняя ошибка сервера. Попробуйте позже')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});

describe('cards', () => {
  it('offer the actions the state machine allows a partner user', async () => {
    setup();
    await findCard('Склад на Складочной');
    expect(buttonsOf('Склад на Складочной')).toEqual(['Деактивировать', 'Редактировать']);
    expect(buttonsOf('Склад в Химках')).toEqual(['Активировать', 'Редактировать', 'Удалить']);
    expect(buttonsOf('Склад в Подольске')).toEqual(['Дозаполнить', 'Удалить']);
    expect(buttonsOf('Склад на Тверской')).toEqual(['Редактировать', 'Удалить']);
  });

  it('name each status, the draft’s review comment and the awaiting approval', async () => {
    setup();
    await findCard('Склад на Складочной');
    expect(within(card('Склад на Складочной')).getByText('Активен')).toBeInTheDocument();
    expect(within(card('Склад в Химках')).getByText('Неактивен')).toBeInTheDocument();
    expect(within(card('Склад в Подольске')).getByText('Черновик')).toBeInTheDocument();
    expect(
      within(card('Склад в Подольске')).getByText('Машина не успеет к 15:00, выберите 17:00'),
    ).toBeInTheDocument();
    expect(
      within(card('Склад в Подольске')).getByText(/отредактируйте его, чтобы активировать/),
    ).toBeInTheDocument();
    expect(within(card('Склад на Тверской')).getByText('Ожидает одобрения')).toBeInTheDocument();
    expect(
      within(card('Склад на Тверской')).getByText(/ждёт одобрения поддержки или менеджера/),
    ).toBeInTheDocument();
  });

  it('show the double logistics cost warning and when a schedule change takes effect', async () => {
    const changed = warehouse({
      name: 'Склад с новым графиком',
      warnings: ['doubleLogisticsCost'],
      scheduleEffectiveFrom: '2026-11-22T09:00:00.000Z',
    });
    setup([changed]);
    const c = await findCard('Склад с новым графиком');
    expect(
      within(c).getByText('Разные графики доставки и возврата удваивают стоимость логистики'),
    ).toBeInTheDocument();
    expect(within(c).getByText(/^Изменения графика вступят в силу 22\.11\.26 \d\d:00$/)).toBeInTheDocument();
    expect(within(c).getByText(/машина|привоз/)).toBeInTheDocument();
  });

  it('offer support engineers approval and sending back of a warehouse awaiting it', async () => {
    setup(undefined, '/warehouses', {}, ['support_engineer']);
    await findCard('Склад на Тверской');
    expect(buttonsOf('Склад на Тверской')).toEqual([
      'Одобрить',
      'Вернуть на доработку',
      'Редактировать',
      'Удалить',
    ]);
  });
});

describe('actions', () => {
  it('activating another warehouse asks first and names the one that will be deactivated', async () => {
    const { user } = setup(undefined, '/warehouses', {
      'v1.warehouses.activate': (p) => ({
        warehouse: { ...inactive, status: 'active' },
        deactivatedId: active.id,
        ...(p && {}),
      }),
    });
    await findCard('Склад в Химках');
    await user.click(within(card('Склад в Химках')).getByRole('button', { name: 'Активировать' }));
    const dialog = await findDialog('Активировать склад «Склад в Химках»?');
    expect(dialog).toHaveTextContent('Склад «Склад на Складочной» будет деактивирован.');
    expect(callsOf(call, 'v1.warehouses.activate')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Активировать' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.warehouses.activate')).toEqual([{ partnerId: 10002, id: inactive.id }]),
    );
    expect(await screen.findByText('Склад активирован')).toBeInTheDocument();
    expect(screen.getByText('Склад «Склад на Складочной» деактивирован.')).toBeInTheDocument();
  });

  it('activating with no active warehouse needs no confirmation', async () => {
    const { user } = setup([inactive], '/warehouses', {
      'v1.warehouses.activate': () => ({ warehouse: { ...inactive, status: 'active' }, deactivatedId: null }),
    });
    await user.click(
      await within(await findCard('Склад в Химках')).findByRole('button', { name: 'Активировать' }),
    );
    expect(await screen.findByText('Склад активирован')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('deactivation asks, then tells; cancelling changes nothing', async () => {
    const { user } = setup(undefined, '/warehouses', {
      'v1.warehouses.deactivate': () => ({
        warehouse: { ...active, status: 'inactive' },
        deactivatedId: null,
      }),
    });
    await findCard('Склад на Складочной');
    await user.click(within(card('Склад на Складочной')).getByRole('button', { name: 'Деактивировать' }));
    let dialog = await findDialog('Деактивировать склад «Склад на Складочной»?');
    expect(dialog).toHaveTextContent('Склад перейдёт во вкладку «Неактивные»');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() =>
      expect(screen.queryAllByText('Деактивировать склад «Склад на Складочной»?')).toEqual([]),
    );
    expect(callsOf(call, 'v1.warehouses.deactivate')).toEqual([]);

    await user.click(within(card('Склад на Складочной')).getByRole('button', { name: 'Деактивировать' }));
    dialog = await findDialog('Деактивировать склад «Склад на Складочной»?');
    await user.click(within(dialog).getByRole('button', { name: 'Деактивировать' }));
    expect(await screen.findByText('Склад деактивирован')).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.deactivate')).toEqual([{ partnerId: 10002, id: active.id }]);
  });

  it('deletion asks, and a refusal shows the server’s message', async () => {
    const { user } = setup(undefined, '/warehouses', {
      'v1.warehouses.delete': () => {
        throw rpcError('v1.warehouses.delete', 'Активный склад нельзя удалить: сначала деактивируйте его');
      },
    });
    await findCard('Склад в Химках');
    await user.click(within(card('Склад в Химках')).getByRole('button', { name: 'Удалить' }));
    const dialog = await findDialog('Удалить склад «Склад в Химках»?');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Не удалось внести изменения')).toBeInTheDocument();
    expect(screen.getByText('Активный склад нельзя удалить: сначала деактивируйте его')).toBeInTheDocument();
  });
});

describe('support’s review tab', () => {
  const queue = {
    items: [
      {
        warehouse: warehouse({ name: 'Склад Модного дома', status: 'action_required', partnerId: 10005 }),
        shopName: 'Модный дом FBS',
      },
    ],
  };

  it('is there for support engineers only', async () => {
    setup(undefined, '/warehouses?tab=review');
    expect(await screen.findByRole('tab', { name: /Все/, selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /На проверке/ })).not.toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.review.list')).toEqual([]);
  });

  it('lists every partner’s warehouses awaiting approval and approves with the warehouse’s partner', async () => {
    const { user } = setup(
      undefined,
      '/warehouses?tab=review',
      {
        'v1.warehouses.review.list': () => queue,
        'v1.warehouses.approve': () => ({
          warehouse: { ...queue.items[0]!.warehouse, status: 'inactive' },
          deactivatedId: null,
        }),
      },
      ['support_engineer'],
    );
    const c = await findCard('Склад Модного дома');
    expect(within(c).getByText(/Модный дом FBS · ID 10005/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /На проверке/, selected: true })).toHaveTextContent('1');
    await user.click(within(c).getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Склад одобрен')).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.approve')).toEqual([
      { partnerId: 10005, id: queue.items[0]!.warehouse.id },
    ]);
  });

  it('sends back only with a comment of 5 to 500 characters', async () => {
    const { user } = setup(
      undefined,
      '/warehouses?tab=review',
      {
        'v1.warehouses.review.list': () => queue,
        'v1.warehouses.send-back': () => ({
          warehouse: { ...queue.items[0]!.warehouse, status: 'draft' },
          deactivatedId: null,
        }),
      },
      ['support_engineer'],
    );
    const c = await findCard('Склад Модного дома');
    await user.click(within(c).getByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = await findDialog('Вернуть склад «Склад Модного дома» на доработку');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    expect(await within(dialog).findByText('Обязательное поле')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Что нужно исправить'));
    await user.paste('Нет');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    expect(
      await within(dialog).findByText('Слишком короткий текст: нужно не меньше 5 символов'),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.send-back')).toEqual([]);
    await user.click(within(dialog).getByLabelText('Что нужно исправить'));
    await user.paste(', выберите время приезда 17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    expect(await screen.findByText('Склад возвращён на доработку')).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.send-back')).toEqual([
      { partnerId: 10005, id: queue.items[0]!.warehouse.id, comment: 'Нет, выберите время приезда 17:00' },
    ]);
  });
});
