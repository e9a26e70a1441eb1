// Russian strings of the fbs area.
export const fbsText = {
  returns: { title: 'Возвраты FBS' },
  returnCard: { title: 'Короб возврата {id}' },
  shipments: { title: 'Отгрузки FBS' },
  shipmentCard: { title: 'Отгрузка № {id}' },
} as const;
