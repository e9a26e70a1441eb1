// Russian strings of the fbo area.
export const fboText = {
  returns: { title: 'Возвраты FBO' },
  returnCard: { title: 'Возврат № {id}' },
  shipments: { title: 'Поставки FBO' },
  shipmentCard: { title: 'Поставка № {id}' },
  stocks: { title: 'Остатки на складе' },
} as const;
