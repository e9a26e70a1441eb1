// The error screen: a missing page and any other failure are told apart.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ErrorView, type ErrorViewProps } from './error-view';

const renderView = (props: ErrorViewProps) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ErrorView {...props} /> }])} />);

describe('ErrorView', () => {
  it('names the missing path', () => {
    renderView({ kind: 'notFound', path: '/nope' });
    expect(screen.getByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /nope')).toBeInTheDocument();
    expect(document.title).toBe('Страница не найдена — Moda Seller');
  });

  it('shows a generic failure differently, with a reload and the details', () => {
    renderView({ kind: 'default', details: 'API client got error on v1.dictionaries.get' });
    expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();
    expect(screen.getByText('Подробности')).toBeInTheDocument();
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
  });
});
