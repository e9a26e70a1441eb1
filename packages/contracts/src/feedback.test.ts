// The feedback contract: the answer's state machine, the automatic moderation rules (what they catch and,
// as important, the ordinary answers they leave alone), the timely-answer levels and the platform's input.
import { describe, expect, it } from 'vitest';
import { availableActions, checkTransition } from './state-machine';
import { brokenRules, checkAnswer } from './feedback-check';
import {
  ANSWER_MACHINE,
  AnswerState,
  QUESTION_STATUS_OF,
  TIMELY_ANSWER,
  moderationDecide,
  platformFeedbackCreate,
  templatesSave,
  timelyLevel,
} from './feedback';
import { toFieldErrors } from './messages';

describe('the answer’s state machine', () => {
  it('has the spec’s four states, each shown to the API as a question status', () => {
    expect(AnswerState.options).toEqual(['new', 'on_moderation', 'rejected', 'answered']);
    expect(Object.values(QUESTION_STATUS_OF)).toEqual(['new', 'in_progress', 'rejected', 'answered']);
  });

  it('lets the seller send, edit and cancel; moderation publish and reject; nobody else', () => {
    const seller = ['partner_user'] as const;
    expect(availableActions(ANSWER_MACHINE, 'new', seller)).toEqual(['send']);
    expect(availableActions(ANSWER_MACHINE, 'on_moderation', seller)).toEqual(['edit']);
    expect(availableActions(ANSWER_MACHINE, 'answered', seller)).toEqual(['edit']);
    expect(availableActions(ANSWER_MACHINE, 'rejected', seller)).toEqual(['cancel']);
    expect(availableActions(ANSWER_MACHINE, 'on_moderation', ['support_engineer'])).toEqual([
      'publish',
      'reject',
    ]);
    expect(checkTransition(ANSWER_MACHINE, 'reject', 'on_moderation', ['partner_user'])).toBe('forbidden');
    expect(checkTransition(ANSWER_MACHINE, 'publish', 'rejected', ['platform'])).toBe('notAllowedFromState');
    expect(checkTransition(ANSWER_MACHINE, 'send', 'new', ['cc_operator'])).toBe('forbidden');
  });
});

describe('the automatic check', () => {
  const rules = (text: string) => brokenRules(text);

  it.each([
    ['Позвоните нам: +7 (999) 123-45-67', 'contacts'],
    ['Наш номер 89991234567, звоните', 'contacts'],
    ['Пишите на shop@example.ru', 'contacts'],
    ['Напишите нам в WhatsApp', 'contacts'],
    ['Ответим в телеграме @modnyi_shop', 'contacts'],
    ['Все размеры на https://example.com/sizes', 'links'],
    ['Загляните на www.shop-example.ru', 'links'],
    ['Подробнее на shop-example.ru', 'links'],
    ['На Wildberries это платье дешевле', 'other_shops'],
    ['Есть на озоне', 'other_shops'],
    ['Закажите на нашем сайте со скидкой', 'other_shops'],
    ['В других магазинах цена выше', 'other_shops'],
    ['Сами вы дураки', 'insults'],
    ['Что за идиотский вопрос', 'insults'],
  ])('refuses «%s» (%s)', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    'Спасибо за отзыв! Рады, что платье подошло.',
    'Размер 42-44 соответствует обхвату груди 88 см.',
    'Цена 2 990 ₽ действует до конца недели.',
    'Артикул MD10001000062, штрихкод 4601234567890.',
    'У этой модели тупой мыс, поэтому берите на размер меньше.',
    'Таблица размеров есть на moda.ru в карточке товара.',
    'Подробнее: https://moda.ru/help/sizes',
    'Уродился хороший лён: ткань плотная и мягкая.',
    'Доставим за 2–3 дня, т.е. к выходным.',
  ])('leaves «%s» alone', (text) => {
    expect(checkAnswer(text)).toEqual([]);
  });

  it('marks where the offending text is, each span once, in reading order', () => {
    const text = 'Пишите на shop@example.ru или звоните +7 999 123 45 67';
    const hits = checkAnswer(text);
    expect(hits.map((h) => [h.rule, text.slice(h.start, h.end)])).toEqual([
      ['contacts', 'shop@example.ru'],
      ['contacts', '+7 999 123 45 67'],
    ]);
  });
});

describe('the timely-answer share', () => {
  it('maps a share to its level at the boundaries', () => {
    expect(timelyLevel(0)).toBe('very_low');
    expect(timelyLevel(39.9)).toBe('very_low');
    expect(timelyLevel(40)).toBe('low');
    expect(timelyLevel(60)).toBe('medium');
    expect(timelyLevel(75)).toBe('upper_medium');
    expect(timelyLevel(89.9)).toBe('upper_medium');
    expect(timelyLevel(90)).toBe('high');
    expect(timelyLevel(100)).toBe('high');
    expect(TIMELY_ANSWER.levels.map((l) => l.level)).toEqual([
      'very_low',
      'low',
      'medium',
      'upper_medium',
      'high',
    ]);
  });
});

describe('inputs', () => {
  const errors = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : toFieldErrors(r.error as Parameters<typeof toFieldErrors>[0]);
  };

  it('a review needs a rating; a question has neither a rating nor a size fit', () => {
    const base = { partnerId: 10001, sellerSku: 'A-1', text: 'Хорошее', authorName: 'Анна' };
    expect(errors(platformFeedbackCreate.params, { ...base, type: 'review' })).toEqual([
      { field: 'rating', message: 'У отзыва должна быть оценка от 1 до 5' },
    ]);
    expect(
      errors(platformFeedbackCreate.params, { ...base, type: 'question', rating: 5, sizeFit: 'runs_small' }),
    ).toHaveLength(2);
    expect(errors(platformFeedbackCreate.params, { ...base, type: 'review', rating: 6 })[0]?.field).toBe(
      'rating',
    );
  });

  it('a rejection names its reason', () => {
    expect(
      errors(moderationDecide.params, { partnerId: 10001, questionId: '1', decision: 'reject' }),
    ).toEqual([{ field: 'reason', message: 'Укажите причину отклонения' }]);
    expect(
      errors(moderationDecide.params, { partnerId: 10001, questionId: '1', decision: 'publish' }),
    ).toEqual([]);
  });

  it('a template needs a name and a text within their lengths', () => {
    const t = { partnerId: 10001, kind: 'question' };
    expect(errors(templatesSave.params, { ...t, name: '  ', content: '' })).toEqual([
      { field: 'name', message: 'Обязательное поле' },
      { field: 'content', message: 'Обязательное поле' },
    ]);
    expect(errors(templatesSave.params, { ...t, name: 'x'.repeat(101), content: 'а' })).toEqual([
      { field: 'name', message: 'Не более 100 символов' },
      { field: 'content', message: 'Слишком короткий текст: нужно не меньше 2 символов' },
    ]);
  });
});
