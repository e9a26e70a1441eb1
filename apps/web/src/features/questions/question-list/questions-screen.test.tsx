// The questions screen through the UI with the RPC client mocked: cards with product, status and answer, the
// filters kept in the URL and sent to the server, the composer taking a template of the item's kind, the
// live pre-send check marking a phone number and asking before sending, the spec's message, cancelling a
// rejected answer, and the block shown with its end.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { FeedbackItem } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, serve, type Handlers } from '../../../test/mock-api';
import { choose, renderRoutes } from '../../../test/render';
import { QuestionsScreen } from './questions-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

const PARTNER_ID = 10001;
const NOW = new Date('2026-11-21T09:00:00Z');

function item(over: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id: '1',
    type: 'question',
    status: 'new',
    createdAt: '2026-11-20T10:00:00.000Z',
    text: 'Какой рост у модели на фото?',
    rating: null,
    sizeFit: null,
    authorName: 'Анна',
    product: {
      sellerSku: 'NW-0001-42',
      sellerParentSku: 'NW-0001',
      modaSku: 'MD10001000001',
      modaParentSku: 'MDP10001000001',
      title: 'Платье миди, чёрный',
      brand: 'Nord Wind',
      size: '42',
      imageUrl: null,
    },
    answer: null,
    actions: ['send'],
    ...over,
  };
}

const answering = { sellerAnswers: true, block: 'none' as const, blockedUntil: null, strikes: 0 };
const zero = { new: 0, in_progress: 0, answered: 0, rejected: 0 };

function handlers(items: FeedbackItem[], over: Handlers = {}): Handlers {
  return {
    'v1.questions.list': (p) => ({ items, total: items.length, page: p.page, pageSize: p.pageSize }),
    'v1.questions.meta': () => ({
      counts: { question: { ...zero, new: 3 }, review: { ...zero, new: 1 } },
      brands: ['Nord Wind', 'Levi’s'],
      answering,
    }),
    'v1.questions.stats': () => ({
      periodDays: 30,
      from: '2026-10-22T09:00:00.000Z',
      to: '2026-11-21T09:00:00.000Z',
      total: 20,
      answeredInTime: 15,
      late: 4,
      pending: 1,
      share: 78.9,
      averageResponseMinutes: 125,
      level: 'upper_medium',
    }),
    'v1.feedback.templates.list': (p) => ({
      items:
        p.kind === 'question'
          ? [
              {
                id: '00000000-0000-4000-8000-000000000001',
                kind: 'question',
                name: 'Размер',
                content: 'Здравствуйте! Таблица размеров есть в карточке товара.',
                createdAt: '2026-11-01T10:00:00.000Z',
                updatedAt: '2026-11-01T10:00:00.000Z',
              },
            ]
          : [],
      counts: { question: 1, review: 0 },
    }),
    ...over,
  };
}

const render = (path = '/questions') =>
  renderRoutes(
    [
      { path: '/questions', element: <QuestionsScreen partnerId={PARTNER_ID} now={NOW} /> },
      { path: '/questions/templates', element: <p>templates</p> },
      { path: '/profile/settings', element: <p>settings</p> },
    ],
    path,
  );

