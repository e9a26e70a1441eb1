// Russian strings of the analytics area.
export const analyticsText = {
  board: { title: 'Доска аналитики' },
  fboStocks: { title: 'Остатки FBO' },
  salesDynamics: { title: 'Динамика продаж' },
  stockPerformance: { title: 'Эффективность остатков' },
  stockPerformanceDetails: { title: 'Эффективность остатков: детализация' },
  analyticsV2: { title: 'Воронка продаж' },
} as const;
