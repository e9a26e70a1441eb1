// The choice of how to add products: both ways open their pages, and none does in a read-only cabinet,
// which says why.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../nomenclatures-test-utils';
import { ProductAddPage } from './product-add-page';

const readOnly = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: readOnly.value, needsSignature: false, status: null, error: null }),
}));

const renderAdd = () =>
  renderRoutes(
    [
      { path: '/nomenclatures/add', element: <ProductAddPage /> },
      { path: '/nomenclatures/add/manually', element: <p>manual form</p> },
    ],
    '/nomenclatures/add',
  );

beforeEach(() => {
  readOnly.value = false;
});

describe('adding products', () => {
  it('opens the manual form', async () => {
    const { user, router } = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Заполнить карточку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nomenclatures/add/manually'));
  });

  it('offers neither way in a read-only cabinet, and says why', () => {
    readOnly.value = true;
    renderAdd();
    expect(
      screen.getByText('Добавлять и менять товары можно будет после подписания условий сотрудничества'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Заполнить карточку' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Загрузить файл' })).toBeDisabled();
  });
});
