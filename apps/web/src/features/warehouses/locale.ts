// Russian strings of the warehouses area.
export const warehousesText = {
  list: { title: 'Мои склады' },
} as const;
