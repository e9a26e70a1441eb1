// Russian strings of the nomenclatures area.
export const nomenclaturesText = {
  list: { title: 'Управление товарами' },
  add: { title: 'Добавление товаров' },
  addExcel: { title: 'Добавление товаров через Excel' },
  addExcelFull: { title: 'Добавление через Excel: полный шаблон' },
  addExcelReduced: { title: 'Добавление через Excel: сокращённый шаблон' },
  addManually: { title: 'Добавление товара вручную' },
  editManually: { title: 'Редактирование товара {id}' },
  images: { title: 'Изображения товаров' },
  prices: { title: 'Цены и скидки', tabPrices: 'Цены и скидки', tabPriceIndex: 'Индекс цен' },
  steps: {
    ariaLabel: 'Шаги создания товара',
    step1: 'Общая информация',
    step2: 'Состав',
    step3: 'Цена и размер',
    step4: 'Юридическая информация',
  },
} as const;
