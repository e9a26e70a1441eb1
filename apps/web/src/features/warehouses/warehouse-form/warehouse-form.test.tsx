// The 3-step warehouse form through the UI with the RPC client mocked at its module: steps in the URL
// keep every input, the contract's rules are checked before sending, server field errors land on their
// fields and open their step, and each outcome is told in Russian.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import {
  callsOf,
  choose,
  defaultHandlers,
  renderScreen,
  rpcError,
  serve,
  warehouse,
  type Handlers,
} from '../warehouses-test-utils';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));

// Ant Design generates its styles on first use, which jsdom makes slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  call.mockReset();
});

type User = ReturnType<typeof renderScreen>['user'];

// Role queries walk antd's computed styles and take seconds in jsdom: this file finds things by text,
// label and landmark instead.
const step = (title: string) => document.querySelector(`section[aria-label="${title}"]`) as HTMLElement;
const steps = () => document.querySelector('nav[aria-label="Шаги заполнения склада"]') as HTMLElement;
/** Waits for the form (an edit loads its warehouse first). */
const formReady = () => waitFor(() => expect(step('Общая информация')).not.toBeNull());
/** The fieldset of a legend, once shown (a choice of method renders its fieldsets on the next render). */
const fieldset = (root: HTMLElement, legend: string) =>
  waitFor(() => {
    const found = [...root.querySelectorAll('fieldset')].find(
      (f) => f.querySelector('legend')?.textContent === legend,
    );
    expect(found).toBeDefined();
    return found!;
  });
/** The form item around a control: where its error message shows. */
const itemOf = (control: HTMLElement) => control.closest('.ant-form-item') as HTMLElement;
/** A button of the open form's drawer by its text (the page behind has its own «Добавить склад»). */
const button = (name: string) => {
  const drawer = document.querySelector('.warehouse-drawer') as HTMLElement;
  return within(drawer).getByText(name, { selector: 'button span' }).closest('button') as HTMLElement;
};
const closeDrawer = () => document.querySelector('.warehouse-drawer .ant-drawer-close') as HTMLElement;
const radio = (root: HTMLElement, label: RegExp) => within(root).getByLabelText(label);

const active = warehouse({ name: 'Склад на Складочной', status: 'active' });

function setup(path: string, items = [active], over: Handlers = {}) {
  serve(call, { ...defaultHandlers(items), ...over });
  return renderScreen(path);
}

/**
 * Puts a whole value into a field as a paste does: one input event instead of one per character, each of which
 * re-renders the antd form (typing the general step key by key was half of this file's minute in CI).
 */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillGeneral(user: User, region = 'Москва') {
  const s = step('Общая информация');
  await enter(user, within(s).getByLabelText('Название склада'), 'Склад на Тверской');
  await enter(user, within(s).getByLabelText('Индекс'), '125009');
  await enter(user, within(s).getByLabelText('Регион'), region);
  await enter(user, within(s).getByLabelText('Населённый пункт'), 'Москва');
  await enter(user, within(s).getByLabelText('Улица'), 'ул. Тверская');
  await enter(user, within(s).getByLabelText('Дом, строение'), '7');
  await enter(user, within(s).getByLabelText('Телефон склада'), '+7 (495) 111-22-33');
}

async function fillSchedule(user: User, group: HTMLElement, time: string) {
  for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт']) await user.click(within(group).getByLabelText(day));
  await choose(user, within(group).getByLabelText('Время'), time);
}

