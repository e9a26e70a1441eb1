// The support request form against a scripted server: reasons from the server, the contract's checks,
// the attachment refused in the browser by extension and size, uploaded with the fields in the order
// the server needs, and the request sent with it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  callsOf,
  readySession,
  renderScreen,
  RESTRICTED_PARTNER,
  serve,
  STATUSES,
} from '../profile-test-utils';
import { attachmentProblem } from './attachment';
import { ProfileHelpPage } from './help-page';

const call = vi.hoisted(() => vi.fn());
const rest = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call, rest }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  useReadySession: () => state.current,
  useCurrentPartner: () => (state.current as { partner: unknown }).partner,
  session: { resetDictionaries: vi.fn() },
}));

const ATTACHMENT_ID = '0b7f6c4e-5d1a-4c0e-9a51-3f4d2b1c0a99';

beforeEach(() => {
  state.current = readySession();
  serve(call, {
    'v1.support.reasons.list': () => ({
      items: [
        { code: 'catalogue', name: 'Товары и карточки' },
        { code: 'orders', name: 'Заказы и отгрузки' },
      ],
    }),
    'v1.offers.statuses.list': () => STATUSES,
    'v1.support.email.send': () => ({ requestId: 'req-42' }),
  });
  rest.mockResolvedValue(
    new Response(JSON.stringify({ id: ATTACHMENT_ID, name: 'акт.pdf' }), { status: 201 }),
  );
});
afterEach(() => {
  call.mockReset();
  rest.mockReset();
});

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('support attachment check', () => {
  it('accepts the formats of spec 001 §5 up to 5 MB, by extension and size', () => {
    for (const name of [
      'a.jpg',
      'a.JPEG',
      'a.png',
      'a.svg',
      'a.txt',
      'a.csv',
      'a.xls',
      'a.xlsx',
      'a.docx',
      'a.xml',
      'a.pdf',
    ])
      expect(attachmentProblem({ name, size: 100 })).toBeNull();
    expect(attachmentProblem({ name: 'a.exe', size: 100 })).toMatch(/^Неверный формат файла/);
    expect(attachmentProblem({ name: 'a.doc', size: 100 })).toMatch(/^Неверный формат файла/);
    expect(attachmentProblem({ name: 'pdf', size: 100 })).toMatch(/^Неверный формат файла/);
    expect(attachmentProblem({ name: 'a.pdf', size: 5 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Файл слишком большой: максимальный размер — 5 МБ',
    );
  });
});

describe('support request form', () => {
  it('shows the support and manager hours', async () => {
    renderScreen('/profile/help', <ProfileHelpPage />);
    expect(
      screen.getByText(
        /ежедневно с 08:00 до 20:00 по московскому времени, персональный менеджер — с 09:30 до 18:30/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'v1.support.reasons.list')).toHaveLength(1));
  });

  it('refuses a file of another format before uploading it', async () => {
    renderScreen('/profile/help', <ProfileHelpPage />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    // The picker's accept list is a hint a user can override ("All files"): the check must hold anyway.
    await userEvent.setup({ applyAccept: false, delay: null }).upload(input, file('virus.exe'));
    expect(
      await screen.findByText(/Неверный формат файла\. Допустимые форматы: JPG, PNG, SVG/),
    ).toBeInTheDocument();
    expect(rest).not.toHaveBeenCalled();
  });

  it('uploads the attachment with type and partner first, and sends the request with it', async () => {
    const { user } = renderScreen('/profile/help', <ProfileHelpPage />);
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Тема обращения' }));
    await user.click(
      await screen.findByText('Заказы и отгрузки', { selector: '.ant-select-item-option-content' }),
    );
    await user.type(screen.getByLabelText('Сообщение'), 'Заказ MD-1001 не уходит в сборку');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, file('акт.pdf'));
    await waitFor(() => expect(rest).toHaveBeenCalledTimes(1));
    const [path, init] = rest.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/v1/files');
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(['type', 'partner_code', 'file']);
    expect(body.get('type')).toBe('support_attachment');
    expect(body.get('partner_code')).toBe('10001');
    expect(await screen.findByText('акт.pdf')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Обращение отправлено')).toBeInTheDocument();
    expect(screen.getByText(/Номер обращения: req-42/)).toBeInTheDocument();
    expect(callsOf(call, 'v1.support.email.send')).toEqual([
      {
        partnerId: 10001,
        reasonCode: 'orders',
        text: 'Заказ MD-1001 не уходит в сборку',
        attachmentId: ATTACHMENT_ID,
      },
    ]);
  });

  it('keeps writing to support open in a read-only cabinet, without attachments', async () => {
    state.current = readySession(RESTRICTED_PARTNER);
    renderScreen('/profile/help', <ProfileHelpPage />);
    expect(
      await screen.findByText('Файлы можно прикреплять после подтверждения условий сотрудничества.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Прикрепить файл' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeEnabled();
  });
});
