// The error catalogue (spec 001 §8): RPC codes and every coded domain error with its Russian message.
// Services throw codes; the server's rpc layer maps them to a wire code and this message, once.
import { RpcCode } from './constants';

/** The RPC codes: in ./constants, without the messages, for the web's shell. */
export { RpcCode };

/** HTTP status for the gateway and REST forms of the same error. */
export const HTTP_STATUS_BY_CODE: Record<number, number> = {
  [RpcCode.ParseError]: 400,
  [RpcCode.InvalidRequest]: 400,
  [RpcCode.MethodNotFound]: 404,
  [RpcCode.InvalidParams]: 400,
  [RpcCode.InternalError]: 500,
  [RpcCode.BadRequest]: 400,
  [RpcCode.Unauthorized]: 401,
  [RpcCode.Forbidden]: 403,
  [RpcCode.NotFound]: 404,
  [RpcCode.TooManyRequests]: 429,
  [RpcCode.ServerError]: 500,
};

interface ErrorDef {
  code: RpcCode;
  message: string;
}
const d = (code: RpcCode, message: string): ErrorDef => ({ code, message });

export const ERRORS = {
  // transport
  'rpc.parseError': d(RpcCode.ParseError, 'Некорректный JSON в теле запроса'),
  'rpc.invalidRequest': d(RpcCode.InvalidRequest, 'Некорректный запрос JSON-RPC'),
  'rpc.batchTooLarge': d(RpcCode.InvalidRequest, 'Слишком много вызовов в одном пакете'),
  'rpc.methodNotFound': d(RpcCode.MethodNotFound, 'Метод не найден'),
  'rpc.invalidMethodNamespace': d(RpcCode.MethodNotFound, 'Invalid method namespace'),
  'rpc.invalidParams': d(RpcCode.InvalidParams, 'Проверьте правильность заполнения полей'),
  'rpc.internal': d(RpcCode.ServerError, 'Внутренняя ошибка сервера. Попробуйте позже'),
  // Within the spec's catalogue (50500), told apart by its reason and, over HTTP, by 503 with Retry-After.
  'rpc.unavailable': d(
    RpcCode.ServerError,
    'Сервис временно недоступен. Повторите попытку через несколько секунд',
  ),
  'rpc.payloadTooLarge': d(RpcCode.BadRequest, 'Слишком большой запрос'),
  'common.badRequest': d(RpcCode.BadRequest, 'Проверьте правильность заполнения полей'),
  'common.notFound': d(RpcCode.NotFound, 'Объект не найден'),
  'common.forbidden': d(RpcCode.Forbidden, 'Недостаточно прав для этого действия'),
  'common.tooManyRequests': d(RpcCode.TooManyRequests, 'Слишком много запросов. Повторите попытку позже'),
  'common.unknown': d(RpcCode.ServerError, 'Unknown error'),
  // auth (spec 001 §8 Login)
  'auth.unauthorized': d(RpcCode.Unauthorized, 'Требуется авторизация'),
  'auth.tokenExpired': d(RpcCode.Unauthorized, 'Срок действия сессии истёк'),
  'auth.invalidGrant': d(RpcCode.Unauthorized, 'Неверный email или пароль'),
  'auth.emptyFields': d(RpcCode.BadRequest, 'Введите email и пароль'),
  'auth.invalidCharacters': d(RpcCode.BadRequest, 'Email или пароль содержат недопустимые символы'),
  'auth.invalidRefreshToken': d(RpcCode.Unauthorized, 'Сессия завершена. Войдите снова'),
  'auth.tooManyAttempts': d(RpcCode.TooManyRequests, 'Слишком много попыток входа. Повторите попытку позже'),
  'auth.userNotFound': d(RpcCode.NotFound, 'User not found'),
  // partners
  'partner.notFound': d(RpcCode.NotFound, 'Партнёр не найден'),
  'partner.required': d(RpcCode.BadRequest, 'Не выбран партнёр'),
  'partner.emptyList': d(RpcCode.Forbidden, 'Empty partners list'),
  'feature.notFound': d(RpcCode.NotFound, 'Такой функции нет'),
  // files (spec 001 §8 Upload)
  'file.notFound': d(RpcCode.NotFound, 'Файл не найден'),
  'file.tooLarge': d(RpcCode.BadRequest, 'Файл слишком большой'),
  'file.wrongFormat': d(RpcCode.BadRequest, 'Неверный формат файла'),
  'file.missing': d(RpcCode.BadRequest, 'Прикрепите файл'),
  'file.unknownType': d(RpcCode.BadRequest, 'Неизвестный тип загрузки'),
  'file.loadingError': d(RpcCode.ServerError, 'Ошибка загрузки. Повторите попытку'),
  'file.noResult': d(RpcCode.NotFound, 'У файла нет файла с ошибками'),
  // product import from Excel (spec 001 §5 Files, §8 Upload)
  'import.tooManyAtOnce': d(
    RpcCode.BadRequest,
    'Одновременно обрабатывается не больше 10 файлов. Дождитесь, пока загруженные файлы обработаются',
  ),
  'import.outdatedTemplate': d(
    RpcCode.BadRequest,
    'Файл создан по устаревшей версии шаблона. Скачайте новый шаблон и перенесите в него товары',
  ),
  'import.notTemplate': d(
    RpcCode.BadRequest,
    'Файл не похож на шаблон загрузки товаров: скачайте шаблон и заполните его',
  ),
  'import.rowsRefused': d(
    RpcCode.BadRequest,
    'В файле есть ошибки, товары не загружены. Скачайте файл с ошибками, исправьте их и загрузите файл снова',
  ),
  'import.empty': d(RpcCode.BadRequest, 'В файле нет ни одного товара'),
  'import.unreadable': d(RpcCode.BadRequest, 'Не удалось прочитать файл: он повреждён или это не XLSX'),
  'import.interrupted': d(
    RpcCode.ServerError,
    'Обработка файла прервалась: сервер был перезапущен. Ни один товар из файла не сохранён — загрузите его ещё раз',
  ),
  'import.refused': d(RpcCode.BadRequest, 'Файл отклонён: он слишком большой или небезопасный'),
  // Excel updates: preview, apply, rollback (issue 28)
  'importUpdate.notFound': d(RpcCode.NotFound, 'Обновление из файла не найдено'),
  'importUpdate.notPreview': d(RpcCode.BadRequest, 'Это обновление уже применено или отменено'),
  'importUpdate.nothingToApply': d(RpcCode.BadRequest, 'В файле нет изменений: применять нечего'),
  'importUpdate.stale': d(
    RpcCode.BadRequest,
    'Товары изменились после предпросмотра: {count}. Загрузите файл заново, чтобы увидеть актуальные изменения',
  ),
  'importUpdate.notApplied': d(RpcCode.BadRequest, 'Откатить можно только применённое обновление'),
  'importUpdate.rollbackExpired': d(
    RpcCode.BadRequest,
    'Откатить обновление можно в течение 7 дней после применения',
  ),
  // warehouses (spec 000 §4, spec 001 §5 Warehouses, §8)
  // onboarding (spec 000 §4 Onboarding step, survey and committee states; spec 001 §9)
  'survey.notFound': d(RpcCode.NotFound, 'Анкета не найдена'),
  'survey.notAllowedFromState': d(RpcCode.BadRequest, 'Это действие недоступно для анкеты в текущем статусе'),
  'survey.incomplete': d(RpcCode.BadRequest, 'Заполните все страницы анкеты, прежде чем отправить её'),
  'survey.reapplyTooEarly': d(RpcCode.BadRequest, 'Подать анкету повторно можно с {date}'),
  'survey.notificationNotFound': d(RpcCode.NotFound, 'Уведомление не найдено'),
  'committee.notFound': d(RpcCode.NotFound, 'Заявка на ассортиментный комитет не найдена'),
  'committee.notAllowedFromState': d(
    RpcCode.BadRequest,
    'Это действие недоступно для заявки в текущем статусе',
  ),
  'committee.itemNotFound': d(RpcCode.BadRequest, 'Такого бренда или категории нет в заявке'),
  'committee.itemDecisionMissing': d(
    RpcCode.BadRequest,
    'Укажите, что уточнить: отметьте бренд или категорию',
  ),
  'onboarding.legalCheckNotReady': d(
    RpcCode.BadRequest,
    'Юридическая проверка начинается после одобрения ассортимента',
  ),
  'onboarding.notComplete': d(RpcCode.BadRequest, 'Не все шаги подключения пройдены'),
  'warehouse.notFound': d(RpcCode.NotFound, 'Склад не найден'),
  // webhooks (issue 27)
  'webhook.notFound': d(RpcCode.NotFound, 'Вебхук не найден'),
  'webhook.deliveryNotFound': d(RpcCode.NotFound, 'Доставка не найдена'),
  'webhook.disabled': d(RpcCode.BadRequest, 'Вебхук отключён: сначала включите его'),
  'webhook.tooMany': d(RpcCode.BadRequest, 'Можно добавить не больше {max} вебхуков'),
  'webhook.httpsRequired': d(RpcCode.BadRequest, 'Адрес должен начинаться с https://'),
  'webhook.privateAddress': d(
    RpcCode.BadRequest,
    'Адрес ведёт во внутреннюю сеть ({address}): укажите адрес, доступный из интернета',
  ),
  'webhook.unresolvable': d(RpcCode.BadRequest, 'Не удалось найти сервер по этому адресу'),
  'webhook.replayTooOld': d(RpcCode.BadRequest, 'Повторить можно события не старше {days} дней'),
  'webhook.replayInFuture': d(RpcCode.BadRequest, 'Время не может быть в будущем'),
  'warehouse.notCrossdocking': d(
    RpcCode.Forbidden,
    'Склады доступны только продавцам, которые отгружают заказы со своего склада (FBS)',
  ),
  'warehouse.notAllowedFromState': d(
    RpcCode.BadRequest,
    'Это действие недоступно для склада в текущем статусе',
  ),
  'warehouse.unfinished': d(
    RpcCode.BadRequest,
    'Склад заполнен не до конца: отредактируйте его, чтобы активировать',
  ),
  'warehouse.awaitingApproval': d(
    RpcCode.BadRequest,
    'Склад ждёт одобрения поддержки: активировать его можно после проверки времени отгрузки',
  ),
  'warehouse.methodChangeViaSupport': d(
    RpcCode.BadRequest,
    'Изменить способ доставки или возврата можно только через поддержку',
  ),
  'warehouse.platformTransportRegion': d(
    RpcCode.BadRequest,
    'Доставка транспортом маркетплейса доступна только в Москве и Московской области',
  ),
  'warehouse.nonWorkingDayTooSoon': d(
    RpcCode.BadRequest,
    'Нерабочим днём нельзя отметить сегодня, завтра или послезавтра',
  ),
  'warehouse.nonWorkingDayPast': d(RpcCode.BadRequest, 'Нельзя выбрать прошедшую дату'),
  'warehouse.activeCannotBeDeleted': d(
    RpcCode.BadRequest,
    'Активный склад нельзя удалить: сначала деактивируйте его',
  ),
  'warehouse.deliveryProfileNotConfigured': d(
    RpcCode.BadRequest,
    'Профиль доставки не настроен: обратитесь к менеджеру или в поддержку',
  ),
  'warehouse.methodNotAllowed': d(RpcCode.BadRequest, 'Этот способ недоступен в вашем профиле доставки'),
  'warehouse.eventNeedsActive': d(RpcCode.BadRequest, 'События записываются только для активного склада'),
  // registration and recovery (spec 001 §8)
  'registration.internalServerError': d(
    RpcCode.ServerError,
    'Не удалось завершить регистрацию. Попробуйте позже',
  ),
  'registration.userAlreadyConfirmed': d(RpcCode.BadRequest, 'Этот адрес уже подтверждён: войдите в кабинет'),
  'registration.unableToRegisterWithThisEmail': d(RpcCode.BadRequest, 'Аккаунт с этим email уже существует'),
  'registration.userNotFound': d(RpcCode.NotFound, 'Пользователь не найден'),
  'registration.unableToRegisterWithThisPassword': d(
    RpcCode.BadRequest,
    'Пароль не соответствует требованиям',
  ),
  'registration.tooEarlyToRefreshConfirm': d(
    RpcCode.BadRequest,
    'Письмо можно отправить повторно через {seconds} сек.',
  ),
  'registration.invalidToken': d(RpcCode.BadRequest, 'Ссылка устарела или уже использована. Запросите новую'),
  // A mistyped password on the confirmation screen: a field error; the link stays valid.
  'registration.wrongPassword': d(
    RpcCode.BadRequest,
    'Неверный пароль: введите пароль, который вы задали при регистрации',
  ),
  'registration.userNotConfirmed': d(
    RpcCode.BadRequest,
    'Адрес почты ещё не подтверждён: перейдите по ссылке из письма',
  ),
  'password.sameAsOld': d(RpcCode.BadRequest, 'Новый пароль должен отличаться от старого'),
  'password.recoveryUserNotFound': d(RpcCode.NotFound, 'Пользователь с таким email или логином не найден'),
  // profile, support, accounts
  'profile.notFound': d(RpcCode.NotFound, 'Профиль продавца не найден'),
  'support.unknownReason': d(RpcCode.BadRequest, 'Выберите тему обращения из списка'),
  'support.attachmentNotFound': d(RpcCode.BadRequest, 'Вложение не найдено: загрузите файл ещё раз'),
  'accounts.alreadyLinked': d(RpcCode.BadRequest, 'Этот аккаунт уже добавлен'),
  'accounts.notASeller': d(RpcCode.BadRequest, 'Этот аккаунт не принадлежит продавцу'),
  // the seller's team (issue 28)
  'team.roleForbids': d(RpcCode.Forbidden, 'Роль «{role}» не даёт права {action} в разделе «{area}»'),
  'team.alreadyMember': d(RpcCode.BadRequest, 'Этот человек уже в команде'),
  'team.lastOwner': d(
    RpcCode.BadRequest,
    'В команде должен остаться хотя бы один владелец: сначала назначьте владельцем другого участника',
  ),
  'team.memberNotFound': d(RpcCode.NotFound, 'Участник команды не найден'),
  'team.invitationNotFound': d(RpcCode.NotFound, 'Приглашение не найдено'),
  'team.tooManyInvitations': d(
    RpcCode.BadRequest,
    'Слишком много приглашений ждут ответа: отмените ненужные или дождитесь ответа',
  ),
  'team.notAnAccountForInvitation': d(
    RpcCode.BadRequest,
    'Это служебный аккаунт маркетплейса: пригласите другой адрес',
  ),
  'invitation.invalid': d(
    RpcCode.BadRequest,
    'Приглашение устарело или уже использовано. Попросите владельца кабинета пригласить вас снова',
  ),
  'invitation.wrongPassword': d(RpcCode.BadRequest, 'Неверный пароль'),
  'invitation.accountExists': d(RpcCode.BadRequest, 'Аккаунт с этим email уже есть: введите его пароль'),
  'invitation.noAccount': d(RpcCode.BadRequest, 'Аккаунта с этим email ещё нет: задайте пароль'),
  // offers (spec 001 §8 Offers)
  'offer.notFound': d(RpcCode.NotFound, 'Документ не найден'),
  'offer.notNewest': d(RpcCode.BadRequest, 'Подписать можно только самую новую версию условий'),
  'offer.alreadyAgreed': d(RpcCode.BadRequest, 'Эта версия условий уже подписана'),
  'offer.restricted': d(
    RpcCode.Forbidden,
    'Кабинет доступен только для просмотра: подтвердите условия сотрудничества в разделе «Условия сотрудничества»',
  ),
  // nomenclatures (spec 000 §4 Product)
  'nomenclature.notFound': d(RpcCode.NotFound, 'Товар не найден'),
  'nomenclature.onModeration': d(
    RpcCode.BadRequest,
    'Товар на модерации: показать его можно будет после проверки',
  ),
  'nomenclature.needsAction': d(RpcCode.BadRequest, 'Исправьте замечания модератора, чтобы показать товар'),
  'nomenclature.photoshootPending': d(
    RpcCode.BadRequest,
    'Товар ждёт фотосессии: показать его можно будет после неё',
  ),
  'nomenclature.archived': d(RpcCode.BadRequest, 'Товар в архиве'),
  'nomenclature.requiredAttribute': d(RpcCode.BadRequest, 'Заполните обязательный атрибут'),
  'nomenclature.unknownAttribute': d(RpcCode.BadRequest, 'Такого атрибута нет в категории'),
  'nomenclature.badDictionaryValue': d(RpcCode.BadRequest, 'Выберите значение из списка'),
  'nomenclature.obsoleteTnVed': d(RpcCode.BadRequest, 'Код ТН ВЭД устарел: выберите действующий'),
  'nomenclature.unknownTnVed': d(RpcCode.BadRequest, 'Такого кода ТН ВЭД нет в справочнике'),
  'nomenclature.oneSizeNotAllowed': d(
    RpcCode.BadRequest,
    'Безразмерный товар недопустим для выбранной размерной сетки',
  ),
  'nomenclature.sizeNotInScale': d(RpcCode.BadRequest, 'Такого размера нет в выбранной размерной сетке'),
  'nomenclature.sizeNotUnique': d(RpcCode.BadRequest, 'Размеры не должны повторяться'),
  'nomenclature.compositionNot100': d(RpcCode.BadRequest, 'Сумма процентов состава должна быть равна 100%'),
  'nomenclature.parentFieldsDiffer': d(
    RpcCode.BadRequest,
    'Значения полей различаются у товаров с одинаковым артикулом родителя',
  ),
  'nomenclature.duplicatedSku': d(RpcCode.BadRequest, 'Такой артикул уже есть в каталоге'),
  'nomenclature.dataMatrixMismatch': d(
    RpcCode.BadRequest,
    'Маркировка Data Matrix должна совпадать у всех размеров',
  ),
  'nomenclature.badEan': d(RpcCode.BadRequest, 'Неверный штрихкод: не сходится контрольная цифра EAN-13'),
  'nomenclature.duplicatedBarcode': d(RpcCode.BadRequest, 'Такой штрихкод уже есть в каталоге'),
  'nomenclature.brandNotAllowed': d(RpcCode.BadRequest, 'Для продажи этого бренда нужно разрешение'),
  'nomenclature.unknownErpCategory': d(RpcCode.BadRequest, 'Выберите категорию из списка'),
  'nomenclature.notOnModeration': d(RpcCode.BadRequest, 'Карточка не на модерации'),
  'nomenclature.reasonRequired': d(RpcCode.BadRequest, 'Укажите причину отклонения'),
  'image.notJpg': d(RpcCode.BadRequest, 'Фото должно быть в формате JPG'),
  'image.wrongSize': d(RpcCode.BadRequest, 'Размер фото должен быть 762×1100 или 1524×2200 пикселей'),
  'image.tooLarge': d(RpcCode.BadRequest, 'Фото больше 5 МБ'),
  'image.unreadable': d(RpcCode.BadRequest, 'Не удалось прочитать фото: файл повреждён'),
  'image.noMatch': d(
    RpcCode.BadRequest,
    'Не нашли товар по имени файла: назовите файл артикулом или штрихкодом',
  ),
  'image.tooMany': d(RpcCode.BadRequest, 'У товара может быть не больше 15 фото'),
  'image.lastCannotBeDeleted': d(RpcCode.BadRequest, 'Нельзя удалить единственное фото товара'),
  'image.notFound': d(RpcCode.NotFound, 'Фото не найдено'),
  // prices (spec 001 §8 Prices)
  'price.requiredForCountry': d(RpcCode.BadRequest, 'Укажите цену: страна продаж включена'),
  'price.discountRange': d(RpcCode.BadRequest, 'Скидка должна быть от 5% до 80%'),
  'price.specialPriceRange': d(RpcCode.BadRequest, 'Специальная цена должна быть от 20% до 95% от цены'),
  'price.inProcessing': d(RpcCode.BadRequest, 'Предыдущее изменение цены ещё обрабатывается'),
  'price.saleFieldsTogether': d(RpcCode.BadRequest, 'Специальная цена и период скидки указываются вместе'),
  'price.multipleOf10': d(RpcCode.BadRequest, 'Цена должна быть кратна 10'),
  'price.belowMinimum': d(RpcCode.BadRequest, 'Цена ниже минимальной'),
  'price.startAfterEnd': d(RpcCode.BadRequest, 'Дата начала не может быть позже даты окончания'),
  'price.integerNeeded': d(RpcCode.BadRequest, 'Цена должна быть целым числом'),
  'price.maxTwoDecimals': d(RpcCode.BadRequest, 'Не больше двух знаков после запятой'),
  'price.countryNotEnabled': d(RpcCode.BadRequest, 'Продажи в этой стране не включены'),
  'price.autoConversionNotEnabled': d(RpcCode.BadRequest, 'Автоконвертация цен не включена'),
  'price.autoConverted': d(
    RpcCode.BadRequest,
    'Цены для Беларуси и Казахстана рассчитываются автоматически из цены для России',
  ),
  'price.missingRuPrice': d(RpcCode.BadRequest, 'Сначала укажите цену для России'),
  'price.criticalChange': d(
    RpcCode.BadRequest,
    'Цена меняется больше чем на {threshold}%: подтвердите изменение',
  ),
  'price.inActivePromotion': d(RpcCode.BadRequest, 'Товар участвует в активной акции: цену изменить нельзя'),
  'price.blackPriceDataMatrix': d(
    RpcCode.BadRequest,
    'Базовую цену для Беларуси нельзя задать, пока включена маркировка Data Matrix',
  ),
  'price.correctionFailed': d(RpcCode.BadRequest, 'Не удалось изменить цену у {count} товаров'),
  'price.changeNotPending': d(RpcCode.BadRequest, 'Изменение цены уже рассмотрено'),
  'price.duplicated': d(RpcCode.BadRequest, 'Товар указан в списке несколько раз'),
  'price.parentSkuFieldsDiffer': d(
    RpcCode.BadRequest,
    'У размеров одного товара период скидки должен совпадать',
  ),
  'price.invalidDate': d(RpcCode.BadRequest, 'Неверная дата: нужен формат ГГГГ-ММ-ДД'),
  'price.booleanNeeded': d(RpcCode.BadRequest, 'Нужно значение true или false'),
  'price.reportNotFound': d(RpcCode.NotFound, 'Отчёт о проверке цен не найден'),
  // exports (spec 001 §7 exports create / download, §9 limits)
  'export.unknownType': d(RpcCode.BadRequest, 'Этот вид выгрузки пока недоступен'),
  'export.tooManyRows': d(
    RpcCode.BadRequest,
    'Слишком много строк для выгрузки: {count}. Максимум — {limit}. Уточните фильтры',
  ),
  'export.notFound': d(RpcCode.NotFound, 'Выгрузка не найдена'),
  'export.tooManyAtOnce': d(
    RpcCode.BadRequest,
    'Одновременно формируется не больше {max} выгрузок. Дождитесь, пока готовые появятся в «Файлах», и повторите',
  ),
  'export.notReady': d(RpcCode.BadRequest, 'Файл выгрузки ещё формируется. Попробуйте через минуту'),
  'export.quarantined': d(
    RpcCode.BadRequest,
    'Выгрузка будет сформирована после подписания условий сотрудничества',
  ),
  'export.failed': d(RpcCode.BadRequest, 'Не удалось сформировать файл выгрузки. Создайте выгрузку заново'),
  // orders and labels (spec 001 §8 "Supplies, returns, orders, labels", §9)
  'order.notFound': d(RpcCode.NotFound, 'Заказ не найден'),
  'order.cannotMoveToStatus': d(RpcCode.BadRequest, 'Невозможно перевести заказ в статус «{status}»'),
  'order.mixedItemStatuses': d(
    RpcCode.BadRequest,
    'Выбранные товары находятся в разных статусах: отмените их по отдельности',
  ),
  'order.itemNotFound': d(RpcCode.NotFound, 'Товар не найден в заказе'),
  'order.nrTaken': d(RpcCode.BadRequest, 'Заказ с таким номером уже существует'),
  'order.unknownSku': d(RpcCode.BadRequest, 'Товар с артикулом продавца «{sku}» не найден'),
  'order.invalidDate': d(RpcCode.BadRequest, 'Неверная дата: нужен формат ГГГГММДДччммсс'),
  'order.dateRange': d(RpcCode.BadRequest, 'Дата начала периода позже даты окончания'),
  'label.barcodeMismatch': d(RpcCode.BadRequest, 'Штрихкод грузоместа не соответствует заказу'),
  'label.baseWarehouseNotSet': d(
    RpcCode.BadRequest,
    'Не задан базовый склад: укажите его в разделе «Склады», чтобы печатать этикетки',
  ),
  'label.generationFailed': d(RpcCode.ServerError, 'Не удалось сформировать этикетку грузоместа'),
  'label.countOutOfRange': d(RpcCode.BadRequest, 'Количество грузомест должно быть от 1 до {max}'),
  'label.tooManyOrders': d(RpcCode.BadRequest, 'Можно напечатать этикетки не более чем {max} заказов за раз'),
  // questions and reviews (spec 000 §4 Question answer, spec 001 §8 Questions, §9 answer rejections)
  'feedback.sectionOff': d(
    RpcCode.Forbidden,
    'Раздел «Вопросы и отзывы» не подключён для этого магазина: обратитесь к менеджеру',
  ),
  'feedback.notFound': d(RpcCode.NotFound, 'Вопрос или отзыв не найден'),
  'feedback.notAllowedFromState': d(
    RpcCode.BadRequest,
    'Это действие недоступно для ответа в статусе «{status}»',
  ),
  'feedback.answeringBlocked': d(
    RpcCode.Forbidden,
    'Ответы на вопросы и отзывы заблокированы до {until}: модерация отклонила два ответа',
  ),
  'feedback.answeringBlockedForever': d(
    RpcCode.Forbidden,
    'Ответы на вопросы и отзывы заблокированы навсегда: модерация отклонила три ответа',
  ),
  'feedback.sellerAnswersOff': d(
    RpcCode.BadRequest,
    'Ответы продавца выключены: включите их в разделе «Настройки»',
  ),
  'feedback.notSellerAnswer': d(RpcCode.BadRequest, 'Ответ маркетплейса изменить нельзя'),
  'feedback.unknownSku': d(RpcCode.BadRequest, 'Товар с артикулом продавца «{sku}» не найден'),
  'feedback.noSize': d(RpcCode.BadRequest, 'У безразмерного товара не бывает посадки по размеру'),
  'feedback.templateNotFound': d(RpcCode.NotFound, 'Шаблон не найден'),
  'feedback.templateNameTaken': d(RpcCode.BadRequest, 'Шаблон с таким названием уже есть'),
  'feedback.templatesLimit': d(RpcCode.BadRequest, 'Можно сохранить не больше {max} шаблонов каждого вида'),
  'feedback.strikeNotFound': d(RpcCode.NotFound, 'Отклонённый ответ не найден'),
  'feedback.strikeDeleted': d(RpcCode.BadRequest, 'Это отклонение уже удалено'),
  // usage log and lid
  'lid.limitExceeded': d(RpcCode.TooManyRequests, 'Lid request limit exceeded'),
  // FBS shipments and return boxes (spec 000 §4 FBS shipment, FBS return box, spec 001 §5 Files, §8)
  'fbs.notCrossdocking': d(
    RpcCode.Forbidden,
    'Отгрузки FBS доступны только продавцам, которые отгружают заказы со своего склада (FBS)',
  ),
  'fbs.notFound': d(RpcCode.NotFound, 'Отгрузка не найдена'),
  'fbs.cannotMove': d(RpcCode.BadRequest, 'Невозможно перевести отгрузку в статус «{status}»'),
  'fbs.noActiveWarehouse': d(RpcCode.BadRequest, 'Нет активного склада со способом доставки'),
  'fbs.fileRows': d(
    RpcCode.BadRequest,
    'В файле отгрузки есть ошибки: {count}. Исправьте их и загрузите файл снова',
  ),
  'fbs.fileEmpty': d(RpcCode.BadRequest, 'В файле нет строк с заказами'),
  'fbs.boxNotFound': d(RpcCode.NotFound, 'Короб возврата не найден'),
  'fbs.boxCannotMove': d(RpcCode.BadRequest, 'Невозможно перевести короб в статус «{status}»'),
  'fbs.orderNotReturnable': d(
    RpcCode.BadRequest,
    'Заказ {orderNr} не отгружался в отгрузке FBS или не возвращён покупателем',
  ),
  'fbs.orderAlreadyReturned': d(RpcCode.BadRequest, 'Товары заказа {orderNr} уже лежат в коробе возврата'),
  // FBO supplies and stock (spec 000 §4 FBO supply, spec 001 §5 Files, §8, §9)
  'fbo.notConsignment': d(
    RpcCode.Forbidden,
    'Поставки FBO доступны только продавцам, чьи товары хранятся на складе маркетплейса (FBO)',
  ),
  'fbo.notFound': d(RpcCode.NotFound, 'Поставка не найдена'),
  'fbo.cannotMove': d(RpcCode.BadRequest, 'Невозможно перевести поставку в статус «{status}»'),
  'fbo.slotTooLate': d(
    RpcCode.BadRequest,
    'Слот бронируют, переносят и отменяют не позднее чем за 24 часа до его начала',
  ),
  'fbo.slotOutOfHorizon': d(
    RpcCode.BadRequest,
    'Склад публикует слоты на 28 дней вперёд: выберите день не позже {date}',
  ),
  'fbo.slotFull': d(
    RpcCode.BadRequest,
    'На этот день у склада нет свободных слотов. Выберите другой день или встаньте в лист ожидания',
  ),
  'fbo.slotFree': d(RpcCode.BadRequest, 'На этот день есть свободные слоты: забронируйте его'),
  'fbo.slotRequired': d(RpcCode.BadRequest, 'Забронируйте слот приёмки на складе'),
  'fbo.sameWarehouse': d(RpcCode.BadRequest, 'Поставка уже едет на этот склад в этот день'),
  'fbo.fileNotChecked': d(
    RpcCode.BadRequest,
    'Файл поставки ещё проверяется или в нём есть ошибки: скачайте файл с ошибками',
  ),
  'fbo.fileUsed': d(RpcCode.BadRequest, 'По этому файлу поставка уже создана'),
  'fbo.fileWarehouse': d(RpcCode.BadRequest, 'Файл загружен для другого склада'),
  'fbo.unknownSku': d(RpcCode.BadRequest, 'Артикул продавца не существует'),
  'fbo.reportMismatch': d(
    RpcCode.BadRequest,
    'Не сходится количество «{sku}»: заявлено {declared}, а принято + брак + недостача − излишек = {counted}',
  ),
  'fbo.reportUnknownItem': d(RpcCode.BadRequest, 'В поставке нет товара «{sku}» в коробе «{box}»'),
  'fbo.reportIncomplete': d(RpcCode.BadRequest, 'В отчёте о приёмке нет товара «{sku}» в коробе «{box}»'),
  'fbo.disputeNotAllowed': d(
    RpcCode.BadRequest,
    'Оспорить можно только недостачу в коробе принятой поставки',
  ),
  'fbo.disputeExists': d(RpcCode.BadRequest, 'Спор по этому коробу уже открыт'),
  'fbo.disputeNotFound': d(RpcCode.NotFound, 'Спор не найден'),
  'fbo.disputeClosed': d(RpcCode.BadRequest, 'Спор уже рассмотрен'),
  'fbo.disputeFoundTooMany': d(RpcCode.BadRequest, 'Найдено больше, чем недостача в коробе: {max}'),
  'fbo.noWaitlist': d(RpcCode.BadRequest, 'Поставка не стоит в листе ожидания'),
  // FBO returns (spec 000 §4 FBO return, spec 001 §5 Supplier returns, §8)
  'fboReturn.notConsignment': d(
    RpcCode.Forbidden,
    'Возвраты FBO доступны только продавцам, чьи товары хранятся на складе маркетплейса (FBO)',
  ),
  'fboReturn.notFound': d(RpcCode.NotFound, 'Возврат не найден'),
  'fboReturn.pastDate': d(RpcCode.BadRequest, 'Дата возврата не может быть в прошлом'),
  'fboReturn.fileStale': d(
    RpcCode.BadRequest,
    'Остатки изменились после проверки файла: «{sku}» — {message}. Загрузите файл заново',
  ),
  'fboReturn.fileNotFound': d(RpcCode.NotFound, 'Файл не найден'),
  'fboReturn.slotNotBookable': d(
    RpcCode.BadRequest,
    'Окно вывоза выбирают, когда склад подтвердил возврат и до его отгрузки',
  ),
  'fboReturn.cannotMove': d(RpcCode.BadRequest, 'Невозможно перевести возврат в статус «{status}»'),
  'fboReturn.unknownSku': d(RpcCode.BadRequest, 'Артикул продавца не существует'),
  'fboReturn.notSent': d(RpcCode.BadRequest, 'Артикул не передан в систему склада'),
  'fboReturn.mixed': d(RpcCode.BadRequest, 'Одежду и ювелирные изделия нельзя возвращать вместе'),
  'fboReturn.tooMany': d(RpcCode.BadRequest, 'Больше, чем доступно на складе: {available} шт.'),
  'fboReturn.fileNotChecked': d(
    RpcCode.BadRequest,
    'Файл возврата ещё проверяется или в нём есть ошибки: скачайте файл с ошибками',
  ),
  'fboReturn.fileUsed': d(RpcCode.BadRequest, 'По этому файлу возврат уже создан'),
  'fboReturn.slotNotOffered': d(
    RpcCode.BadRequest,
    'Склад не предлагал такое окно: выберите одно из предложенных',
  ),
  'fboReturn.slotPast': d(RpcCode.BadRequest, 'Это окно уже прошло: выберите другое'),
  'fboReturn.slotRequired': d(RpcCode.BadRequest, 'Продавец ещё не забронировал окно вывоза'),
  'fboReturn.notPicked': d(RpcCode.BadRequest, 'Возврат ещё не собран'),
  'fboReturn.cancelRequested': d(RpcCode.BadRequest, 'Запрос на отмену уже отправлен складу'),
  'fboReturn.noCancelRequest': d(RpcCode.BadRequest, 'Продавец не просил отменить этот возврат'),
  'fboReturn.unknownItem': d(RpcCode.BadRequest, 'В возврате нет товара «{sku}»'),
  'fboReturn.overReserve': d(RpcCode.BadRequest, 'По «{sku}» больше, чем {max} шт.'),
  // analytics (spec 000 §2 gating, issue 24)
  'analytics.disabled': d(
    RpcCode.Forbidden,
    'Аналитика не подключена для этого магазина: обратитесь к персональному менеджеру',
  ),
  'analytics.unknownSku': d(RpcCode.BadRequest, 'Товар с артикулом продавца «{sku}» не найден'),
  'analytics.eventDate': d(RpcCode.BadRequest, 'Дата события не может быть в будущем или старше {days} дней'),
  // price index and competitor prices (spec 000 §3 Price index row, spec 001 §7 Matching manager, §9)
  'priceIndex.offerNotFound': d(RpcCode.NotFound, 'Цена конкурента не найдена'),
  'priceIndex.claimNotFound': d(RpcCode.NotFound, 'Заявка не найдена'),
  'priceIndex.claimOpen': d(RpcCode.BadRequest, 'По этому товару уже есть заявка на проверке'),
  'priceIndex.claimDecided': d(RpcCode.BadRequest, 'Заявка уже рассмотрена'),
  'priceIndex.competitorNotCounted': d(
    RpcCode.BadRequest,
    'Этот конкурент не учитывается в индексе цен: выберите одного из указанных в настройках',
  ),
  'priceIndex.notScreenshot': d(RpcCode.BadRequest, 'Скриншот не найден: загрузите изображение JPG или PNG'),
  // promotions (spec 000 §4 Promotion, spec 001 §5 Files, §8 Promotion, §9)
  'promotion.notFound': d(RpcCode.NotFound, 'Акция не найдена'),
  'promotion.cannotMove': d(RpcCode.BadRequest, 'Невозможно перевести акцию в статус «{state}»'),
  'promotion.registrationNotStarted': d(RpcCode.BadRequest, 'Регистрация в акции ещё не началась'),
  'promotion.registrationClosed': d(
    RpcCode.BadRequest,
    'Регистрация в акции завершена: добавлять товары нельзя',
  ),
  'promotion.participationLocked': d(
    RpcCode.BadRequest,
    'Регистрация в акции завершена: товары остаются в ней до конца акции',
  ),
  'promotion.registrationNotOver': d(
    RpcCode.BadRequest,
    'Регистрация заканчивается в 12:00 по Москве {date}: закрыть её раньше нельзя',
  ),
  'promotion.productsRefused': d(RpcCode.BadRequest, 'Товары не добавлены: исправьте ошибки'),
  'promotion.notInPromotion': d(RpcCode.BadRequest, 'Товара нет в акции'),
  'promotion.outdatedTemplate': d(
    RpcCode.BadRequest,
    'Файл сделан по устаревшей версии шаблона: скачайте шаблон акции заново',
  ),
  'promotion.fileNotFound': d(RpcCode.NotFound, 'Файл не найден'),
  'promotion.productNotFound': d(RpcCode.NotFound, 'Товар не найден'),
  'promotion.notReporting': d(RpcCode.BadRequest, 'Продажи считаются только у идущей или прошедшей акции'),
  // API tokens (issue 27)
  'apiToken.missingScope': d(RpcCode.Forbidden, 'Токену не хватает доступа: {scope}'),
  'apiToken.notForTokens': d(
    RpcCode.Forbidden,
    'Метод {method} недоступен по API-токену: он только для пользователя в кабинете',
  ),
  'apiToken.ipNotAllowed': d(RpcCode.Forbidden, 'Запросы с адреса {ip} этому токену не разрешены'),
  'apiToken.expired': d(RpcCode.Unauthorized, 'Срок действия токена истёк'),
  'apiToken.revoked': d(RpcCode.Unauthorized, 'Токен отозван'),
  'apiToken.rateLimited': d(
    RpcCode.TooManyRequests,
    'Превышен лимит токена: {limit} запросов в минуту ({class}). Повторите через {retryAfter} с',
  ),
  'apiToken.tooMany': d(RpcCode.BadRequest, 'У партнёра может быть не больше {max} действующих токенов'),
  'apiToken.notFound': d(RpcCode.NotFound, 'Токен не найден'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ERRORS;

/** The error object of a form-style reply (spec 001 §8): a list of {field, message}. */
export interface FieldError {
  field: string;
  message: string;
}

export interface RpcErrorData {
  /** The coded error, e.g. `auth.invalidGrant`: stable for clients to branch on. */
  reason?: string;
  /** Login errors of spec 001 §8 use their historic names (`invalid_grant`, `empty_fields`…). */
  error?: string;
  errors?: FieldError[];
  retryAfter?: number;
  [key: string]: unknown;
}

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: RpcErrorData;
}

/** Login error names of spec 001 §8, by domain error. */
export const LOGIN_ERROR_NAMES: Partial<Record<ErrorKey, string>> = {
  'auth.invalidGrant': 'invalid_grant',
  'auth.emptyFields': 'empty_fields',
  'auth.invalidCharacters': 'invalid_error',
  'common.unknown': 'unknown_error',
};
