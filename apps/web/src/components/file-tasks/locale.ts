// Russian strings shared by every screen that starts or shows file tasks: names of the export and
// upload kinds, task states, sizes and the "export started" notice.
import type { ExportType, UploadType } from '@moda/contracts';

export const fileTasksText = {
  exportTypes: {
    orders_and_items: 'Заказы и товары',
    discrepancy_act: 'Акт расхождений',
    nomenclatures_with_full_attributes: 'Товары: все атрибуты',
    nomenclatures_with_reduced_attributes: 'Товары: основные атрибуты',
    nomenclature_sell_values: 'Товары: цены',
    return_boxes_items: 'Возвраты: короба и товары',
    fulfilment_shipment: 'Поставка на склад маркетплейса',
    supplier_return: 'Возврат поставщику',
    product_gtin_create: 'Коды маркировки (GTIN)',
    questions_and_reviews: 'Вопросы и отзывы',
    price_index: 'Индекс цен',
    audit_log: 'Журнал действий',
    promotion_products: 'Товары акции',
  } satisfies Record<ExportType, string>,
  uploadTypes: {
    nomenclature_import: 'Загрузка товаров из Excel',
    nomenclature_image: 'Фото товаров',
    fbo_supply: 'Поставка FBO',
    fbo_return: 'Возврат FBO',
    shipments: 'Отгрузки',
    fbs_shipment: 'Отгрузка FBS',
    promotion_products: 'Товары акции',
    product_cost_prices: 'Себестоимость и минимальные цены',
    competitor_prices: 'Цены конкурентов',
    competitor_screenshot: 'Скриншот цены конкурента',
    support_attachment: 'Вложение к обращению',
    survey_trademark: 'Документ на товарный знак',
  } satisfies Record<UploadType, string>,
  exportStatus: { OK: 'Готово', PROCESSING: 'Формируется', ERROR: 'Ошибка', QUARANTINE: 'На проверке' },
  taskStatus: { new: 'В очереди', executing: 'Обрабатывается', ok: 'Обработан', fail: 'Ошибка' },
  importResult: {
    ok: 'Загружено без ошибок',
    error: 'Не загружено: ошибки в строках',
    failed: 'Файл не обработан',
  },
  size: { kb: '{value} КБ', mb: '{value} МБ' },
  exportStarted: {
    title: 'Выгрузка формируется',
    description: 'Файл появится в «Файлах»',
    open: 'Открыть «Файлы»',
  },
  exportFailed: 'Не удалось запустить выгрузку',
  exportToExcel: 'Выгрузить в Excel',
  downloadFailed: 'Не удалось скачать файл. Попробуйте ещё раз.',
};
