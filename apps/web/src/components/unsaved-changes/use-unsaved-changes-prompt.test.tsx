// The unsaved-form exit prompt: leaving a dirty form asks first; staying keeps the page.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt';

function Form() {
  const [value, setValue] = useState('');
  useUnsavedChangesPrompt(value !== '');
  return (
    <>
      <label>
        Комментарий
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Link to="/other">Уйти</Link>
      <Link to="/form?tab=2">Вкладка</Link>
    </>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <App>
            <Form />
          </App>
        ),
      },
      { path: '/other', element: <p>Другая страница</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useUnsavedChangesPrompt', () => {
  it('lets a clean form go', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    expect(await screen.findByText('Другая страница')).toBeInTheDocument();
  });

  it('asks before leaving a dirty form; "Остаться" stays, "Уйти" leaves', async () => {
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Комментарий'), 'черновик');
    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toHaveTextContent('Уйти со страницы?');
    expect(dialogs[0]).toHaveTextContent('Изменения не сохранены и пропадут.');
    await user.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    await user.click(await screen.findByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });

  it('does not ask when only the query changes', async () => {
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Комментарий'), 'x');
    await user.click(screen.getByRole('link', { name: 'Вкладка' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.queryByText('Уйти со страницы?')).not.toBeInTheDocument();
  });
});
