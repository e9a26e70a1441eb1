// What each mutating method did, in the seller's words, for the audit log (issue 28): «Изменение цены».
// A contract test keeps every mutating method of the catalogue named here, so a new one cannot be missed.
import { accessAreaOf, type AccessArea } from './access';

export const AUDIT_METHOD_LABELS: Record<string, string> = {
  // access
  'v1.tokens.create': 'Вход в кабинет',
  'v1.tokens.update': 'Продление входа',
  'v1.tokens.revoke': 'Выход из кабинета',
  'v1.api-tokens.issue': 'Выпуск API-токена',
  'v1.api-tokens.revoke': 'Отзыв API-токена',
  'v1.webhooks.create': 'Добавление вебхука',
  'v1.webhooks.update': 'Изменение вебхука',
  'v1.webhooks.delete': 'Удаление вебхука',
  'v1.webhooks.enable': 'Включение вебхука',
  'v1.webhooks.test': 'Проверка вебхука',
  'v1.webhooks.replay': 'Повторная отправка вебхука',
  // account
  'v1.registration.initiate': 'Регистрация',
  'v1.registration.resend-email': 'Повторное письмо о регистрации',
  'v1.user.registration.complete': 'Подтверждение регистрации',
  'v1.passwords.send-reset-email': 'Запрос восстановления пароля',
  'v1.passwords.confirm-reset': 'Смена пароля',
  'v1.partners.activate-in-ui': 'Первый вход партнёра',
  'v1.partners.features.update': 'Изменение настроек кабинета',
  'v1.seller.profile.update-contacts': 'Изменение контактов',
  'v1.support.email.send': 'Обращение в поддержку',
  'v1.accounts.add': 'Добавление аккаунта',
  'v1.offers.approve': 'Подписание условий сотрудничества',
  'v1.offers.publish': 'Публикация условий сотрудничества',
  // team
  'v1.team.invite': 'Приглашение в команду',
  'v1.team.cancel-invitation': 'Отзыв приглашения',
  'v1.team.change-role': 'Изменение роли',
  'v1.team.remove': 'Удаление из команды',
  'v1.invitations.accept': 'Принятие приглашения',
  // warehouses
  'v1.warehouses.create': 'Создание склада',
  'v1.warehouses.edit': 'Изменение склада',
  'v1.warehouses.activate': 'Включение склада',
  'v1.warehouses.deactivate': 'Отключение склада',
  'v1.warehouses.approve': 'Одобрение графика склада',
  'v1.warehouses.send-back': 'Возврат склада на доработку',
  'v1.warehouses.delete': 'Удаление склада',
  'v1.warehouses.delivery-method.create': 'Выбор способа отгрузки',
  'v1.warehouses.delivery-method.edit': 'Изменение графика отгрузки',
  'v1.warehouses.return-method.create': 'Выбор способа возврата',
  'v1.warehouses.return-method.edit': 'Изменение графика возврата',
  'v1.warehouses.events.record': 'Событие на складе',
  // questions and reviews
  'v1.questions.answer': 'Ответ покупателю',
  'v1.feedback.delete-items': 'Отмена отклонённых ответов',
  'v1.feedback.seller-feedback.activate': 'Настройка ответов покупателям',
  'v1.feedback.strikes.delete': 'Снятие нарушения',
  'v1.feedback.templates.save': 'Сохранение шаблона ответа',
  'v1.feedback.templates.delete': 'Удаление шаблона ответа',
  'v1.feedback.moderation.decide': 'Модерация ответа',
  'v1.platform.feedback.create': 'Новый вопрос или отзыв',
  'v1.platform.feedback.moderate': 'Модерация ответа маркетплейсом',
  'v1.platform.feedback.answer': 'Ответ поддержки маркетплейса',
  // catalogue
  'v1.nomenclatures.update-activation': 'Показ или скрытие товаров',
  'v1.nomenclatures.update-stock': 'Изменение остатков',
  'v1.nomenclatures.store': 'Сохранение карточки товара',
  'v1.nomenclatures.moderate': 'Модерация карточки',
  'v1.nomenclatures.hide-moderation': 'Скрытие замечания модератора',
  'v1.nomenclatures.images.update': 'Изменение фотографий',
  // prices
  'v1.nomenclatures.update-price': 'Изменение цены',
  'v1.nomenclatures.set-prices': 'Изменение цен',
  'v1.nomenclatures.prices-approve': 'Решение по цене на карантине',
  'v1.matching-manager.rfc.competitor-price.create': 'Добавление цены конкурента',
  'v1.matching-manager.rfc.competitor-price.dispute': 'Оспаривание цены конкурента',
  'v1.matching-manager.export.create': 'Выгрузка индекса цен',
  'v1.platform.matching-manager.offers.post': 'Новые цены конкурентов',
  'v1.platform.matching-manager.rfc.decide': 'Решение по цене конкурента',
  'v1.platform.matching-manager.settings.set': 'Настройка индекса цен',
  // orders
  'v1.orders.collect': 'Сборка заказа',
  'v1.orders.confirmation': 'Подтверждение заказа',
  'v1.orders.cancel': 'Отмена заказа',
  'v1.orders.item-cancel': 'Отмена товаров в заказе',
  'v1.platform.orders.create': 'Новый заказ',
  'v1.platform.orders.move': 'Движение заказа',
  'v1.platform.orders.open-discrepancy-act': 'Акт о расхождении',
  'v1.platform.orders.add-tracking-number': 'Трек-номер заказа',
  // files
  'v1.exports.create': 'Выгрузка в файл',
  'v1.imports.preview.apply': 'Применение обновления из файла',
  'v1.imports.preview.drop': 'Отмена обновления из файла',
  'v1.imports.updates.rollback': 'Откат обновления из файла',
  // FBO supplies
  'v1.fulfilment-shipments.create': 'Создание поставки из файла',
  'v1.fulfilment-shipments.create-draft': 'Создание черновика поставки',
  'v1.fulfilment-shipments.submit': 'Отправка поставки на проверку',
  'v1.fulfilment-shipments.revise': 'Возврат поставки в черновик',
  'v1.fulfilment-shipments.book-slot': 'Бронирование слота поставки',
  'v1.fulfilment-shipments.cancel': 'Отмена поставки',
  'v1.fulfilment-shipments.change-warehouse': 'Смена склада поставки',
  'v1.fulfilment-shipments.set-items': 'Изменение состава поставки',
  'v1.fulfilment-shipments.waitlist.join': 'Ожидание слота',
  'v1.fulfilment-shipments.waitlist.leave': 'Отказ от ожидания слота',
  'v1.fulfilment-shipments.dispute': 'Оспаривание недостачи',
  'v1.platform.fulfilment-shipments.validate': 'Проверка документов поставки',
  'v1.platform.fulfilment-shipments.move': 'Движение поставки',
  'v1.platform.fulfilment-shipments.report': 'Акт приёмки поставки',
  'v1.platform.fulfilment-shipments.resolve-dispute': 'Решение по недостаче',
  'v1.platform.fulfilment-warehouses.capacity.set': 'Мощность склада',
  // FBO returns
  'v1.supplier-fulfilment-returns.create': 'Создание возврата',
  'v1.supplier-return.create-from-file': 'Создание возврата из файла',
  'v1.supplier-fulfilment-returns.confirm': 'Подтверждение возврата',
  'v1.supplier-fulfilment-returns.cancel': 'Отмена возврата',
  'v1.supplier-fulfilment-returns.book-slot': 'Бронирование окна возврата',
  'v1.platform.supplier-fulfilment-returns.reserve': 'Резерв товаров возврата',
  'v1.platform.supplier-fulfilment-returns.reject': 'Отказ склада по возврату',
  'v1.platform.supplier-fulfilment-returns.offer-slots': 'Окна для возврата',
  'v1.platform.supplier-fulfilment-returns.move': 'Движение возврата',
  'v1.platform.supplier-fulfilment-returns.pick': 'Сборка возврата',
  'v1.platform.supplier-fulfilment-returns.ship': 'Выдача возврата',
  // analytics
  'v1.platform.analytics.events': 'События витрины',
  'v1.platform.analytics.rebuild': 'Пересчёт аналитики',
  // FBS shipments
  'v1.shipments.confirm': 'Подтверждение отгрузки',
  'v1.shipments.cancel': 'Отмена отгрузки',
  'v1.platform.shipments.list': 'Список отгрузок для курьера',
  'v1.platform.shipments.move': 'Движение отгрузки',
  'v1.platform.return-boxes.fill': 'Наполнение короба возврата',
  'v1.platform.return-boxes.close': 'Закрытие короба возврата',
  'v1.platform.return-boxes.move': 'Движение короба возврата',
  // onboarding
  'v1.onboarding.finish': 'Завершение подключения',
  'v1.surveys.first.save': 'Сохранение анкеты',
  'v1.surveys.first.submit': 'Отправка анкеты',
  'v1.surveys.delete': 'Удаление анкеты',
  'v1.surveys.notification.act': 'Прочтение уведомления',
  'v1.surveys.attachments.reserve': 'Загрузка документа на товарный знак',
  'v1.surveys.assortment-committee.save': 'Ответ ассортиментному комитету',
  'v1.surveys.review': 'Рассмотрение анкеты',
  'v1.surveys.assortment-committee.decide': 'Решение ассортиментного комитета',
  'v1.platform.onboarding.legal-check': 'Юридическая проверка',
  // promotions
  'v1.promotions.products.add': 'Добавление товаров в акцию',
  'v1.promotions.products.delete': 'Удаление товаров из акции',
  'v1.promotions.files.close': 'Закрытие уведомления о файле',
  'v1.promotions.cost-prices.set': 'Изменение себестоимости',
  'v1.promotions.cost-prices.set-bulk': 'Изменение себестоимости группы',
  'v1.promotions.products.added.report': 'Выгрузка товаров акции',
  'v1.platform.promotions.announce': 'Анонс акции',
  'v1.platform.promotions.move': 'Движение акции',
  'v1.platform.promotions.report-sales': 'Продажи по акции',
};

/** The Russian name of what a call did; a method the table misses (an older record) shows its name. */
export function auditLabelOf(method: string): string {
  return AUDIT_METHOD_LABELS[method] ?? method;
}

/**
 * The access area a recorded call belongs to, for the log's area filter: the marketplace's platform calls
 * count in the area they move (v1.platform.orders.move → orders); accepting an invitation is the team's.
 */
export function auditAreaOf(method: string): AccessArea | null {
  if (method.startsWith('v1.invitations.')) return 'team';
  return accessAreaOf(method.replace(/^v1\.platform\./, 'v1.'));
}

/** Every mutating method recorded under `area`. */
export function auditMethodsOf(area: AccessArea): string[] {
  return Object.keys(AUDIT_METHOD_LABELS).filter((m) => auditAreaOf(m) === area);
}
