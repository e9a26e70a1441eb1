// The page-wide notice: its kind, title, description and action, and the role a screen reader hears it by.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NoticeBar } from './notice-bar';

describe('the notice bar', () => {
  it('draws a warning with its description and action as a status', () => {
    render(
      <NoticeBar
        role="status"
        type="warning"
        title="Кабинет доступен только для просмотра"
        description="Подпишите условия"
        action={<button type="button">Перейти к условиям</button>}
      />,
    );
    const bar = screen.getByRole('status');
    expect(bar.className).toContain('notice-bar--warning');
    expect(bar.textContent).toBe('Кабинет доступен только для просмотраПодпишите условияПерейти к условиям');
  });

  it('is an alert by default, without a description or action when none is given', () => {
    render(<NoticeBar type="info" title="Добро пожаловать на Moda!" />);
    const bar = screen.getByRole('alert');
    expect(bar.className).toContain('notice-bar--info');
    expect(bar.querySelector('.notice-bar__description, .notice-bar__action')).toBeNull();
  });
});
