// The questionnaire through the UI: a page checked with the contract's rules before it is saved (the
// message on its field, nothing sent), a valid page saved as a draft and the next page in the URL, the
// reviewer's question under its field, a questionnaire on review shown read-only with its date, and a
// brand's trademark documents (checked, reserved, uploaded, named in the brand on save).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../test/render';
import { callsOf, COMPANY, serve, survey } from '../onboarding-test-utils';
import { QuestionnairePage } from './questionnaire-page';

const { call, upload } = vi.hoisted(() => ({ call: vi.fn(), upload: vi.fn() }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/api/transfer', () => ({ uploadWithProgress: upload, downloadFile: vi.fn() }));
beforeEach(() => {
  call.mockReset();
  upload.mockReset();
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

  it('a brand’s trademark document: a wrong type refused before upload, a PDF reserved, uploaded and saved', async () => {
    const OLD = '00000000-0000-4000-8000-00000000000a';
    const NEW = '00000000-0000-4000-8000-00000000000b';
    const brand = {
      name: 'Nordwind',
      designerSection: false,
      trademark: true,
      ownership: 'owner' as const,
      country: 'Россия',
      averagePrice: 4500,
      averageDiscount: 15,
      documents: [OLD],
    };
    const doc = (id: string, name: string) => ({
      id,
      name,
      format: 'pdf' as const,
      size: 64,
      uploadedAt: '2026-11-20T09:00:00.000Z',
    });
    serve(call, {
      'v1.surveys.first.get': () =>
        survey({
          status: 'on_draft',
          answers: { brands: { multibrand: false, brands: [brand] } },
          pagesSaved: ['brands'],
          attachments: [doc(OLD, 'Свидетельство.pdf')],
        }),
      'v1.surveys.attachments.reserve': () => ({ id: NEW }),
      'v1.surveys.first.save': () => survey({ status: 'on_draft' }),
    });
    upload.mockResolvedValue(doc(NEW, 'Лицензия.pdf'));
    const { user } = show('/onboarding?page=brands');
    expect(await screen.findByRole('button', { name: 'Свидетельство.pdf' })).toBeInTheDocument();
    // The picker's input is rendered anew after each choice.
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
    const picker = userEvent.setup({ applyAccept: false, delay: null });
    await picker.upload(input(), new File(['x'], 'Свидетельство.docx'));
    expect(
      await screen.findByText('Неверный формат файла. Допустимые форматы: PDF, JPG, PNG'),
    ).toBeInTheDocument();
    expect(callsOf(call, 'v1.surveys.attachments.reserve')).toEqual([]);
    await picker.upload(input(), new File(['%PDF-1.4'], 'Лицензия.pdf'));
    expect(await screen.findByRole('button', { name: 'Лицензия.pdf' })).toBeInTheDocument();
    expect(callsOf(call, 'v1.surveys.attachments.reserve')).toEqual([{ fileName: 'Лицензия.pdf', size: 8 }]);
    const form = upload.mock.calls[0]![1] as FormData;
    expect([...form.keys()]).toEqual(['type', 'attachment_id', 'file']);
    expect(form.get('attachment_id')).toBe(NEW);
    await user.click(screen.getByRole('button', { name: 'Убрать документ Свидетельство.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.surveys.first.save')).toEqual([
        { page: 'brands', data: { multibrand: false, brands: [{ ...brand, documents: [NEW] }] } },
      ]),
    );
  });
});
