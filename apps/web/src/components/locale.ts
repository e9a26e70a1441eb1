// Russian strings of the shared components.
export const componentsText = {
  workInProgress: {
    defaultTitle: 'Раздел в разработке',
    description: 'Мы уже работаем над этим разделом. Он появится в одном из ближайших обновлений кабинета.',
    home: 'На главную',
  },
  loader: { label: 'Загрузка…' },
  passwordInput: { show: 'Показать пароль', hide: 'Скрыть пароль' },
  unsavedChanges: {
    title: 'Уйти со страницы?',
    content: 'Изменения не сохранены и пропадут.',
    leave: 'Уйти',
    stay: 'Остаться',
  },
  externalLink: { blocked: 'Переход на внешний сайт заблокирован' },
  pageTitleSuffix: 'Moda Seller',
  helpCard: {
    title: 'Нужна помощь?',
    hours:
      'Поддержка работает ежедневно с 08:00 до 20:00 по московскому времени, персональный менеджер — с 09:30 до 18:30.',
    email: 'Пишите:',
  },
  dateRange: { since: 'с', until: 'по' },
  listTable: {
    retry: 'Повторить',
    selectAll: 'Выбрать все строки на странице',
    selectRow: 'Выбрать строку',
  },
  errors: {
    notFoundTitle: 'Страница не найдена',
    notFoundDescription: 'Проверьте адрес или вернитесь на главную.',
    notFoundMessage: 'Page Not Found: {path}',
    defaultTitle: 'Что-то пошло не так',
    defaultDescription: 'Попробуйте обновить страницу. Если ошибка повторится, напишите в поддержку.',
    home: 'На главную',
    reload: 'Обновить страницу',
    details: 'Подробности',
  },
} as const;
