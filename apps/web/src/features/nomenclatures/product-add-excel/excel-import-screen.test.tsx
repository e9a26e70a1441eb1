// The Excel import page through the UI: the template request, the browser's file checks with their
// Russian reasons, upload progress, polling every 10 s with each outcome, the failed-file notice (title
// rule 46/49, error file), the polling-failure notice with its reload, and the reduced-template rule.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { uploadWithProgress } from '../../../lib/api/transfer';
import type * as Transfer from '../../../lib/api/transfer';
import { noticeFileName } from '../../../components/file-tasks/format';
import {
  callsOf,
  choose,
  PARTNER_ID,
  renderRoutes,
  rpcError,
  serve,
  type Handlers,
} from '../nomenclatures-test-utils';
import { ExcelImportScreen } from './excel-import-screen';
import { FILE_POLL_MS, TEMPLATE_PATH } from './excel-api';
import { modesFor } from './reduced-allowed';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn(), refresh: vi.fn() } }));
vi.mock('../../../lib/api/transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof Transfer>()),
  uploadWithProgress: vi.fn(),
}));
const readOnly = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: readOnly.value, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;
const upload = vi.mocked(uploadWithProgress) as unknown as Mock;

const MB = 1024 * 1024;
let seq = 0;
function record(over: Partial<FileRecord> = {}): FileRecord {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `products-${seq}.xlsx`,
    type: 'nomenclature_import',
    format: 'xlsx',
    size: 20_480,
    status: 'new',
    hasFileResult: false,
    errorCode: null,
    errorMessage: null,
    result: null,
    rowsTotal: null,
    rowsDone: 0,
    errorCount: 0,
    createdAt: '2026-11-21T10:05:00.000Z',
    updatedAt: '2026-11-21T10:05:00.000Z',
    ...over,
  };
}