beforeEach(() => {
  call.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('questions screen', () => {
  it('shows cards, the timely-answer share, and keeps the filters in the URL', async () => {
    serve(
      call,
      handlers([
        item(),
        item({
          id: '2',
          status: 'rejected',
          answer: {
            status: 'rejected',
            text: 'Пишите в WhatsApp',
            author: 'seller',
            sentAt: '2026-11-20T12:00:00.000Z',
            updatedAt: '2026-11-20T12:00:00.000Z',
            publishedAt: null,
            flags: ['contacts'],
            rejection: { reason: 'communication_rules', comment: null, at: '2026-11-20T13:00:00.000Z' },
          },
          actions: ['cancel'],
        }),
      ]),
    );
    const { search, user } = render();
    const first = await screen.findByRole('article', { name: 'Вопрос 1' });
    expect(within(first).getByText('Платье миди, чёрный')).toBeInTheDocument();
    expect(within(first).getByText('Артикул продавца: NW-0001')).toBeInTheDocument();
    expect(within(first).getByText('Артикул Moda: MDP10001000001')).toBeInTheDocument();
    expect(within(first).getByText('Без ответа')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Вопрос 2' });
    expect(within(second).getByText('Отклонён на модерации')).toBeInTheDocument();
    expect(
      within(second).getByText('Причина отклонения: Нарушение правил общения с покупателями'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Выше среднего')).toBeInTheDocument();
    expect(screen.getByText('78,9% за 30 дней')).toBeInTheDocument();
    expect(screen.getByText(/Среднее время ответа: 2 ч 5 мин/)).toBeInTheDocument();

    await choose(user, screen.getByRole('combobox', { name: 'Статус' }), 'Без ответа · 3');
    await waitFor(() => expect(search().get('status')).toBe('new'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.questions.list').at(-1)).toMatchObject({
        partnerId: PARTNER_ID,
        type: 'question',
        status: ['new'],
        sort: '-created_at',
        page: 1,
      }),
    );
    await user.click(screen.getByRole('tab', { name: /Отзывы/ }));
    await waitFor(() => expect(search().get('type')).toBe('review'));
    await choose(user, screen.getByRole('combobox', { name: 'Посадка' }), 'Маломерит');
    await waitFor(() =>
      expect(callsOf(call, 'v1.questions.list').at(-1)).toMatchObject({
        type: 'review',
        sizeFit: ['runs_small'],
      }),
    );
    expect(search().get('sizeFit')).toBe('runs_small');
  });

  it('answers from a template; the check marks a phone number and asks before sending it', async () => {
    let answered: Record<string, unknown> | null = null;
    serve(
      call,
      handlers([item()], {
        'v1.questions.answer': (p) => {
          answered = p;
          return {
            item: item({
              status: 'in_progress',
              answer: {
                status: 'on_moderation',
                text: String(p.text),
                author: 'seller',
                sentAt: NOW.toISOString(),
                updatedAt: NOW.toISOString(),
                publishedAt: null,
                flags: ['contacts'],
                rejection: null,
              },
              actions: ['edit'],
            }),
            outcome: 'sent',
          };
        },
      }),
    );
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Вопрос 1' });
    await user.click(within(card).getByRole('button', { name: 'Ответить' }));
    await choose(user, within(card).getByRole('combobox', { name: 'Шаблон' }), 'Размер');
    const field = within(card).getByRole('textbox', { name: 'Текст ответа' });
    expect(field).toHaveValue('Здравствуйте! Таблица размеров есть в карточке товара.');
    expect(
      await within(card).findByText('Проверка перед отправкой: нарушений не найдено'),
    ).toBeInTheDocument();

    await user.type(field, ' Звоните +7 999 123-45-67');
    const alert = await within(card).findByRole('alert');
    expect(within(alert).getByText('Модерация, скорее всего, отклонит этот ответ')).toBeInTheDocument();
    expect(alert.querySelector('mark')).toHaveTextContent('+7 999 123-45-67');

    await user.click(within(card).getByRole('button', { name: 'Отправить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Отправить ответ специалисту модерации?')[0]).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Всё равно отправить' }));
    expect(await screen.findByText('Ответ отправлен на модерацию')).toBeInTheDocument();
    expect(answered).toEqual({
      partnerId: PARTNER_ID,
      id: '1',
      text: 'Здравствуйте! Таблица размеров есть в карточке товара. Звоните +7 999 123-45-67',
    });
  });

  it('cancels a rejected answer after a confirmation', async () => {
    const rejected = item({
      status: 'rejected',
      answer: {
        status: 'rejected',
        text: 'Это есть на Wildberries',
        author: 'seller',
        sentAt: '2026-11-20T12:00:00.000Z',
        updatedAt: '2026-11-20T12:00:00.000Z',
        publishedAt: null,
        flags: ['other_shops'],
        rejection: { reason: 'other_shops', comment: null, at: '2026-11-20T13:00:00.000Z' },
      },
      actions: ['cancel'],
    });
    serve(call, handlers([rejected], { 'v1.feedback.delete-items': () => ({ items: [item()] }) }));
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Вопрос 1' });
    await user.click(within(card).getByRole('button', { name: 'Отменить ответ' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Отменить отклонённый ответ?')[0]).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отменить ответ' }));
    expect(await screen.findByText('Ответ отменён')).toBeInTheDocument();
    expect(callsOf(call, 'v1.feedback.delete-items')).toEqual([
      { partnerId: PARTNER_ID, questionIds: ['1'] },
    ]);
  });

  it('shows the block with its end, and offers no answer while it lasts', async () => {
    serve(
      call,
      handlers([item({ actions: [] })], {
        'v1.questions.meta': () => ({
          counts: { question: zero, review: zero },
          brands: [],
          answering: {
            ...answering,
            block: 'temporary',
            strikes: 2,
            blockedUntil: '2026-11-28T09:00:00.000Z',
          },
        }),
      }),
    );
    render();
    expect(await screen.findByText(/^Ответы заблокированы до 28\.11\.26/)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Вопрос 1' });
    expect(within(card).queryByRole('button', { name: 'Ответить' })).toBeNull();
  });
});
