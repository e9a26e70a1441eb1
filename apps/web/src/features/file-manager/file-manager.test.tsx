// The file manager through the UI: opened from the header button or by the "export started" notice,
// the export and import tabs with their Russian types, times, states, sizes and results, the filters,
// the downloads, polling while a task runs, and the empty and failed states.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExportRecord, FileRecord } from '@moda/contracts';
import { AntdProvider } from '../../components/theme/antd-provider';
import { ExportButton } from '../../components/file-tasks/export-button';
import { api } from '../../lib/api/client';
import { callsOf, rpcError, serve, type Handlers } from '../../test/mock-api';
import { FileManagerEntry } from './file-manager-entry';
import { FILE_MANAGER_POLL_MS } from './file-manager-queries';

vi.mock('../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;

const PARTNER_ID = 10001;
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function exportRecord(over: Partial<ExportRecord> = {}): ExportRecord {
  return {
    id: uuid(),
    type: 'nomenclatures_with_full_attributes',
    format: 'xlsx',
    status: 'OK',
    fileName: 'products_full.xlsx',
    size: 1_572_864,
    rowCount: 1250,
    errorMessage: null,
    createdAt: '2026-11-21T09:07:00.000Z',
    finishedAt: '2026-11-21T09:08:00.000Z',
    ...over,
  };
}

function importRecord(over: Partial<FileRecord> = {}): FileRecord {
  return {
    id: uuid(),
    name: 'spring.xlsx',
    type: 'nomenclature_import',
    format: 'xlsx',
    size: 40_960,
    status: 'ok',
    hasFileResult: false,
    errorCode: null,
    errorMessage: null,
    result: 'ok',
    rowsTotal: 12,
    rowsDone: 12,
    errorCount: 0,
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:31:00.000Z',
    ...over,
  };
}

function renderManager(extra?: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntdProvider>
      <App>
        <QueryClientProvider client={client}>
          <FileManagerEntry partnerId={PARTNER_ID} />
          {extra}
        </QueryClientProvider>
      </App>
    </AntdProvider>,
  );
  return userEvent.setup({ pointerEventsCheck: 0, delay: null });
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Открыть файлы: выгрузки и загрузки' }));
  return screen.findByRole('dialog');
};

/** Opens an Ant Design select and clicks the option with this label. */
async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === label && !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user.click(option);
}

