// Russian strings of the orders area.
export const ordersText = {
  list: { title: 'Заказы' },
  card: { title: 'Заказ № {id}' },
  shipmentPreparation: { title: 'Подготовка к отгрузке заказа № {id}' },
} as const;
