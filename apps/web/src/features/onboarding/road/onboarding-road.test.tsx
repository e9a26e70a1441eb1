// The road on a new seller's home: each step's state, the welcome modal on first visit (closed in the URL),
// the review date, the deadline warning acknowledged, the committee's question answered, and the finish.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../../test/render';
import { callsOf, committee, road, serve, survey } from '../onboarding-test-utils';
import { OnboardingRoad } from './onboarding-road';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
beforeEach(() => {
  call.mockReset();
});

const show = (reload = vi.fn(async () => undefined), known: number[] = []) =>
  renderRoutes(
    [
      { path: '/', element: <OnboardingRoad knownPartnerIds={known} reloadSession={reload} /> },
      { path: '/onboarding', element: <p>questionnaire</p> },
    ],
    '/',
  );

describe('the road', () => {
  it('welcomes a seller who has not started, and the closed welcome stays closed in the URL', async () => {
    serve(call, { 'v1.onboarding.road.get': () => road(['notStarted']) });
    const { user, search } = show();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Добро пожаловать на Moda!')).toBeInTheDocument();
    expect(screen.getByTestId('step-initialSeller')).toHaveTextContent('Не начато');
    expect(screen.getByTestId('step-logistics')).toHaveTextContent('Недоступно');
    await user.click(within(dialog).getByRole('button', { name: 'Позже' }));
    expect(search().get('welcome')).toBe('closed');
  });

  it('tells the date of the answer while on review, DD.MM.YY', async () => {
    serve(call, {
      'v1.onboarding.road.get': () =>
        road(['underConsideration'], {
          survey: survey({ status: 'on_review', reviewDueDate: '2026-11-24' }),
        }),
    });
    show();
    expect(await screen.findByText('Ответим до 24.11.26')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('step-initialSeller')).toHaveTextContent('На рассмотрении');
  });

  it('shows the deadline warning until the seller acknowledges it', async () => {
    const id = 'survey_deadline_warning:1';
    serve(call, {
      'v1.onboarding.road.get': () =>
        road(['started'], {
          survey: survey({ status: 'on_draft' }),
          notifications: [{ id, type: 'survey_deadline_warning', expiresOn: '2027-02-18', acted: false }],
        }),
      'v1.surveys.notification.act': () => ({ ok: true }),
    });
    const { user } = show();
    expect(await screen.findByText(/18\.02\.27 он будет удалён/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(callsOf(call, 'v1.surveys.notification.act')).toEqual([{ id }]));
  });

  it('answers the committee’s question on its item', async () => {
    const asked = committee({
      status: 'clarificationRequired',
      items: [
        { id: 'brand-1', kind: 'brand', name: 'Nordwind', decision: 'APPROVED', comment: null, answer: null },
        {
          id: 'category-1',
          kind: 'category',
          name: 'shoes',
          decision: 'NEED_CLARIFICATION',
          comment: 'Which shoes?',
          answer: null,
        },
      ],
    });
    serve(call, {
      'v1.onboarding.road.get': () =>
        road(['complete', 'clarificationRequired'], {
          survey: survey({ status: 'finished' }),
          committee: asked,
        }),
      'v1.surveys.assortment-committee.save': () => ({ ...asked, status: 'onReview' }),
    });
    const { user } = show();
    const answer = await screen.findByRole('textbox', { name: 'Ваш ответ: Обувь' });
    await user.type(answer, 'Sneakers');
    await user.click(screen.getByRole('button', { name: 'Отправить ответы' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.surveys.assortment-committee.save')).toEqual([
        { answers: [{ itemId: 'category-1', answer: 'Sneakers' }] },
      ]),
    );
  });

  it('after the legal check reloads the session, shows the SKU count, and finishes when all is done', async () => {
    const reload = vi.fn(async () => undefined);
    const base = {
      survey: survey({ status: 'finished' }),
      partnerId: 20001,
      businessModel: 'marketplace_crossdocking' as const,
    };
    serve(call, {
      'v1.onboarding.road.get': () =>
        road(['complete', 'complete', 'complete', 'complete', 'started', 'notStarted'], {
          ...base,
          productCount: 4,
          logisticsNeeds: 'activeWarehouse',
        }),
    });
    show(reload);
    expect(await screen.findByText('Товаров: 4 из 10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Настроить склад' })).toHaveAttribute('href', '/warehouses');
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('finishes: the last call and a reload of the session', async () => {
    const reload = vi.fn(async () => undefined);
    serve(call, {
      'v1.onboarding.road.get': () =>
        road(['complete', 'complete', 'complete', 'complete', 'complete', 'complete'], {
          survey: survey({ status: 'finished' }),
          partnerId: 20001,
          businessModel: 'consignment',
          allComplete: true,
        }),
      'v1.onboarding.finish': () => ({ partnerId: 20001 }),
    });
    const { user } = show(reload, [20001]);
    await user.click(await screen.findByRole('button', { name: 'Перейти в полный кабинет' }));
    await waitFor(() => expect(callsOf(call, 'v1.onboarding.finish')).toHaveLength(1));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
