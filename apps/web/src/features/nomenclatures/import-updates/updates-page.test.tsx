// The Excel updates screen against a scripted server: the preview's counts and fields old → new, the price
// rules' answer, apply after a confirmation, then rollback with its report; the refused rows' tab from the URL.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ImportUpdate, PreviewItem } from '@moda/contracts';
import { AntdProvider } from '../../../components/theme/antd-provider';
import { callsOf, serve } from '../../../test/mock-api';
import { updatesText as text } from './locale';
import { UpdatesScreen } from './updates-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));

const FILE = '11111111-1111-4111-8111-111111111111';
const BASE: ImportUpdate = {
  fileImportId: FILE,
  fileName: 'обновление.xlsx',
  state: 'preview',
  category: 'clothes',
  changed: 2,
  unchanged: 5,
  refused: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  appliedAt: null,
  pricesPending: 0,
  pricesRefused: 0,
  rollbackUntil: null,
  canRollBack: false,
  rolledBackAt: null,
  rollbackReport: null,
};
const CHANGED: PreviewItem[] = [
  {
    id: '1',
    kind: 'changed',
    sellerSku: 'UP-1-42',
    productId: '42',
    rowNumber: null,
    changes: [
      { field: 'title', label: 'Название', old: 'Платье «Лето»', new: 'Платье «Осень»' },
      { field: 'price', label: 'Цена', old: '4990', new: '1990' },
    ],
    errors: [],
    priceStatus: 'pending',
    priceMessage: null,
  },
];
const REFUSED: PreviewItem[] = [
  {
    id: '2',
    kind: 'refused',
    sellerSku: null,
    productId: null,
    rowNumber: 7,
    changes: [],
    errors: [{ column: 'Цена*', message: 'Введите число' }],
    priceStatus: null,
    priceMessage: null,
  },
];

function renderScreen(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/nomenclatures/updates',
        element: (
          <AntdProvider>
            <App>
              <QueryClientProvider client={client}>
                <UpdatesScreen partnerId={10001} />
              </QueryClientProvider>
            </App>
          </AntdProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ pointerEventsCheck: 0, delay: null }) };
}

let current: ImportUpdate;
beforeEach(() => {
  current = BASE;
  serve(call, {
    'v1.imports.preview.get': (p) => ({
      update: current,
      items: p.kind === 'refused' ? REFUSED : CHANGED,
      total: p.kind === 'refused' ? 1 : 1,
    }),
    'v1.imports.preview.apply': () => {
      current = {
        ...BASE,
        state: 'applied',
        appliedAt: '2026-11-20T11:00:00.000Z',
        rollbackUntil: '2026-11-27T11:00:00.000Z',
        canRollBack: true,
        pricesPending: 1,
      };
      return current;
    },
    'v1.imports.updates.rollback': () => {
      current = {
        ...current,
        state: 'rolled_back',
        canRollBack: false,
        rolledBackAt: '2026-11-21T09:00:00.000Z',
        rollbackReport: {
          restoredProducts: 1,
          restoredFields: 1,
          skippedFields: 1,
          skipped: [{ sellerSku: 'UP-1-42', field: 'price', label: 'Цена', reason: 'priceNotApplied' }],
        },
      };
      return current;
    },
  });
});

describe('the Excel updates screen', () => {
  it('shows the preview, applies it after a confirmation, then rolls it back with its report', async () => {
    const { user } = renderScreen(`/nomenclatures/updates?file=${FILE}`);
    expect(await screen.findByText('Платье «Осень»')).toBeInTheDocument();
    expect(screen.getByText('Платье «Лето»')).toBeInTheDocument();
    expect(screen.getByText(text.price.pending)).toBeInTheDocument();
    expect(screen.getByText(text.counts.changed)).toBeInTheDocument();
    expect(screen.getByText(text.previewNote)).toBeInTheDocument();
    expect(callsOf(call, 'v1.imports.preview.apply')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: text.apply }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(text.applyConfirm).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: text.confirmOk }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.imports.preview.apply')).toEqual([{ partnerId: 10001, fileImportId: FILE }]),
    );
    expect(await screen.findByText(text.state.applied)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: text.rollback }));
    await waitFor(() => expect(screen.getAllByText(text.rollbackConfirmText).length).toBeGreaterThan(0));
    await user.click(screen.getAllByRole('button', { name: text.confirmOk }).at(-1)!);
    expect(await screen.findByText(text.report.title)).toBeInTheDocument();
    expect(screen.getByText(text.report.reasons.priceNotApplied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.rollback })).not.toBeInTheDocument();
  });

  it('shows the refused rows and why from the URL', async () => {
    renderScreen(`/nomenclatures/updates?file=${FILE}&tab=refused`);
    expect(await screen.findByText(/Введите число/)).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(callsOf(call, 'v1.imports.preview.get').at(-1)).toMatchObject({ kind: 'refused' });
  });
});
