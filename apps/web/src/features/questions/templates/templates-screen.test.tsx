// The templates screen through the UI with the RPC client mocked: tabs per kind in the URL, adding a
// template with the spec's message, the contract's checks on the fields, a taken name put on its field by
// the server, and deleting after a confirmation.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { ReplyTemplate } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, rpcError, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { TemplatesScreen } from './templates-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });

const template = (over: Partial<ReplyTemplate> = {}): ReplyTemplate => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'question',
  name: 'Размер',
  content: 'Таблица размеров есть в карточке товара.',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  call.mockReset();
});

describe('templates screen', () => {
  it('lists a kind’s templates, adds one with the spec’s message, refuses a taken name on its field, deletes', async () => {
    let saves = 0;
    serve(call, {
      'v1.feedback.templates.list': (p) => ({
        items: p.kind === 'review' ? [] : [template()],
        counts: { question: 1, review: 0 },
      }),
      'v1.feedback.templates.save': (p) => {
        saves += 1;
        if (saves === 1)
          throw rpcError('v1.feedback.templates.save', 'Шаблон с таким названием уже есть', [
            { field: 'name', message: 'Шаблон с таким названием уже есть' },
          ]);
        return {
          template: template({ id: '00000000-0000-4000-8000-000000000002', name: String(p.name) }),
          outcome: 'added',
        };
      },
      'v1.feedback.templates.delete': () => ({ ok: true }),
    });
    const { user, search } = renderRoutes(
      [{ path: '/questions/templates', element: <TemplatesScreen partnerId={10001} /> }],
      '/questions/templates',
    );
    expect(await screen.findByRole('article', { name: 'Размер' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Для отзывов/ }));
    await waitFor(() => expect(search().get('kind')).toBe('review'));
    expect(await screen.findByText('Шаблонов пока нет')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Для вопросов/ }));

    await user.click(screen.getByRole('button', { name: /Добавить шаблон/ }));
    expect(search().get('action')).toBe('add');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    // Both fields' errors: findAll returns as soon as the first has rendered.
    await waitFor(() => expect(within(dialog).getAllByText('Обязательное поле')).toHaveLength(2));
    expect(callsOf(call, 'v1.feedback.templates.save')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Название'), 'Размер');
    await user.type(within(dialog).getByLabelText('Текст'), 'Берите на размер больше.');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Шаблон с таким названием уже есть')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Название'));
    await user.type(within(dialog).getByLabelText('Название'), 'Большемерит');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Шаблон добавлен')).toBeInTheDocument();
    expect(callsOf(call, 'v1.feedback.templates.save').at(-1)).toEqual({
      partnerId: 10001,
      kind: 'question',
      name: 'Большемерит',
      content: 'Берите на размер больше.',
    });
    await waitFor(() => expect(search().get('action')).toBeNull());

    const card = screen.getByRole('article', { name: 'Размер' });
    await user.click(within(card).getByRole('button', { name: 'Удалить' }));
    const confirm = await waitFor(() => {
      const pop = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!pop) throw new Error('no confirmation');
      return pop;
    });
    expect(within(confirm).getByText('Удалить шаблон «Размер»?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Шаблон удалён')).toBeInTheDocument();
    expect(callsOf(call, 'v1.feedback.templates.delete')).toEqual([
      { partnerId: 10001, id: '00000000-0000-4000-8000-000000000001' },
    ]);
  });
});
