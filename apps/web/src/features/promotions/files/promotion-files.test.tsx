// The promotion files' notices with fake timers (spec 001 §8–§9): the title cut at 46 characters past 49,
// the failed file's notice for 10 minutes with its error file, the failed file gone from the list after an
// hour or when closed, the success notice of a file that went through, polling every 10 s, a failed poll
// offering to reload, and the open promotion read again when its import ends.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { callsOf, rpcError, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { fileRecord, PARTNER_ID } from '../promotions-test-utils';
import { PromotionFiles } from './promotion-files';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const LONG = 'Очень-длинное-имя-файла-с-товарами-весенней-акции-2026.xlsx'; // 59 characters
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  call.mockReset();
  rest.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const render = () =>
  renderRoutes([{ path: '/', element: <PromotionFiles partnerId={PARTNER_ID} promotionId="7" /> }], '/');

describe('promotion file notices', () => {
  it('titles a failed file with its name cut to 46 characters and an ellipsis, for 10 minutes; the file leaves the list after an hour', async () => {
    const failed = fileRecord({
      name: LONG,
      status: 'fail',
      code: 'promotion.rowsRefused',
      promoFileErrorTxt: 'Строка 4, столбец «Артикул продавца»: Товар не найден',
      hasErrorFile: true,
    });
    serve(call, { 'v1.promotions.files.list': () => ({ items: [failed] }) });
    rest.mockResolvedValue(new Response('x', { headers: { 'content-disposition': 'attachment' } }));
    render();
    const title = `${LONG.slice(0, 46)}...`;
    expect(
      await screen.findByText(title, { selector: '.ant-notification-notice-title' }),
    ).toBeInTheDocument();
    // The notice's button downloads the error file.
    const button = screen
      .getAllByRole('button', { name: /Скачать файл ошибок/ })
      .find((b) => b.closest('.ant-notification'))!;
    button.click();
    await waitFor(() =>
      expect(rest).toHaveBeenCalledWith(`/api/v1/files/${failed.id}/result/download`, undefined),
    );
    await advance(9 * 60_000);
    expect(screen.queryByText(title, { selector: '.ant-notification-notice-title' })).toBeInTheDocument();
    await advance(61_000);
    await waitFor(() =>
      expect(
        screen.queryByText(title, { selector: '.ant-notification-notice-title' }),
      ).not.toBeInTheDocument(),
    );
    // Still in the list until the hour is over.
    expect(screen.getByText(title, { selector: '.promotions__file-row *' })).toBeInTheDocument();
    await advance(50 * 60_000 + 1000);
    await waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
  });

  it('keeps a name of exactly 49 characters whole', async () => {
    const name = `${'а'.repeat(44)}.xlsx`;
    expect(name).toHaveLength(49);
    serve(call, {
      'v1.promotions.files.list': () => ({
        items: [fileRecord({ name, status: 'fail', promoFileErrorTxt: 'Ошибка' })],
      }),
    });
    render();
    expect(await screen.findByText(name, { selector: '.ant-notification-notice-title' })).toBeInTheDocument();
  });

  it('closing a failed file takes it out of the list', async () => {
    const failed = fileRecord({ status: 'fail', promoFileErrorTxt: 'Ошибка' });
    let items = [failed];
    serve(call, {
      'v1.promotions.files.list': () => ({ items }),
      'v1.promotions.files.close': () => {
        items = [];
        return { ok: true as const };
      },
    });
    render();
    (await screen.findByRole('button', { name: 'Закрыть' })).click();
    await waitFor(() =>
      expect(screen.queryByText('Ошибка', { selector: '.promotions__file-row *' })).not.toBeInTheDocument(),
    );
    expect(callsOf(call, 'v1.promotions.files.close')).toEqual([
      { partnerId: PARTNER_ID, fileId: failed.id },
    ]);
  });

  it('polls a new file every 10 s, then shows the success notice and closes it', async () => {
    let status: 'new' | 'ok' = 'new';
    serve(call, {
      'v1.promotions.files.list': () => ({ items: [fileRecord({ status })] }),
      'v1.promotions.files.close': () => ({ ok: true as const }),
    });
    render();
    expect(await screen.findByText('Проверяется')).toBeInTheDocument();
    const polls = () => callsOf(call, 'v1.promotions.files.list').length;
    const before = polls();
    status = 'ok';
    await advance(10_000);
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
    expect(
      await screen.findByText('Файл «promo.xlsx» обработан: товары в акции обновлены'),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'v1.promotions.files.close')).toHaveLength(1));
  });

  it('a failed poll shows a retry notice whose button reloads', async () => {
    let fail = true;
    call.mockImplementation(async () => {
      await Promise.resolve();
      if (fail) throw rpcError('v1.promotions.files.list', 'Ошибка сервера', [], 50500);
      return { items: [] };
    });
    render();
    expect(await screen.findByText('Не удалось узнать, как обрабатываются файлы акций')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Обновить' }).click();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  });
});
