// The contract building blocks: the state-machine helper, Russian validation messages, the catalogue.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableActions, checkTransition, defineStateMachine } from './state-machine';
import { toFieldErrors } from './messages';
import { ERRORS } from './errors';
import { METHODS, UPLOAD_TYPES, accessAreaOf, accessNeeded, defineMethod, Empty, Ok } from './index';

const door = defineStateMachine({
  name: 'door',
  states: ['open', 'closed', 'locked'],
  initial: 'closed',
  transitions: {
    open: { from: ['closed'], to: 'open', by: ['partner_user'] },
    close: { from: ['open'], to: 'closed', by: ['partner_user', 'platform'] },
    lock: { from: ['closed'], to: 'locked', by: ['admin'] },
  },
});

describe('state machines', () => {
  it('allows a transition from its source states to the actors it names', () => {
    expect(checkTransition(door, 'open', 'closed', ['partner_user'])).toBeNull();
    expect(checkTransition(door, 'open', 'open', ['partner_user'])).toBe('notAllowedFromState');
    expect(checkTransition(door, 'lock', 'closed', ['partner_user'])).toBe('forbidden');
    expect(checkTransition(door, 'close', 'open', ['platform'])).toBeNull();
  });

  it('lists the actions an actor may take from a state', () => {
    expect(availableActions(door, 'closed', ['partner_user'])).toEqual(['open']);
    expect(availableActions(door, 'closed', ['partner_user', 'admin'])).toEqual(['open', 'lock']);
    expect(availableActions(door, 'locked', ['admin'])).toEqual([]);
  });

  it('refuses a machine that names an unknown state', () => {
    expect(() =>
      defineStateMachine({
        name: 'bad',
        states: ['a'],
        initial: 'a',
        transitions: { go: { from: ['a'], to: 'b' as 'a', by: ['admin'] } },
      }),
    ).toThrow(/unknown state b/);
  });
});

describe('validation messages', () => {
  const schema = z.strictObject({
    name: z.string().min(2).max(5),
    title: z.string().min(1),
    count: z.number().int().positive(),
    volume: z.number().min(1).max(110),
    email: z.email(),
    items: z.array(z.string()).min(1),
  });
  const errors = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : toFieldErrors(r.error);
  };

  it('speaks Russian for each general rule of spec 001 §5', () => {
    expect(errors({ name: 'a', title: '', count: 1.5, volume: 0, email: 'x', items: [] })).toEqual([
      { field: 'name', message: 'Слишком короткий текст: нужно не меньше 2 символов' },
      { field: 'title', message: 'Обязательное поле' },
      { field: 'count', message: 'Допускаются только целые числа' },
      { field: 'volume', message: 'Значение должно быть не меньше 1' },
      { field: 'email', message: 'Введите корректный email' },
      { field: 'items', message: 'Нужно не меньше 1 элементов' },
    ]);
    expect(
      errors({ name: 'abcdef', title: 'x', count: 0, volume: 111, email: 'a@b.ru', items: ['a'] }),
    ).toEqual([
      { field: 'name', message: 'Не более 5 символов' },
      { field: 'count', message: 'Число должно быть больше нуля' },
      { field: 'volume', message: 'Значение должно быть не больше 110' },
    ]);
  });

  it('a missing field is required; an unknown one is named', () => {
    expect(errors({ title: 'x', count: 1, volume: 1, email: 'a@b.ru', items: ['a'], extra: 1 })).toEqual([
      { field: 'name', message: 'Обязательное поле' },
      { field: 'extra', message: 'Неизвестное поле' },
    ]);
  });

  it('an empty choice is required; a choice outside the list is invalid', () => {
    const choice = z.strictObject({ gender: z.enum(['men', 'women']) });
    const message = (gender: unknown) => {
      const r = choice.safeParse({ gender });
      return r.success ? null : toFieldErrors(r.error)[0]?.message;
    };
    expect(message(undefined)).toBe('Обязательное поле');
    expect(message(null)).toBe('Обязательное поле');
    expect(message('')).toBe('Обязательное поле');
    expect(message('cats')).toBe('Недопустимое значение');
  });
});

describe('the catalogue', () => {
  it('names every method v{n}.{area}.{action} and refuses other names', () => {
    for (const name of Object.keys(METHODS)) expect(name).toMatch(/^v\d+\.[a-z-]+\./);
    expect(() =>
      defineMethod({
        name: 'tokens',
        params: Empty,
        result: Ok,
        roles: 'public',
        partner: false,
        mutates: false,
        description: '',
      }),
    ).toThrow();
  });

  it('declares partnerId in the params of every method that acts for a partner', () => {
    for (const m of Object.values(METHODS)) {
      // An object, or a union of objects (the questionnaire's pages): every option says the same.
      const def = (m.params as unknown as { def: { type: string; options?: z.ZodObject[] } }).def;
      const options = def.type === 'union' ? def.options! : [m.params as z.ZodObject];
      // Marketplace systems name the partner of the order they create; they act for no partner themselves.
      if (m.roles === 'platform') expect(m.partner, m.name).toBe(false);
      else
        for (const option of options)
          expect('partnerId' in (option.shape as Record<string, unknown>), m.name).toBe(m.partner);
    }
  });

  it('puts every seller method in an access area (API scopes and team roles check against it)', () => {
    for (const m of Object.values(METHODS)) {
      const sellerMethod = Array.isArray(m.roles) && (m.roles as readonly string[]).includes('partner_user');
      if (sellerMethod) expect(accessAreaOf(m.name), m.name).not.toBeNull();
      if (m.roles === 'public' || m.roles === 'platform') expect(accessAreaOf(m.name), m.name).toBeNull();
    }
    expect(accessNeeded({ name: 'v1.nomenclatures.set-prices', mutates: true })).toEqual({
      area: 'prices',
      level: 'write',
    });
    expect(accessNeeded({ name: 'v1.nomenclatures.list', mutates: false })).toEqual({
      area: 'catalogue',
      level: 'read',
    });
    expect(accessAreaOf('v1.analytics.recommended-shipment.get')).toBe('fbo');
  });

  it('gives every error a message and an application or standard code', () => {
    for (const [key, def] of Object.entries(ERRORS)) {
      expect(def.message.length, key).toBeGreaterThan(3);
      expect([-32700, -32600, -32601, -32602, -32603, 50400, 50401, 50403, 50404, 50429, 50500]).toContain(
        def.code,
      );
    }
  });
});

describe('upload types', () => {
  it('carry the roles of the method the file feeds', () => {
    const fed = Object.entries(UPLOAD_TYPES).filter(([, t]) => 'feeds' in t);
    expect(fed.length).toBeGreaterThan(0);
    for (const [type, t] of fed) {
      const method = METHODS[(t as { feeds: string }).feeds];
      expect(method, type).toBeDefined();
      expect([...t.roles].sort(), type).toEqual([...(method!.roles as readonly string[])].sort());
    }
  });

  it('never let an onboarding user feed the catalogue', () => {
    expect(UPLOAD_TYPES.nomenclature_import.roles).not.toContain('onboarding_user');
  });
});
