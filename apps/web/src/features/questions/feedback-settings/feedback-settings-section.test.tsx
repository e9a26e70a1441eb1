// The settings' feedback section through the UI with the RPC client mocked: the strikes and the block, a
// seller who cannot delete a strike, support deleting one after a confirmation, and the moderation queue
// rejecting an answer with the reason the check suggests.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { FeedbackItem } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, serve, type Handlers } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { FeedbackSettingsSection } from './feedback-settings-section';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

const STRIKE = {
  id: '00000000-0000-4000-8000-0000000000aa',
  feedbackId: '7',
  type: 'question' as const,
  productTitle: 'Платье миди',
  sellerParentSku: 'NW-0001',
  answerText: 'Пишите в WhatsApp',
  reason: 'contacts' as const,
  comment: null,
  rejectedAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
};

const waiting: FeedbackItem = {
  id: '9',
  type: 'question',
  status: 'in_progress',
  createdAt: '2026-11-20T10:00:00.000Z',
  text: 'Есть ли подкладка?',
  rating: null,
  sizeFit: null,
  authorName: 'Анна',
  product: {
    sellerSku: 'NW-0002-42',
    sellerParentSku: 'NW-0002',
    modaSku: 'MD10001000002',
    modaParentSku: 'MDP10001000002',
    title: 'Куртка',
    brand: 'Nord Wind',
    size: '42',
    imageUrl: null,
  },
  answer: {
    status: 'on_moderation',
    text: 'Звоните +7 999 123-45-67',
    author: 'seller',
    sentAt: '2026-11-20T11:00:00.000Z',
    updatedAt: '2026-11-20T11:00:00.000Z',
    publishedAt: null,
    flags: ['contacts'],
    rejection: null,
  },
  actions: ['publish', 'reject'],
};

const handlers: Handlers = {
  'v1.feedback.seller-feedback.get': () => ({
    answering: { sellerAnswers: true, block: 'none', blockedUntil: null, strikes: 1 },
    strikes: [STRIKE],
    rejected: [],
  }),
  'v1.feedback.strikes.delete': () => ({
    sellerAnswers: true,
    block: 'none',
    blockedUntil: null,
    strikes: 0,
  }),
  'v1.feedback.moderation.list': () => ({
    items: [{ partnerId: 10001, shopName: 'Северный ветер', item: waiting }],
    total: 1,
  }),
  'v1.feedback.moderation.decide': () => ({ ...waiting, status: 'rejected' as const, actions: [] }),
};

beforeEach(() => {
  call.mockReset();
  serve(call, handlers);
});

describe('feedback settings', () => {
  it('shows the strikes and the warning; a seller may not delete a strike', async () => {
    renderRoutes(
      [
        {
          path: '/profile/settings',
          element: <FeedbackSettingsSection partnerId={10001} roles={['partner_user']} />,
        },
      ],
      '/profile/settings',
    );
    expect(await screen.findByText('Один ответ уже отклонён модерацией')).toBeInTheDocument();
    expect(screen.getByText('Пишите в WhatsApp')).toBeInTheDocument();
    expect(screen.getByText('Контактные данные в ответе')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить отклонение' })).toBeNull();
    expect(screen.queryByText('Модерация ответов')).toBeNull();
  });

  it('support deletes a strike and rejects a waiting answer with the suggested reason', async () => {
    const { user } = renderRoutes(
      [
        {
          path: '/profile/settings',
          element: <FeedbackSettingsSection partnerId={10001} roles={['support_engineer']} />,
        },
      ],
      '/profile/settings',
    );
    await user.click(await screen.findByRole('button', { name: 'Удалить отклонение' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить отклонение' }));
    expect(await screen.findByText('Отклонение удалено')).toBeInTheDocument();
    expect(callsOf(call, 'v1.feedback.strikes.delete')).toEqual([{ partnerId: 10001, id: STRIKE.id }]);

    const queued = await screen.findByRole('article', { name: 'Северный ветер (9)' });
    expect(queued.querySelector('mark')).toHaveTextContent('+7 999 123-45-67');
    await user.click(within(queued).getByRole('button', { name: 'Отклонить' }));
    const reject = await screen.findByRole('dialog', { name: 'Отклонить ответ' });
    expect(within(reject).getByText('Контактные данные в ответе')).toBeInTheDocument();
    await user.click(within(reject).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.feedback.moderation.decide')).toEqual([
        { partnerId: 10001, questionId: '9', decision: 'reject', reason: 'contacts' },
      ]),
    );
  });
});