describe('creating a warehouse', () => {
  it('moves between steps (buttons, direct and through the URL) without losing input', async () => {
    const { user, search } = setup('/warehouses');
    await user.click(
      (await screen.findByText('Добавить склад', { selector: 'button span' })).closest('button')!,
    );
    await waitFor(() => expect(search().get('action')).toBe('create'));
    await formReady();
    expect(search().get('step')).toBe('1');
    await fillGeneral(user);
    await user.click(button('Далее'));
    await waitFor(() => expect(search().get('step')).toBe('2'));
    await user.click(radio(step('Способ доставки'), /Заберёт транспорт маркетплейса/));
    expect(
      within(step('Способ доставки')).getByText(/Только для складов в Москве и Московской области/),
    ).toBeInTheDocument();

    await user.click(button('Назад'));
    await waitFor(() => expect(search().get('step')).toBe('1'));
    expect(within(step('Общая информация')).getByLabelText('Название склада')).toHaveValue(
      'Склад на Тверской',
    );

    // Direct navigation through the steps.
    await user.click(within(steps()).getByText('Способ возврата'));
    await waitFor(() => expect(search().get('step')).toBe('3'));
    expect(step('Способ возврата')).toBeVisible();
    await user.click(within(steps()).getByText('Способ доставки'));
    await waitFor(() => expect(search().get('step')).toBe('2'));
    expect(radio(step('Способ доставки'), /Заберёт транспорт маркетплейса/)).toBeChecked();
    expect(within(step('Общая информация')).getByLabelText('Телефон склада')).toHaveValue(
      '+7 (495) 111-22-33',
    );
  });

  it('checks a step with the contract’s rules before moving on', async () => {
    const { user, search } = setup('/warehouses?action=create&step=1');
    await formReady();
    const s = step('Общая информация');
    await user.click(button('Далее'));
    expect(
      await within(itemOf(within(s).getByLabelText('Название склада'))).findByText('Обязательное поле'),
    ).toBeInTheDocument();
    expect(
      await within(itemOf(within(s).getByLabelText('Индекс'))).findByText('Должно быть ровно 6 цифр'),
    ).toBeInTheDocument();
    expect(search().get('step')).toBe('1');
    expect(callsOf(call, 'v1.warehouses.create')).toEqual([]);

    await user.type(within(s).getByLabelText('Индекс'), '1250');
    await waitFor(() =>
      expect(
        within(itemOf(within(s).getByLabelText('Индекс'))).queryByText('Должно быть ровно 6 цифр'),
      ).toBeNull(),
    );
    await user.type(within(s).getByLabelText('Телефон склада'), '123');
    await user.click(button('Далее'));
    expect(
      await within(itemOf(within(s).getByLabelText('Индекс'))).findByText('Должно быть ровно 6 цифр'),
    ).toBeInTheDocument();
    expect(
      await within(itemOf(within(s).getByLabelText('Телефон склада'))).findByText(
        'Должно быть ровно 10 цифр',
      ),
    ).toBeInTheDocument();
  });

  it('offers platform pick-up only in Moscow and the Moscow region', async () => {
    const { user, search } = setup('/warehouses?action=create&step=1');
    await formReady();
    await fillGeneral(user, 'Тверская область');
    await user.click(button('Далее'));
    await waitFor(() => expect(search().get('step')).toBe('2'));
    const s = step('Способ доставки');
    await user.click(radio(s, /Заберёт транспорт маркетплейса/));
    await user.click(button('Далее'));
    expect(
      await within(s).findByText(
        'Доставка транспортом маркетплейса доступна только в Москве и Московской области',
      ),
    ).toBeInTheDocument();
    expect(
      within(itemOf(within(s).getByLabelText('Ожидаемый объём, м³'))).getByText('Обязательное поле'),
    ).toBeInTheDocument();
    expect(search().get('step')).toBe('2');
  });

  it('refuses an expected volume outside 1–110 m³ on the field and changes nothing the user typed', async () => {
    const { user } = setup('/warehouses?action=create&step=2');
    await formReady();
    const d = step('Способ доставки');
    // The methods are offered once the delivery profile has loaded.
    await waitFor(() => expect(radio(d, /Отвезу сам в пункт приёма/)).toBeEnabled());
    await user.click(radio(d, /Отвезу сам в пункт приёма/));
    const volume = await waitFor(() => within(d).getByLabelText('Ожидаемый объём, м³'));
    const message = () => itemOf(volume).querySelector('.ant-form-item-explain')?.textContent ?? null;
    const enter = async (typed: string) => {
      await user.clear(volume);
      await user.type(volume, typed);
      await user.tab();
    };

    for (const [typed, error] of [
      ['0', 'Значение должно быть не меньше 1'],
      ['-3', 'Значение должно быть не меньше 1'],
      ['111', 'Значение должно быть не больше 110'],
    ] as const) {
      await enter(typed);
      await waitFor(() => expect(message()).toBe(error));
      // Nothing is moved into the range behind the user's back.
      expect(volume).toHaveValue(typed);
    }
    // The contract takes fractions: a volume of one and a half cubic metres is fine.
    await enter('1,5');
    await waitFor(() => expect(message()).toBeNull());
    expect(volume).toHaveValue('1,5');

    // The loading time of a pick-up is neither moved into its range nor rounded.
    await user.click(radio(d, /Заберёт транспорт маркетплейса/));
    const loading = await waitFor(() => within(d).getByLabelText('Время на погрузку, мин'));
    await user.type(loading, '5');
    await user.tab();
    await waitFor(() =>
      expect(within(itemOf(loading)).getByText('Значение должно быть не меньше 10')).toBeInTheDocument(),
    );
    expect(loading).toHaveValue('5');
  });

  it(
    'adds a pick-up warehouse through the three steps, with the base warehouse its truck goes to: it waits for support’s approval',
    { timeout: 90_000 },
    async () => {
      const created = warehouse({ name: 'Склад на Тверской', status: 'action_required' });
      const { user, search } = setup('/warehouses?action=create&step=1', [active], {
        'v1.warehouses.create': () => ({ warehouse: created, outcome: 'added', deactivatedId: null }),
      });
      await formReady();
      await fillGeneral(user);
      await user.click(button('Далее'));
      await waitFor(() => expect(search().get('step')).toBe('2'));

      const d = step('Способ доставки');
      await user.click(radio(d, /Заберёт транспорт маркетплейса/));
      await fillSchedule(user, await fieldset(d, 'Приём заказов'), '12:00');
      await fillSchedule(user, await fieldset(d, 'Приезд машины'), '15:00');
      await choose(user, within(d).getByLabelText('Интервал приезда машины'), '2 ч');
      await user.type(within(d).getByLabelText('Ожидаемый объём, м³'), '10');
      await user.type(within(d).getByLabelText('Время на погрузку, мин'), '30');
      await choose(user, within(d).getByLabelText('Когда предупреждать об отгрузке'), 'За день до отгрузки');
      // The truck's base warehouse is asked for: the labels print its address.
      await user.click(button('Далее'));
      const base = within(d).getByLabelText('Базовый склад');
      await waitFor(() =>
        expect(within(base.closest('.ant-form-item')!).getByText('Обязательное поле')).toBeInTheDocument(),
      );
      expect(search().get('step')).toBe('2');
      await choose(user, base, 'Sofino');
      expect(within(d).getByText('Sofino, Logisticheskaya 1')).toBeInTheDocument();
      await user.click(button('Далее'));
      await waitFor(() => expect(search().get('step')).toBe('3'));

      const r = step('Способ возврата');
      await user.click(radio(r, /Привезёт транспорт маркетплейса/));
      await fillSchedule(user, await fieldset(r, 'График возвратов'), '15:00');
      expect(screen.queryByText('Добавить и активировать')).not.toBeInTheDocument();
      await user.click(button('Добавить склад'));

      expect(await screen.findByText('Склад добавлен')).toBeInTheDocument();
      expect(
        screen.getByText('Склад можно будет активировать после того, как поддержка одобрит время отгрузки.'),
      ).toBeInTheDocument();
      const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];
      expect(callsOf(call, 'v1.warehouses.create')).toEqual([
        {
          partnerId: 10002,
          draft: false,
          activate: false,
          general: {
            name: 'Склад на Тверской',
            address: {
              index: '125009',
              region: 'Москва',
              locality: 'Москва',
              street: 'ул. Тверская',
              house: '7',
            },
            phone: '4951112233',
            nonWorkingDays: [],
            comment: '',
          },
          deliveryMethod: {
            type: 'PICK_UP',
            version: '2.0',
            orderAcceptance: { days: weekdays, time: '12:00' },
            truckArrival: { days: weekdays, time: '15:00' },
            arrivalIntervalHours: 2,
            expectedVolume: 10,
            loadingMinutes: 30,
            noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
            baseWarehouse: 'Sofino',
          },
          returnMethod: { type: 'PICK_UP', version: '2.0', schedule: { days: weekdays, time: '15:00' } },
        },
      ]);
      await waitFor(() => expect(search().get('action')).toBeNull());
    },
  );

  it('keeps a draft with only a name', async () => {
    const draft = warehouse({
      name: 'Черновик склада',
      status: 'draft',
      deliveryMethod: null,
      returnMethod: null,
    });
    const { user, search } = setup('/warehouses?action=create&step=1', [active], {
      'v1.warehouses.create': () => ({ warehouse: draft, outcome: 'savedAsDraft', deactivatedId: null }),
    });
    await formReady();
    await enter(user, within(step('Общая информация')).getByLabelText('Название склада'), 'Черновик склада');
    await user.click(button('Сохранить черновик'));
    expect(await screen.findByText('Черновик сохранён')).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.create')).toEqual([
      { partnerId: 10002, general: { name: 'Черновик склада' }, draft: true, activate: false },
    ]);
    await waitFor(() => expect(search().get('action')).toBeNull());
  });

  it('asks before closing a form with unsaved input', async () => {
    const { user, search } = setup('/warehouses?action=create&step=1');
    await formReady();
    await enter(user, within(step('Общая информация')).getByLabelText('Название склада'), 'Склад');
    await user.click(closeDrawer());
    const dialog = (await screen.findAllByText('Закрыть форму?'))[0]!.closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await user.click(within(dialog).getByText('Остаться').closest('button')!);
    expect(search().get('action')).toBe('create');
    expect(within(step('Общая информация')).getByLabelText('Название склада')).toHaveValue('Склад');
  });
});

