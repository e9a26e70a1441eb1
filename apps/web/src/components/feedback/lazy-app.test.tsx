// The shell's App context loaded on first use: nothing of Ant Design's notification, message or modal is mounted
// until a page calls one; the first call is made once they are there, later ones at once.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { AntdProvider } from '../theme/antd-provider';
import { LazyAntApp } from './lazy-app';

function Page({ onOk }: { onOk?: () => void }) {
  const { notification, message, modal } = App.useApp();
  return (
    <>
      <Button onClick={() => notification.success({ title: 'Цены сохранены', description: '3 товара' })}>
        Уведомить
      </Button>
      <Button onClick={() => void message.error('Файл не загружен')}>Сообщить</Button>
      <Button onClick={() => void modal.confirm({ title: 'Удалить шаблон?', okText: 'Удалить', onOk })}>
        Спросить
      </Button>
    </>
  );
}

const renderPage = (onOk?: () => void) =>
  render(
    <AntdProvider>
      <LazyAntApp>
        <Page onOk={onOk} />
      </LazyAntApp>
    </AntdProvider>,
  );

describe('the lazy App context', () => {
  it('mounts nothing before the first call, then shows the notification and the message asked for', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0, delay: null });
    renderPage();
    expect(document.querySelector('.ant-notification, .ant-message')).toBeNull();

    await user.click(screen.getByText('Уведомить'));
    expect(await screen.findByText('Цены сохранены')).toBeTruthy();
    expect(screen.getByText('3 товара')).toBeTruthy();
    // The host is there now: the next call goes straight through.
    await user.click(screen.getByText('Сообщить'));
    expect(await screen.findByText('Файл не загружен')).toBeTruthy();
  });

  it('opens a confirmation asked for first and runs its action on «Удалить»', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0, delay: null });
    let confirmed = 0;
    renderPage(() => {
      confirmed++;
    });
    await user.click(screen.getByText('Спросить'));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Удалить шаблон?'),
    );
    await user.click(screen.getByText('Удалить', { selector: 'button span' }));
    await waitFor(() => expect(confirmed).toBe(1));
  });
});
