// Notices raised outside any page: queued until the host is there, then shown as a notification card or, when
// brief, as a message at the top.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { notices } from '../../lib/notices';
import { NoticeHost } from './notice-host';

describe('the notice host', () => {
  it('shows a notice raised before it was there, then each new one', async () => {
    notices.show({ kind: 'warning', title: 'Сессия истекла', description: 'Войдите снова' });
    render(<NoticeHost />);
    expect(await screen.findByText('Сессия истекла')).toBeTruthy();
    expect(screen.getByText('Войдите снова')).toBeTruthy();
    notices.show({ kind: 'info', title: 'Ссылка заблокирована', brief: true });
    expect(await screen.findByText('Ссылка заблокирована')).toBeTruthy();
    expect(document.querySelector('.ant-message')?.textContent).toContain('Ссылка заблокирована');
  });
});
