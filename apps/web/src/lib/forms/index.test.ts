// The server's field errors on a form: which field each path names, what lands on an Ant Design form
// (and what is cleared), and what is left for the notification.
import { describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { z } from 'zod';
import type { FieldError } from '@moda/contracts';
import { RpcError } from '../api/rpc-error';
import {
  applyServerErrors,
  failureDescription,
  fieldErrorsOf,
  fieldForPath,
  hasErrors,
  placeFieldErrors,
  schemaErrors,
  schemaRule,
  serverFieldErrors,
} from '.';

function refusal(errors: FieldError[], apiMessage = 'Проверьте поля формы') {
  return new RpcError({
    method: 'v1.test',
    request: {},
    response: {},
    apiMessage,
    code: 50400,
    data: errors.length ? { errors } : undefined,
  });
}

describe('fieldForPath', () => {
  const fields = ['general.name', 'general.address.index', 'general.address.house', 'general.days'];
  it.each([
    ['general.name', 'general.name'],
    ['general.days.2', 'general.days'],
    ['general.address', 'general.address.index'],
    ['general.phone', null],
    ['comment', null],
  ])('%s lands on %s', (path, field) => {
    expect(fieldForPath(path, { fields })).toBe(field);
  });

  it('drops the prefix and renames before looking', () => {
    const map = { fields: ['phone', 'fullName'], prefix: 'contacts.', rename: { name: 'fullName' } };
    expect(fieldForPath('contacts.phone', map)).toBe('phone');
    expect(fieldForPath('contacts.name', map)).toBe('fullName');
    expect(fieldForPath('phone', map)).toBe('phone');
    expect(fieldForPath('contacts', map)).toBeNull();
  });

  it('takes every path as a field when the form lists none', () => {
    expect(fieldForPath('card.sizes.1.barcode', { prefix: 'card.' })).toBe('sizes.1.barcode');
  });
});

describe('the server field errors of a failure', () => {
  it('are none for a failure that is not a refusal of the server', () => {
    expect(fieldErrorsOf(new Error('offline'))).toEqual([]);
    expect(serverFieldErrors(undefined)).toEqual({});
  });

  it('keep the first message of each field and set apart what no field shows', () => {
    const errors = [
      { field: 'price', message: 'Цена обязательна' },
      { field: 'price', message: 'Цена слишком мала' },
      { field: 'item', message: 'Товар не найден' },
    ];
    const placed = placeFieldErrors(errors, { fields: ['price', 'discount'] });
    expect([...placed.byField]).toEqual([['price', ['Цена обязательна']]]);
    expect(placed.unplaced).toEqual([{ field: 'item', message: 'Товар не найден' }]);
    expect(serverFieldErrors(refusal(errors), { fields: ['price'] })).toEqual({ price: 'Цена обязательна' });
    expect(serverFieldErrors(refusal(errors))).toEqual({
      price: 'Цена обязательна',
      item: 'Товар не найден',
    });
  });
});

describe('failureDescription', () => {
  it("says what no field shows, else the server's message, else nothing", () => {
    const error = refusal([{ field: 'attachmentId', message: 'Файл не найден' }], 'Ошибка в данных');
    expect(failureDescription(error, { unplaced: fieldErrorsOf(error) })).toBe('Файл не найден');
    expect(failureDescription(error)).toBe('Ошибка в данных');
    expect(failureDescription(refusal([], ''))).toBeUndefined();
    expect(failureDescription(new Error('offline'))).toBeUndefined();
  });
});

describe('schema checks', () => {
  const schema = z.object({
    email: z.string().email('Неверный email'),
    name: z.string().min(1, 'Обязательное поле'),
  });

  it('give one message per field, none for valid values', () => {
    expect(schemaErrors(schema, { email: 'x', name: '' })).toEqual({
      email: 'Неверный email',
      name: 'Обязательное поле',
    });
    expect(hasErrors(schemaErrors(schema, { email: 'a@b.ru', name: 'Анна' }))).toBe(false);
  });

  it('refuse a field with the schema message as an Ant Design rule', async () => {
    const rule = schemaRule(schema.shape.name);
    if (typeof rule === 'function' || !rule.validator) throw new Error('a validator rule expected');
    const validate = rule.validator.bind(null, {}, '', () => undefined) as () => Promise<void>;
    await expect(validate()).rejects.toThrow('Обязательное поле');
  });

  it('leave an empty field to the form when asked to check filled fields only', async () => {
    const rule = schemaRule(z.number().min(1, 'Не меньше 1'), { filledOnly: true });
    if (typeof rule === 'function' || !rule.validator) throw new Error('a validator rule expected');
    const validate = (value: unknown) =>
      rule.validator!({}, value, () => undefined) as unknown as Promise<void>;
    await expect(validate(null)).resolves.toBeUndefined();
    await expect(validate(undefined)).resolves.toBeUndefined();
    await expect(validate(0)).rejects.toThrow('Не меньше 1');
  });
});

describe('applyServerErrors on an Ant Design form', () => {
  function renderForm() {
    let form!: FormInstance;
    function Harness(): ReactNode {
      const [instance] = Form.useForm();
      form = instance;
      return createElement(
        Form,
        { form: instance },
        createElement(Form.Item, { name: 'name', label: 'Имя' }, createElement(Input)),
        createElement(Form.Item, { name: 'phone', label: 'Телефон' }, createElement(Input)),
      );
    }
    render(createElement(Harness));
    return form;
  }

  it('shows the messages on their fields, clears stale ones and returns the rest', async () => {
    const form = renderForm();
    const map = { fields: ['name', 'phone'], prefix: 'contacts.' };
    await act(async () => {
      applyServerErrors(form, refusal([{ field: 'contacts.name', message: 'Имя слишком длинное' }]), map);
    });
    expect(await screen.findByText('Имя слишком длинное')).toBeInTheDocument();

    let placed!: ReturnType<typeof applyServerErrors>;
    await act(async () => {
      placed = applyServerErrors(
        form,
        refusal([
          { field: 'contacts.phone', message: 'Неверный номер' },
          { field: 'contacts.email', message: 'Неверный email' },
        ]),
        map,
      );
    });
    expect(await screen.findByText('Неверный номер')).toBeInTheDocument();
    // The old message leaves through an animation: the form's state says it is gone.
    expect(form.getFieldError('name')).toEqual([]);
    expect(placed.unplaced).toEqual([{ field: 'contacts.email', message: 'Неверный email' }]);
  });

  it('places nothing for a failure without field errors', async () => {
    const form = renderForm();
    let placed!: ReturnType<typeof applyServerErrors>;
    await act(async () => {
      placed = applyServerErrors(form, new Error('offline'), { fields: ['name', 'phone'] });
    });
    expect(placed.byField.size).toBe(0);
    expect(form.getFieldsError().every((f) => f.errors.length === 0)).toBe(true);
  });
});
