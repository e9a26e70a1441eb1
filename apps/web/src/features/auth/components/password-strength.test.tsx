// The strength meter of the registration and reset forms: the policy, the first unmet rule, and the
// level the contract's passwordStrength gives, announced to screen readers.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PasswordStrength } from './password-strength';

describe('password strength meter', () => {
  it('shows only the policy while the password is empty', () => {
    render(<PasswordStrength password="" />);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(
      screen.getByText(/^От 8 до 14 символов: строчные и заглавные латинские буквы/),
    ).toBeInTheDocument();
  });

  it.each([
    ['brand', 'низкая', 1, 'Пароль должен содержать от 8 до 14 символов'],
    ['brand2026!', 'низкая', 1, 'Добавьте строчные и заглавные латинские буквы'],
    ['Brand2026', 'низкая', 1, 'Добавьте хотя бы один спецсимвол, например ! или #'],
    ['Бренд2026!aB', 'низкая', 1, 'Используйте только латинские буквы, цифры и спецсимволы, без пробелов'],
    ['Brand2026!', 'хорошая', 2, null],
    ['Brand2026!Ok', 'хорошая', 2, null],
    ['Fresh2026!Ok#', 'высокая', 3, null],
  ])('rates %s as %s', (password, label, level, problem) => {
    render(<PasswordStrength password={password} />);
    const meter = screen.getByRole('meter', { name: 'Надёжность пароля:' });
    expect(meter).toHaveAttribute('aria-valuenow', String(level));
    expect(meter).toHaveAttribute('aria-valuetext', label);
    expect(screen.getByText('Надёжность пароля:').closest('p')).toHaveTextContent(
      `Надёжность пароля: ${label}`,
    );
    if (problem) expect(screen.getByText(problem)).toBeInTheDocument();
    else expect(screen.getByText(/^От 8 до 14 символов/)).toBeInTheDocument();
  });
});