beforeEach(() => {
  call.mockReset();
  rest.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('file manager', { timeout: 40_000 }, () => {
  it('lists exports with Russian types, times, states, sizes and results, and downloads a ready one', async () => {
    const ready = exportRecord();
    const failed = exportRecord({
      type: 'nomenclature_sell_values',
      status: 'ERROR',
      fileName: null,
      size: null,
      rowCount: null,
      errorMessage:
        'В выгрузке товаров не больше 100000 строк, под фильтры попадает 120000. Уточните фильтры',
    });
    const processing = exportRecord({
      type: 'orders_and_items',
      format: 'csv',
      status: 'PROCESSING',
      fileName: null,
      size: null,
      rowCount: null,
    });
    serve(call, {
      'v1.exports.list': () => ({ items: [ready, failed, processing], total: 3 }),
      'v1.imports.list': () => ({ items: [], total: 0 }),
    });
    rest.mockResolvedValue(
      new Response(new Blob(['x']), {
        headers: { 'content-disposition': 'attachment; filename="full.xlsx"' },
      }),
    );
    const user = renderManager();
    const dialog = await open(user);
    const table = await within(dialog).findByTestId('exports-table');
    const row = (text: string) => within(table).getByText(text).closest('tr')!;

    await within(table).findByText('Товары: все атрибуты');
    expect(within(row('Товары: все атрибуты')).getByText('Готово')).toBeInTheDocument();
    expect(row('Товары: все атрибуты')).toHaveTextContent('1,5 МБ');
    expect(row('Товары: все атрибуты')).toHaveTextContent('Строк: 1250');
    expect(row('Товары: все атрибуты')).toHaveTextContent(/\d\d\.11\.26 \d\d:07/);
    expect(row('Товары: цены')).toHaveTextContent('Ошибка');
    expect(row('Товары: цены')).toHaveTextContent('под фильтры попадает 120000');
    expect(row('Заказы и товары')).toHaveTextContent('Формируется');
    expect(callsOf(call, 'v1.exports.list')[0]).toEqual({ partnerId: PARTNER_ID, page: 1, pageSize: 20 });

    await user.click(within(row('Товары: все атрибуты')).getByRole('button', { name: /Скачать выгрузку/ }));
    await waitFor(() => expect(rest).toHaveBeenCalledWith(`/api/v1/exports/${ready.id}/download`, undefined));
  });

  it('filters exports by type and state', async () => {
    serve(call, {
      'v1.exports.list': (p) => ({
        items: p.status === 'ERROR' ? [] : [exportRecord()],
        total: p.status === 'ERROR' ? 0 : 1,
      }),
    });
    const user = renderManager();
    const dialog = await open(user);
    await within(dialog).findByText('Товары: все атрибуты');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Тип' }), 'Товары: цены');
    await waitFor(() =>
      expect(callsOf(call, 'v1.exports.list').at(-1)).toMatchObject({ type: 'nomenclature_sell_values' }),
    );
    await choose(user, within(dialog).getByRole('combobox', { name: 'Статус' }), 'Ошибка');
    await waitFor(() =>
      expect(callsOf(call, 'v1.exports.list').at(-1)).toEqual({
        partnerId: PARTNER_ID,
        type: 'nomenclature_sell_values',
        status: 'ERROR',
        page: 1,
        pageSize: 20,
      }),
    );
    expect(await within(dialog).findByText('По этим условиям ничего не нашлось')).toBeInTheDocument();
  });

  it('lists imports with their outcome, first error and error file, filtered by type and state', async () => {
    const fine = importRecord();
    const withErrors = importRecord({
      name: 'autumn.xlsx',
      result: 'error',
      errorCount: 3,
      hasFileResult: true,
      errorMessage: 'Строка 2: не указан бренд',
    });
    const running = importRecord({
      name: 'winter.xlsx',
      status: 'executing',
      result: null,
      rowsDone: 5,
      rowsTotal: 40,
    });
    serve(call, {
      'v1.exports.list': () => ({ items: [], total: 0 }),
      'v1.imports.list': () => ({ items: [fine, withErrors, running], total: 3 }),
    });
    rest.mockResolvedValue(new Response(new Blob(['a'])));
    const user = renderManager();
    const dialog = await open(user);
    expect(
      await within(dialog).findByText('Выгрузок пока нет. Начните выгрузку из списка товаров или заказов.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Загрузки' }));
    const table = await within(dialog).findByTestId('imports-table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('spring.xlsx');
    expect(row('spring.xlsx')).toHaveTextContent('Загрузка товаров из Excel');
    expect(row('spring.xlsx')).toHaveTextContent('40 КБ');
    expect(row('spring.xlsx')).toHaveTextContent('Загружено без ошибок');
    expect(within(row('spring.xlsx')).queryByRole('button', { name: /файл ошибок/ })).toBeNull();
    expect(row('autumn.xlsx')).toHaveTextContent('Не загружено: ошибки в строках');
    expect(row('autumn.xlsx')).toHaveTextContent('Строк с ошибками: 3');
    expect(row('autumn.xlsx')).toHaveTextContent('Строка 2: не указан бренд');
    expect(row('winter.xlsx')).toHaveTextContent('Обрабатывается');
    expect(row('winter.xlsx')).toHaveTextContent('Обработано строк: 5 из 40');

    await user.click(
      within(row('autumn.xlsx')).getByRole('button', { name: 'Скачать файл ошибок для autumn.xlsx' }),
    );
    await waitFor(() =>
      expect(rest).toHaveBeenCalledWith(`/api/v1/files/${withErrors.id}/result/download`, undefined),
    );

    await choose(user, within(dialog).getByRole('combobox', { name: 'Тип' }), 'Загрузка товаров из Excel');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Статус' }), 'Обрабатывается');
    await waitFor(() =>
      expect(callsOf(call, 'v1.imports.list').at(-1)).toEqual({
        partnerId: PARTNER_ID,
        type: 'nomenclature_import',
        status: 'executing',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('polls every 10 s while a task is in progress and stops when all are finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let item = exportRecord({ status: 'PROCESSING', fileName: null, size: null, rowCount: null });
    serve(call, { 'v1.exports.list': () => ({ items: [item], total: 1 }) });
    const user = renderManager();
    const dialog = await open(user);
    expect(await within(dialog).findByText('Файл формируется')).toBeInTheDocument();
    expect(callsOf(call, 'v1.exports.list')).toHaveLength(1);
    item = { ...item, status: 'OK', fileName: 'products.xlsx', size: 2048, rowCount: 3 };
    await act(() => vi.advanceTimersByTimeAsync(FILE_MANAGER_POLL_MS));
    expect(await within(dialog).findByText('Строк: 3')).toBeInTheDocument();
    const polled = callsOf(call, 'v1.exports.list').length;
    await act(() => vi.advanceTimersByTimeAsync(FILE_MANAGER_POLL_MS * 3));
    expect(callsOf(call, 'v1.exports.list')).toHaveLength(polled);
  });

  it('says when the list cannot be loaded and retries', async () => {
    let fail = true;
    serve(call, {
      'v1.exports.list': () => {
        if (fail) throw rpcError('v1.exports.list', 'Сервис недоступен', [], 50500);
        return { items: [exportRecord()], total: 1 };
      },
    });
    const user = renderManager();
    const dialog = await open(user);
    expect(await within(dialog).findByText('Не удалось загрузить список файлов')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog).findByText('Товары: все атрибуты')).toBeInTheDocument();
  });

  it('an export started elsewhere shows the notice whose button opens the export tab', async () => {
    const created = exportRecord({ status: 'PROCESSING', fileName: null, size: null, rowCount: null });
    const handlers: Handlers = {
      'v1.exports.create': () => created,
      'v1.exports.list': () => ({ items: [created], total: 1 }),
    };
    serve(call, handlers);
    const user = renderManager(
      <ExportButton
        partnerId={PARTNER_ID}
        types={['nomenclatures_with_full_attributes', 'nomenclature_sell_values']}
        filter={{ tab: 'online', brand: 'Nord Wind', search: undefined }}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Выгрузить в Excel/ }));
    await user.click(await screen.findByText('Товары: цены'));
    await waitFor(() =>
      expect(callsOf(call, 'v1.exports.create')[0]).toEqual({
        partnerId: PARTNER_ID,
        type: 'nomenclature_sell_values',
        filter: { tab: 'online', brand: 'Nord Wind', search: undefined },
      }),
    );
    const notice = (await screen.findByText('Выгрузка формируется')).closest<HTMLElement>(
      '.ant-notification-notice',
    )!;
    expect(within(notice).getByText('Файл появится в «Файлах»')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Открыть «Файлы»' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Выгрузки' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByText('Файл формируется')).toBeInTheDocument();
  });

  it('shows the server’s reason when an export cannot start', async () => {
    serve(call, {
      'v1.exports.create': () => {
        throw rpcError('v1.exports.create', 'В выгрузке товаров не больше 100000 строк');
      },
    });
    const user = renderManager(
      <ExportButton partnerId={PARTNER_ID} types={['nomenclatures_with_full_attributes']} filter={{}} />,
    );
    await user.click(screen.getByRole('button', { name: /Выгрузить в Excel/ }));
    await user.click(await screen.findByText('Товары: все атрибуты'));
    expect(await screen.findByText('Не удалось запустить выгрузку')).toBeInTheDocument();
    expect(screen.getByText('В выгрузке товаров не больше 100000 строк')).toBeInTheDocument();
    expect(screen.queryByText('Выгрузка формируется')).toBeNull();
  });
});
