// Russian strings of the home page.
import type { InboxKind } from '@moda/contracts';

export const homeText = {
  title: 'Главная',
  greeting: {
    morning: 'Доброе утро',
    day: 'Добрый день',
    evening: 'Добрый вечер',
    night: 'Доброй ночи',
  },
  signedInAs: 'Вы вошли как {email}',
  partner: {
    idLabel: 'ID партнёра',
    modelLabel: 'Модель работы',
    choose: 'Выберите партнёра',
    chooseHint: 'Найдите партнёра по ID или названию магазина, чтобы работать с его данными.',
  },
  newSeller: {
    title: 'Добро пожаловать на Moda!',
    description:
      'Ваш магазин подключается к Moda, поэтому часть разделов пока закрыта — открытые вы найдёте ниже. Шаги подключения и то, где вы сейчас, показаны на этой странице; если что-то непонятно, напишите в поддержку.',
    support: 'Написать в поддержку',
  },
  areasTitle: 'Разделы',
  areas: {
    orders: { title: 'Заказы', description: 'Сборка, отгрузка и этикетки' },
    fboShipments: { title: 'Поставки FBO', description: 'Поставки на склад маркетплейса' },
    fbsShipments: { title: 'Отгрузки FBS', description: 'Отгрузки с вашего склада' },
    products: { title: 'Товары', description: 'Карточки, остатки и модерация' },
    prices: { title: 'Цены и скидки', description: 'Цены, скидки и индекс цен' },
    promotions: { title: 'Акции', description: 'Календарь акций и товары в них' },
    analytics: { title: 'Аналитика', description: 'Продажи, остатки и воронка' },
    questions: { title: 'Вопросы и отзывы', description: 'Ответы покупателям и шаблоны' },
    warehouses: { title: 'Склады', description: 'Склады и способы доставки FBS' },
    profile: { title: 'Профиль', description: 'Данные магазина, бренды и документы' },
    onboardingReview: { title: 'Новые продавцы', description: 'Анкеты и ассортиментный комитет' },
  },
  changes: {
    title: 'Последние изменения',
    empty: 'Изменений пока нет',
    error: 'Не удалось загрузить изменения',
    unknownAuthor: 'Система',
    methods: {
      'v1.partners.activate-in-ui': 'Партнёр подключён к кабинету',
      'v1.partners.features.update': 'Изменена настройка функций',
      'v1.tokens.create': 'Вход в кабинет',
      'v1.tokens.revoke': 'Выход из кабинета',
    } as Record<string, string>,
    otherMethod: 'Изменение данных',
  },
  inbox: {
    title: 'Срочные дела',
    empty: 'Срочных дел нет',
    error: 'Не удалось загрузить срочные дела',
    incomplete: 'Не все разделы ответили — список может быть неполным',
    today: 'сегодня до {time}',
    until: 'до {date}',
    overdueSince: 'срок истёк {date}',
    overdue: 'Просрочено',
    strikes: 'Страйков: {used} из {max}, на {max}-м ответы блокируются',
    kinds: {
      orders_to_collect: 'Собрать заказы до отсечки',
      orders_overdue: 'Просроченные заказы',
      fbo_discrepancy_acts: 'Недостачи в поставках FBO ждут ответа',
      terms_to_sign: 'Подпишите условия сотрудничества',
      prices_quarantine: 'Цены на проверке (карантин)',
      feedback_rejected: 'Отклонённые ответы покупателям',
      questions_late: 'Вопросы без ответа дольше 24 часов',
      fbo_stock_running_out: 'Товары FBO закончатся в течение 7 дней',
      fbs_shipments_today: 'Отгрузки FBS на сегодня',
      imports_failed: 'Импорт товаров не прошёл',
      promotions_registration_ending: 'Заканчивается регистрация в акциях',
      api_tokens_expiring: 'Заканчивается срок действия токенов API',
    } satisfies Record<InboxKind, string>,
  },
} as const;

export type HomeAreaKey = keyof typeof homeText.areas;