describe('server field errors', () => {
  const complete = warehouse({
    name: 'Склад в Подольске',
    status: 'draft',
    general: {
      name: 'Склад в Подольске',
      address: {
        index: '142100',
        region: 'Московская область',
        locality: 'Подольск',
        street: 'ул. Комсомольская',
        house: '1',
      },
      phone: '4961234567',
      nonWorkingDays: ['2026-12-30', '2026-12-31'],
      comment: '',
    },
  });

  it('land on their fields and open the step of the first one', async () => {
    const { user, search } = setup(`/warehouses?action=edit&id=${complete.id}&step=3`, [active, complete], {
      'v1.warehouses.edit': () => {
        throw rpcError('v1.warehouses.edit', 'Проверьте правильность заполнения полей', [
          { field: 'deliveryMethod.expectedVolume', message: 'Значение должно быть не больше 110' },
          { field: 'general.address.index', message: 'Такого индекса нет' },
          {
            field: 'general.nonWorkingDays.1',
            message: 'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра',
          },
        ]);
      },
    });
    await formReady();
    await user.click(button('Добавить склад'));
    await waitFor(() => expect(search().get('step')).toBe('1'));
    const g = step('Общая информация');
    expect(
      await within(itemOf(within(g).getByLabelText('Индекс'))).findByText('Такого индекса нет'),
    ).toBeInTheDocument();
    expect(
      within(itemOf(within(g).getByLabelText('Нерабочие дни'))).getByText(
        'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Не удалось внести изменения')).toBeInTheDocument();

    await user.click(within(steps()).getByText('Способ доставки'));
    const d = step('Способ доставки');
    expect(
      within(itemOf(within(d).getByLabelText('Ожидаемый объём, м³'))).getByText(
        'Значение должно быть не больше 110',
      ),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.edit')[0]).toMatchObject({ id: complete.id, draft: false });
  });

  it('without a field show the server’s message in the notification', async () => {
    const { user } = setup(`/warehouses?action=edit&id=${complete.id}&step=3`, [active, complete], {
      'v1.warehouses.edit': () => {
        throw rpcError(
          'v1.warehouses.edit',
          'Профиль доставки не настроен: обратитесь к менеджеру или в поддержку',
        );
      },
    });
    await formReady();
    await user.click(button('Добавить склад'));
    expect(await screen.findByText('Не удалось внести изменения')).toBeInTheDocument();
    expect(
      screen.getByText('Профиль доставки не настроен: обратитесь к менеджеру или в поддержку'),
    ).toBeInTheDocument();
  });
});

describe('finishing a drop-off draft', () => {
  const draft = warehouse({ name: 'Склад в Люберцах', status: 'draft' });

  it('warns that different delivery and return schedules double the logistics cost', async () => {
    const { user } = setup(`/warehouses?action=edit&id=${draft.id}&step=3`, [active, draft]);
    await formReady();
    const r = step('Способ возврата');
    expect(within(r).getByText(/логистика не дорожает/)).toBeInTheDocument();
    await choose(user, within(await fieldset(r, 'График возвратов')).getByLabelText('Время'), '17:00');
    expect(
      await within(r).findByText('Разные графики доставки и возврата удваивают стоимость логистики'),
    ).toBeInTheDocument();
  });

  it('«Добавить и активировать» asks first, then adds and activates in place of the active one', async () => {
    const { user, search } = setup(`/warehouses?action=edit&id=${draft.id}&step=3`, [active, draft], {
      'v1.warehouses.edit': () => ({
        warehouse: { ...draft, status: 'inactive' },
        outcome: 'added',
        deactivatedId: null,
      }),
      'v1.warehouses.activate': () => ({
        warehouse: { ...draft, status: 'active' },
        deactivatedId: active.id,
      }),
    });
    await formReady();
    await user.click(button('Добавить и активировать'));
    const dialog = (await screen.findAllByText('Активировать склад «Склад в Люберцах»?'))[0]!.closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(dialog).toHaveTextContent('Склад «Склад на Складочной» будет деактивирован.');
    expect(callsOf(call, 'v1.warehouses.edit')).toEqual([]);
    await user.click(within(dialog).getByText('Активировать').closest('button')!);
    expect(await screen.findByText('Склад добавлен и активирован')).toBeInTheDocument();
    expect(screen.getByText('Склад «Склад на Складочной» деактивирован.')).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.edit')[0]).toMatchObject({ id: draft.id, draft: false });
    expect(callsOf(call, 'v1.warehouses.activate')).toEqual([{ partnerId: 10002, id: draft.id }]);
    await waitFor(() => expect(search().get('action')).toBeNull());
  });
});

describe('editing a submitted warehouse', () => {
  it('locks the method types (only through support) and applies schedule changes in about 24 hours', async () => {
    const { user, search } = setup(`/warehouses?action=edit&id=${active.id}&step=2`, [active], {
      'v1.warehouses.edit': (p) => ({
        warehouse: {
          ...active,
          scheduleEffectiveFrom: '2026-11-22T09:00:00.000Z',
          ...((p.general as object) ? {} : {}),
        },
        outcome: 'changesApplied',
        deactivatedId: null,
      }),
    });
    await formReady();
    const d = step('Способ доставки');
    expect(
      within(d).getByText('Изменить способ доставки у добавленного склада можно только через поддержку.'),
    ).toBeInTheDocument();
    expect(radio(d, /Отвезу сам в пункт приёма/)).toBeDisabled();
    expect(radio(d, /Отвезу сам в пункт приёма/)).toBeChecked();
    expect(within(d).getByText('Bykovo, Aeroportovskaya 14')).toBeInTheDocument();
    expect(screen.queryByText('Сохранить черновик')).not.toBeInTheDocument();

    await choose(user, within(await fieldset(d, 'Привоз в пункт приёма')).getByLabelText('Время'), '17:00');
    await user.click(button('Сохранить изменения'));
    expect(await screen.findByText('Изменения применены')).toBeInTheDocument();
    expect(
      screen.getByText(/^Изменения графика вступят в силу 22\.11\.26 \d\d:00 — примерно через 24 часа\.$/),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.warehouses.edit')[0]).toMatchObject({
      id: active.id,
      draft: false,
      deliveryMethod: { type: 'DROP_OFF', shipment: { time: '17:00' } },
    });
    await waitFor(() => expect(search().get('action')).toBeNull());
  });

  it('cancelling an edit with changes says the changes were cancelled', async () => {
    const { user, search } = setup(`/warehouses?action=edit&id=${active.id}&step=1`);
    await formReady();
    await user.type(within(step('Общая информация')).getByLabelText('Название склада'), ' 2');
    await user.click(closeDrawer());
    const dialog = (await screen.findAllByText('Закрыть форму?'))[0]!.closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await user.click(within(dialog).getByText('Закрыть').closest('button')!);
    expect(await screen.findByText('Изменения отменены')).toBeInTheDocument();
    await waitFor(() => expect(search().get('action')).toBeNull());
    expect(callsOf(call, 'v1.warehouses.edit')).toEqual([]);
  });
});
