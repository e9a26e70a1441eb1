// Query keys of the nomenclatures area (STYLE.md: one factory per area; mutations invalidate through it).

export interface ProductListKeyParams {
  tab: string;
  brand?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
  sort: string;
  page: number;
  pageSize: number;
}

export const nomenclatureKeys = {
  all: ['nomenclatures'] as const,
  lists: (partnerId: number) => [...nomenclatureKeys.all, partnerId, 'list'] as const,
  list: (partnerId: number, params: ProductListKeyParams) =>
    [...nomenclatureKeys.lists(partnerId), params] as const,
  counts: (partnerId: number, filter: Pick<ProductListKeyParams, 'brand' | 'category' | 'search'>) =>
    [...nomenclatureKeys.lists(partnerId), 'counts', filter] as const,
  brands: (partnerId: number) => [...nomenclatureKeys.all, partnerId, 'brands'] as const,
  card: (partnerId: number, id: string) => [...nomenclatureKeys.all, partnerId, 'card', id] as const,
  images: (partnerId: number, sellerParentSku: string) =>
    [...nomenclatureKeys.all, partnerId, 'images', sellerParentSku] as const,
  /** The price table and the price history: every price change invalidates `prices(partnerId)`. */
  prices: (partnerId: number) => [...nomenclatureKeys.all, partnerId, 'prices'] as const,
  priceList: (partnerId: number, params: object) =>
    [...nomenclatureKeys.prices(partnerId), 'list', params] as const,
  priceHistory: (partnerId: number, id: string) =>
    [...nomenclatureKeys.prices(partnerId), 'history', id] as const,
};

/** Reference data of the catalogue: the same for every partner except the brands. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  attributes: (category: string) => [...catalogueKeys.all, 'attributes', category] as const,
  dictionary: (dictionary: string) => [...catalogueKeys.all, 'dictionary', dictionary] as const,
  erpCategories: (category: string) => [...catalogueKeys.all, 'erp', category] as const,
  brands: (partnerId: number) => [...catalogueKeys.all, 'brands', partnerId] as const,
};
