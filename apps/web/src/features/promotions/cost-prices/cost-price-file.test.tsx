// The cost price file's state beside the products: a refused file shows its first error, how many rows were
// refused and the error file's button; a saved one how many prices it saved. The tabs count the products.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import type { FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { callsOf, serve } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { PARTNER_ID } from '../promotions-test-utils';
import { CostPriceFile } from './cost-price-file';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
const call = vi.mocked(api.call) as unknown as Mock;
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 10_000 });

const record = (over: Partial<FileRecord>): FileRecord => ({
  id: '44444444-0000-4000-8000-000000000001',
  name: 'costs.xlsx',
  type: 'product_cost_prices',
  format: 'xlsx',
  size: 2048,
  status: 'new',
  hasFileResult: false,
  errorCode: null,
  errorMessage: null,
  result: null,
  rowsTotal: null,
  rowsDone: 0,
  errorCount: 0,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});
let last: FileRecord | null = null;
beforeEach(() => {
  call.mockReset();
  serve(call, { 'v1.imports.list': () => ({ items: last ? [last] : [], total: last ? 1 : 0 }) });
});
const render = () =>
  renderRoutes([{ path: '/', element: <CostPriceFile partnerId={PARTNER_ID} readOnly={false} /> }], '/');

describe('cost price file', () => {
  it('shows a refused file’s first error with its error file, and a saved one’s count', async () => {
    last = record({
      status: 'fail',
      result: 'error',
      hasFileResult: true,
      errorCount: 3,
      errorMessage:
        'Строка 3, столбец «Минимальная цена, ₽»: Минимальная цена не может быть ниже себестоимости',
    });
    render();
    expect(await screen.findByText(/Минимальная цена не может быть ниже себестоимости/)).toBeInTheDocument();
    expect(screen.getByText('Ошибка')).toBeInTheDocument();
    expect(screen.getByText(/^Строк с ошибками: 3\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Скачать файл ошибок/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Скачать шаблон с моими товарами/ })).toBeInTheDocument();
    expect(callsOf(call, 'v1.imports.list')[0]).toEqual({
      partnerId: PARTNER_ID,
      type: 'product_cost_prices',
      page: 1,
      pageSize: 1,
    });
    cleanup();
    last = record({ status: 'ok', result: 'ok', rowsTotal: 120, rowsDone: 120 });
    render();
    expect(await screen.findByText('Цены сохранены: 120')).toBeInTheDocument();
    expect(screen.getByText('Обработан')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Скачать файл ошибок/ })).toBeNull();
  });
});
