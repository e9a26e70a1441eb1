// The marketplace's own name lives here and only here (spec README: `{product}`).
// Everything that spells the name in a path, a field or an event stream derives it from this constant.
export const PRODUCT = 'moda' as const;

export const SELLER_API_PREFIX = `/api/${PRODUCT}-seller` as const;
export const ZLOG_STREAM = `zlog-${PRODUCT}-seller` as const;
export const SKU_FIELD = `${PRODUCT}Sku` as const;
export const PARENT_SKU_FIELD = `${PRODUCT}ParentSku` as const;
export const SITE_SECTION_FIELD = `${PRODUCT}SellerSiteSection` as const;

/**
 * Marketplace SKUs: MD and 11 digits for a size (MD10001000062), MDP and 11 digits for its parent
 * (MDP10001000001). The database draws new ones in this format (next_moda_sku, next_moda_parent_sku).
 */
export const MODA_SKU = {
  digits: 11,
  pattern: /^MD\d{11}$/,
  parentPattern: /^MDP\d{11}$/,
} as const;
