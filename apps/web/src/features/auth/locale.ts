// Russian strings of login, registration and password recovery (spec 000 §2 screens, spec 001 §8 login errors).
export const authText = {
  login: {
    title: 'Вход в кабинет продавца',
    subtitle: 'Управляйте товарами, заказами и поставками на Moda',
    username: 'Email или логин',
    usernamePlaceholder: 'name@company.ru',
    password: 'Пароль',
    forgot: 'Забыли пароль?',
    submit: 'Войти',
    noAccount: 'Ещё не продаёте на Moda?',
    register: 'Зарегистрироваться',
  },
  /** Spec 001 §8 "Login", by the error name the server returns in data.error. */
  loginErrors: {
    invalid_grant: 'Неверный email, логин или пароль',
    empty_fields: 'Введите email или логин и пароль',
    invalid_error: 'Email, логин или пароль содержат недопустимые символы',
    unknown_error: 'Не удалось войти. Попробуйте ещё раз немного позже',
  },
  registration: { title: 'Регистрация продавца' },
  reset: { title: 'Восстановление пароля' },
  resetConfirm: { title: 'Письмо для восстановления пароля' },
  resetPassword: { title: 'Новый пароль' },
  backToLogin: 'Вернуться ко входу',
} as const;

export type LoginErrorName = keyof typeof authText.loginErrors;
