// Russian strings of the promotions area.
export const promotionsText = {
  list: { title: 'Акции' },
  card: { title: 'Акция № {id}' },
} as const;
