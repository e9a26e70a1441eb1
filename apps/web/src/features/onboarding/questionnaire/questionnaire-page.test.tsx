// The questionnaire through the UI: a page checked with the contract's rules before it is saved (the
// message on its field, nothing sent), a valid page saved as a draft and the next page in the URL, the
// reviewer's question under its field, and a questionnaire on review shown read-only with its date.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../test/render';
import { callsOf, COMPANY, serve, survey } from '../onboarding-test-utils';
import { QuestionnairePage } from './questionnaire-page';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
beforeEach(() => {
  call.mockReset();
});

const show = (path = '/onboarding') =>
  renderRoutes([{ path: '/onboarding', element: <QuestionnairePage roles={['onboarding_user']} /> }], path);

describe('the questionnaire', () => {
  it('refuses a wrong INN on its field, then saves the page and moves on', async () => {
    serve(call, {
      'v1.surveys.first.get': () => survey(),
      'v1.surveys.first.save': (p) =>
        survey({ status: 'on_draft', answers: { company: COMPANY }, pagesSaved: [p.page as 'company'] }),
    });
    const { user, search } = show();
    const inn = await screen.findByRole('textbox', { name: 'ИНН' });
    fireEvent.change(inn, { target: { value: '7707083894' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ОГРН' }), { target: { value: COMPANY.ogrn } });
    fireEvent.change(screen.getByRole('textbox', { name: 'КПП' }), { target: { value: COMPANY.kpp } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название организации' }), {
      target: { value: COMPANY.organizationName },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Телефон' }), {
      target: { value: '+7 (495) 123-45-67' },
    });
    await user.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    expect(await screen.findByText('Неверное контрольное число ИНН')).toBeInTheDocument();
    expect(callsOf(call, 'v1.surveys.first.save')).toEqual([]);
    fireEvent.change(inn, { target: { value: COMPANY.inn } });
    await user.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    await waitFor(() => expect(search().get('page')).toBe('contacts'));
    expect(callsOf(call, 'v1.surveys.first.save')).toEqual([
      { page: 'company', data: { ...COMPANY, phone: '+7 (495) 123-45-67' } },
    ]);
  });

  it('shows the reviewer’s question under its field, and a questionnaire on review read-only', async () => {
    serve(call, {
      'v1.surveys.first.get': () =>
        survey({
          status: 'on_clarification',
          answers: { company: COMPANY },
          pagesSaved: ['company'],
          clarifications: [{ field: 'company.organizationName', question: 'Full name, please' }],
        }),
    });
    show('/onboarding?page=company');
    expect(await screen.findByText('Вопрос проверяющего: Full name, please')).toBeInTheDocument();
    expect(screen.getByText(/Проверяющий просит уточнить данные/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Название организации' })).toHaveValue(
      COMPANY.organizationName,
    );
  });

  it('on review: the date of the answer and no way to edit', async () => {
    serve(call, {
      'v1.surveys.first.get': () =>
        survey({ status: 'on_review', answers: { company: COMPANY }, reviewDueDate: '2026-11-24' }),
    });
    show();
    expect(await screen.findByText('Анкета на проверке. Ответим до 24.11.26.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ИНН' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Сохранить и продолжить' })).not.toBeInTheDocument();
  });
});
