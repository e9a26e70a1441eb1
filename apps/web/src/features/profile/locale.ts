// Russian strings of the profile area.
export const profileText = {
  overview: { title: 'Профиль' },
  brands: { title: 'Страны и бренды' },
  help: { title: 'Помощь и контакты' },
  main: { title: 'Основная информация' },
  offers: { title: 'Документы' },
  settings: { title: 'Настройки' },
} as const;
