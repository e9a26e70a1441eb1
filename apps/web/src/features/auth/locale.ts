// Russian strings of login, registration and password recovery (spec 000 §2 screens, spec 001 §8 login,
// registration and recovery errors).
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
  /** The password policy of spec 001 §5 and its strength meter. */
  password: {
    policy: 'От 8 до 14 символов: строчные и заглавные латинские буквы, цифра и спецсимвол, например ! или #',
    strengthLabel: 'Надёжность пароля:',
    strength: { low: 'низкая', good: 'хорошая', strong: 'высокая' },
  },
  registration: {
    title: 'Регистрация продавца',
    subtitle: 'Создайте аккаунт, чтобы начать продавать на Moda',
    email: 'Email',
    emailPlaceholder: 'name@company.ru',
    password: 'Пароль',
    passwordRepeat: 'Повторите пароль',
    consent: 'Я даю согласие на обработку персональных данных',
    submit: 'Зарегистрироваться',
    haveAccount: 'Уже есть аккаунт?',
    login: 'Войти',
    buyer: 'Хотите купить, а не продавать?',
    buyerLink: 'Вам в магазин',
  },
  registrationSent: {
    title: 'Подтвердите email',
    text: 'Мы отправили письмо на {email}. Перейдите по ссылке из письма, чтобы завершить регистрацию: ссылка действует 24 часа.',
    noMail: 'Письма нет? Проверьте папку «Спам» или отправьте его ещё раз.',
    resend: 'Отправить письмо ещё раз',
    resendIn: 'Отправить ещё раз можно через {seconds} сек.',
    resent: 'Письмо отправлено ещё раз',
    otherEmail: 'Указать другой email',
  },
  /** The migrated-user screen: the email already has an account (in this or the old cabinet). */
  accountExists: {
    title: 'У вас уже есть аккаунт',
    text: 'Адрес {email} уже зарегистрирован в кабинете продавца. Войдите со своим паролем, а если не помните его — восстановите.',
    textNoEmail:
      'Этот адрес уже зарегистрирован в кабинете продавца. Войдите со своим паролем, а если не помните его — восстановите.',
    login: 'Войти',
    recover: 'Восстановить пароль',
  },
  /** The redirect-to-marketplace screen: a buyer who came to the sellers' cabinet. */
  marketplace: {
    title: 'Этот кабинет — для продавцов',
    text: 'Здесь продавцы управляют товарами и заказами на Moda. Чтобы выбрать и купить одежду, обувь или аксессуары, перейдите в магазин.',
    go: 'Перейти на moda.ru',
    back: 'Вернуться к регистрации',
  },
  confirm: {
    title: 'Завершение регистрации',
    checking: 'Проверяем ссылку…',
    text: 'Введите пароль, который вы задали при регистрации, чтобы подтвердить адрес {email} и войти в кабинет.',
    email: 'Email',
    password: 'Пароль',
    submit: 'Подтвердить и войти',
  },
  linkExpired: {
    title: 'Ссылка устарела',
    text: 'Ссылка из письма устарела или уже использована. Зарегистрируйтесь ещё раз с тем же адресом: мы пришлём новое письмо.',
    again: 'Зарегистрироваться снова',
  },
  alreadyConfirmed: {
    title: 'Адрес уже подтверждён',
    text: 'Регистрация завершена раньше: войдите в кабинет со своим паролем.',
    login: 'Войти',
  },
  /** Spec 001 §8 "Registration and recovery", by the server's reason. */
  registrationErrors: {
    'registration.internalServerError': 'Не удалось завершить регистрацию. Попробуйте позже',
    'registration.userAlreadyConfirmed': 'Этот адрес уже подтверждён: войдите в кабинет',
    'registration.unableToRegisterWithThisEmail': 'Аккаунт с этим email уже существует',
    'registration.userNotFound': 'Пользователь с таким email не найден: зарегистрируйтесь заново',
    'registration.unableToRegisterWithThisPassword': 'Пароль не соответствует требованиям',
    'registration.tooEarlyToRefreshConfirm': 'Письмо можно отправить повторно через {seconds} сек.',
    'registration.invalidToken': 'Ссылка устарела или уже использована. Запросите новую',
    'registration.userNotConfirmed': 'Адрес почты ещё не подтверждён: перейдите по ссылке из письма',
    'password.sameAsOld': 'Новый пароль должен отличаться от старого',
    'password.recoveryUserNotFound': 'Пользователь с таким email или логином не найден',
  },
  unknownError: 'Не удалось выполнить запрос. Попробуйте ещё раз немного позже',
  reset: {
    title: 'Восстановление пароля',
    subtitle: 'Укажите email или логин: мы пришлём ссылку для нового пароля',
    username: 'Email или логин',
    usernamePlaceholder: 'name@company.ru',
    submit: 'Восстановить пароль',
  },
  resetConfirm: {
    title: 'Проверьте почту',
    text: 'Мы отправили письмо со ссылкой для нового пароля на {email}. Ссылка действует 1 час.',
    textNoEmail: 'Мы отправили письмо со ссылкой для нового пароля. Ссылка действует 1 час.',
    noMail: 'Письма нет? Проверьте папку «Спам» или отправьте его ещё раз.',
    resend: 'Отправить ещё раз',
    resent: 'Письмо отправлено ещё раз',
    otherLogin: 'Указать другой email или логин',
  },
  resetPassword: {
    title: 'Новый пароль',
    subtitle: 'Придумайте новый пароль: он должен отличаться от прежнего',
    checking: 'Проверяем ссылку…',
    password: 'Новый пароль',
    passwordRepeat: 'Повторите пароль',
    submit: 'Сохранить',
  },
  /** Spec 000 §2: the result page of the reset, with the buttons the spec names. */
  resetResult: {
    successTitle: 'Пароль изменён',
    successText: 'Войдите в кабинет с новым паролем. На других устройствах нужно будет войти заново.',
    authorize: 'Авторизоваться',
    failureTitle: 'Не удалось изменить пароль',
    failureText: 'Ссылка устарела или уже использована. Запросите новую ссылку для восстановления пароля.',
    proceed: 'Продолжить',
  },
  backToLogin: 'Вернуться ко входу',
} as const;

export type LoginErrorName = keyof typeof authText.loginErrors;
export type AuthErrorReason = keyof typeof authText.registrationErrors;
