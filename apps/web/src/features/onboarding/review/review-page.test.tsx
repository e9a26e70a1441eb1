// Staff's review screen: the queue, a case opened in the URL, approval, and a clarification asked on a field.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { choose, renderRoutes } from '../../../test/render';
import { callsOf, COMPANY, serve, survey } from '../onboarding-test-utils';
import { ReviewPage } from './review-page';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
beforeEach(() => {
  call.mockReset();
});

const ID = '00000000-0000-4000-8000-000000000001';
const item = {
  id: ID,
  email: 'applicant@moda.test',
  organizationName: COMPANY.organizationName,
  country: 'RU' as const,
  surveyStatus: 'on_review' as const,
  committeeStatus: null,
  submittedAt: '2026-11-20T09:00:00.000Z',
  reviewDueDate: '2026-11-24',
};
const onReview = survey({ status: 'on_review', answers: { company: COMPANY }, reviewDueDate: '2026-11-24' });

const show = () => {
  serve(call, {
    'v1.surveys.list': () => ({ items: [item] }),
    'v1.surveys.details': () => ({ case: item, survey: onReview, committee: null }),
    'v1.surveys.review': () => survey({ status: 'finished' }),
  });
  return renderRoutes(
    [{ path: '/onboarding/review', element: <ReviewPage roles={['support_engineer']} /> }],
    '/onboarding/review',
  );
};

describe('the review queue', () => {
  it('lists questionnaires with their due date and approves one opened in the URL', async () => {
    const { user, search } = show();
    expect(await screen.findByText('applicant@moda.test')).toBeInTheDocument();
    expect(screen.getByText('24.11.26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(search().get('id')).toBe(ID);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('7707083893')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.surveys.review')).toEqual([{ id: ID, decision: 'approve' }]),
    );
  });

  it('asks for clarification on a chosen field', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Открыть' }));
    const drawer = await screen.findByRole('dialog');
    await choose(user, await within(drawer).findByRole('combobox', { name: 'Поле 1' }), 'Компания: ИНН');
    await user.type(within(drawer).getByRole('textbox', { name: 'Вопрос продавцу 1' }), 'Check the INN');
    await user.click(within(drawer).getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.surveys.review')).toEqual([
        {
          id: ID,
          decision: 'askClarification',
          questions: [{ field: 'company.inn', question: 'Check the INN' }],
        },
      ]),
    );
  });
});