function xlsx(name: string, size = 2048): File {
  const file = new File(['x'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const base: Handlers = {
  'v1.catalogue.categories.list': () => ({
    items: [
      { code: 'clothes', name: 'Одежда' },
      { code: 'footwear', name: 'Обувь' },
    ],
  }),
};

const renderScreen = (path = '/nomenclatures/add/excel', modes = modesFor('consignment')) =>
  renderRoutes(
    [
      {
        path: '/nomenclatures/add/excel',
        element: (
          <ExcelImportScreen partnerId={PARTNER_ID} title="Добавление товаров через Excel" modes={modes} />
        ),
      },
    ],
    path,
  );

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (files: File[]) => fireEvent.change(fileInput(), { target: { files } });

beforeEach(() => {
  readOnly.value = false;
  call.mockReset();
  rest.mockReset();
  upload.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Excel import page', { timeout: 40_000 }, () => {
  it('downloads the template of the chosen category and mode, named by the server', async () => {
    serve(call, base);
    rest.mockResolvedValue(
      new Response(new Blob(['xlsx']), {
        headers: {
          'content-disposition': "attachment; filename*=UTF-8''%D0%A8%D0%B0%D0%B1%D0%BB%D0%BE%D0%BD.xlsx",
        },
      }),
    );
    const { user, search } = renderScreen();
    const download = await screen.findByRole('button', { name: /Скачать шаблон/ });
    expect(download).toBeDisabled();
    expect(screen.getByText('Сначала выберите категорию')).toBeInTheDocument();

    await choose(user, screen.getByRole('combobox', { name: 'Категория' }), 'Одежда');
    await user.click(screen.getByRole('radio', { name: /Сокращённый/ }));
    await waitFor(() => expect(search().get('mode')).toBe('reduced'));
    expect(search().get('category')).toBe('clothes');
    await user.click(screen.getByRole('button', { name: /Скачать шаблон/ }));

    await waitFor(() => expect(rest).toHaveBeenCalledTimes(1));
    const [path, init] = rest.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(TEMPLATE_PATH);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      partnerId: PARTNER_ID,
      category: 'clothes',
      mode: 'reduced',
    });
    expect(await screen.findByText('Шаблон скачан: Шаблон.xlsx')).toBeInTheDocument();
  });

  it('says why the template could not be downloaded', async () => {
    serve(call, base);
    rest.mockRejectedValue(rpcError('POST template', 'Категория недоступна для загрузки'));
    const { user } = renderScreen('/nomenclatures/add/excel?category=footwear&mode=full_update');
    await user.click(await screen.findByRole('button', { name: /Скачать шаблон/ }));
    expect(await screen.findByText('Не удалось скачать шаблон. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(screen.getByText('Категория недоступна для загрузки')).toBeInTheDocument();
    const [, init] = rest.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ category: 'footwear', mode: 'full_update' });
  });

  it('offers the reduced template only where the partner may use it', async () => {
    expect(modesFor('consignment')).toContain('reduced');
    expect(modesFor('dropshipping')).not.toContain('reduced');
    expect(modesFor('marketplace_crossdocking')).not.toContain('reduced');
    serve(call, base);
    // A reduced mode in the address of an FBS partner falls back to the full template.
    renderScreen('/nomenclatures/add/excel?mode=reduced', modesFor('marketplace_crossdocking'));
    const group = await screen.findByRole('radiogroup', { name: 'Тип шаблона' });
    expect(within(group).queryByRole('radio', { name: /Сокращённый/ })).toBeNull();
    expect(within(group).getByRole('radio', { name: /Полный/ })).toBeChecked();
  });

  it('takes no files in a read-only cabinet and says why, while the template stays to download', async () => {
    readOnly.value = true;
    serve(call, base);
    renderScreen('/nomenclatures/add/excel?category=clothes');
    expect(
      await screen.findByText(
        'Добавлять и менять товары можно будет после подписания условий сотрудничества',
      ),
    ).toBeInTheDocument();
    expect(fileInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: /Скачать шаблон/ })).toBeEnabled();
  });

  it('refuses files in the browser with the reason: format, size, emptiness, more than 10', async () => {
    serve(call, base);
    renderScreen();
    await screen.findByText('Загрузка файлов');
    pick([
      xlsx('old.xls'),
      xlsx('huge.xlsx', 16 * MB + 1),
      xlsx('empty.xlsx', 0),
      xlsx('exact.xlsx', 16 * MB),
    ]);
    const item = (name: string) => document.querySelector<HTMLElement>(`[data-file="${name}"]`)!;
    await waitFor(() => expect(item('old.xls')).toHaveTextContent('Нужен файл Excel в формате .xlsx'));
    expect(item('huge.xlsx')).toHaveTextContent('Файл больше 16 МБ');
    expect(item('empty.xlsx')).toHaveTextContent('Файл пустой');
    expect(item('exact.xlsx')).toHaveTextContent('Готов к загрузке');

    pick(Array.from({ length: 8 }, (_, i) => xlsx(`batch-${i + 1}.xlsx`)));
    expect(
      await screen.findByText(
        'За раз можно загрузить не больше 10 файлов. Лишние файлы не добавлены: batch-7.xlsx, batch-8.xlsx.',
      ),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[data-file]')).toHaveLength(10);
    // Only the ready files go out.
    upload.mockImplementation(async () => record());
    serve(call, { ...base, 'v1.files.get': () => record({ status: 'executing' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(7));
    const sent = upload.mock.calls.map((c) => ((c[1] as FormData).get('file') as File).name);
    expect(sent).toEqual(['exact.xlsx', ...Array.from({ length: 6 }, (_, i) => `batch-${i + 1}.xlsx`)]);
    const form = upload.mock.calls[0]![1] as FormData;
    expect(upload.mock.calls[0]![0]).toBe('/api/v1/files');
    expect(form.get('type')).toBe('nomenclature_import');
    expect(form.get('partner_code')).toBe(String(PARTNER_ID));
  });

  it('shows the upload progress and the server’s refusal of one file', async () => {
    const first = record({ name: 'first.xlsx' });
    serve(call, { ...base, 'v1.files.get': () => first });
    let finish: (r: FileRecord) => void = () => undefined;
    upload
      .mockImplementationOnce(
        (_path: string, _form: FormData, onProgress: (p: { percent: number }) => void) => {
          onProgress({ percent: 40 });
          return new Promise<FileRecord>((resolve) => {
            finish = resolve;
          });
        },
      )
      .mockRejectedValueOnce(rpcError('POST /api/v1/files', 'Файл не похож на Excel'));
    renderScreen();
    await screen.findByText('Загрузка файлов');
    pick([xlsx('first.xlsx'), xlsx('second.xlsx')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    expect(await screen.findByText('Загружается: 40%')).toBeInTheDocument();
    act(() => finish(first));
    const second = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-file="second.xlsx"]');
      expect(el).toHaveTextContent('Файл не похож на Excel');
      return el!;
    });
    expect(second).toHaveTextContent('Не загружен');
    expect(await screen.findByText('first.xlsx')).toBeInTheDocument();
    expect(screen.getByText('Файл в очереди на обработку')).toBeInTheDocument();
  });

  it('polls every 10 s while a file is open, then shows each outcome and the failed-file notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const longName = `${'Каталог весна-лето 2027 платья и юбки основной'}-финал.xlsx`; // 53 characters
    expect([...longName].length).toBeGreaterThan(49);
    const good = record({ name: 'good.xlsx' });
    const bad = record({ name: longName });
    const states = new Map<string, FileRecord>([
      [good.id, { ...good, status: 'executing', rowsTotal: 10, rowsDone: 4 }],
      [bad.id, { ...bad, status: 'executing', rowsTotal: 3, rowsDone: 1 }],
    ]);
    serve(call, { ...base, 'v1.files.get': (p) => states.get(p.fileImportId as string) });
    rest.mockResolvedValue(
      new Response(new Blob(['a,b']), {
        headers: { 'content-disposition': 'attachment; filename="catalog_error.csv"' },
      }),
    );
    renderScreen(`/nomenclatures/add/excel?files=${good.id},${bad.id}`);

    expect(await screen.findByText('Обработано строк: 4 из 10')).toBeInTheDocument();
    expect(screen.getByText('Обработано строк: 1 из 3')).toBeInTheDocument();
    expect(callsOf(call, 'v1.files.get')).toHaveLength(2);
    expect(callsOf(call, 'v1.files.get')[0]).toEqual({ partnerId: PARTNER_ID, fileImportId: good.id });

    await act(() => vi.advanceTimersByTimeAsync(FILE_POLL_MS - 1_000));
    expect(callsOf(call, 'v1.files.get')).toHaveLength(2);

    states.set(good.id, { ...good, status: 'ok', result: 'ok', rowsTotal: 10, rowsDone: 10 });
    states.set(bad.id, {
      ...bad,
      status: 'ok',
      result: 'error',
      rowsTotal: 3,
      rowsDone: 3,
      errorCount: 2,
      hasFileResult: true,
      errorMessage: 'Строка 3: не указан бренд',
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(callsOf(call, 'v1.files.get')).toHaveLength(4));

    expect(await screen.findByText('Товары загружены: 10')).toBeInTheDocument();
    expect(screen.getByText('Товары не загружены: строк с ошибками — 2')).toBeInTheDocument();

    // The notice: the name cut to 46 characters plus an ellipsis, the first error, the error file.
    const title = `${[...longName].slice(0, 46).join('')}…`;
    const notice = (await screen.findByText(title)).closest<HTMLElement>('.ant-notification-notice')!;
    expect(within(notice).getByText('Строк с ошибками: 2. Строка 3: не указан бренд')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // Still there after a minute (it stays 10 minutes), unlike the default 10 s notices.
    expect(screen.getByText(title)).toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: /Скачать файл ошибок/ }));
    await waitFor(() =>
      expect(rest).toHaveBeenCalledWith(`/api/v1/files/${bad.id}/result/download`, undefined),
    );

    // Finished files are not polled any more.
    const polled = callsOf(call, 'v1.files.get').length;
    await act(() => vi.advanceTimersByTimeAsync(FILE_POLL_MS * 3));
    expect(callsOf(call, 'v1.files.get')).toHaveLength(polled);
  });

  it('reports an unreadable file with its message and no error file link', async () => {
    const broken = record({
      name: 'broken.xlsx',
      status: 'fail',
      result: 'failed',
      errorMessage: 'Файл повреждён или это не шаблон Moda',
    });
    serve(call, { ...base, 'v1.files.get': () => broken });
    renderScreen(`/nomenclatures/add/excel?files=${broken.id}`);
    expect(await screen.findByText('Файл не обработан')).toBeInTheDocument();
    expect(screen.getByText('Файл повреждён или это не шаблон Moda')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Скачать файл ошибок/ })).toBeNull();
    // Restored from the address already finished: no notice is raised again.
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать из списка' }));
    expect(
      await screen.findByText('Здесь появятся загруженные файлы и результат их обработки'),
    ).toBeInTheDocument();
  });

  it('shows a retry notice when polling fails and reloads on its button', async () => {
    const open = record({ name: 'slow.xlsx', status: 'executing', rowsTotal: 5, rowsDone: 2 });
    let failing = true;
    serve(call, {
      ...base,
      'v1.files.get': () => {
        if (failing) throw rpcError('v1.files.get', 'Сервис недоступен', [], 50500);
        return open;
      },
    });
    renderScreen(`/nomenclatures/add/excel?files=${open.id}`);
    expect(await screen.findByText('Не удалось обновить состояние загрузки')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(await screen.findByText('Обработано строк: 2 из 5')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Не удалось обновить состояние загрузки')).toBeNull());
  });
});

describe('the notice title rule (spec 001 §8)', () => {
  it('keeps names up to 49 characters and cuts longer ones to 46 plus an ellipsis', () => {
    const of = (n: number) => 'а'.repeat(n - 5) + '.xlsx';
    expect(noticeFileName(of(46))).toBe(of(46));
    expect(noticeFileName(of(49))).toBe(of(49));
    expect(noticeFileName(of(50))).toBe(`${of(50).slice(0, 46)}…`);
    expect([...noticeFileName(of(80))]).toHaveLength(47);
    expect(noticeFileName('')).toBe('');
  });
});
