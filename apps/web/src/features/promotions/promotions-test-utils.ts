// Rows and cards of the promotions area as the contract shapes them, for the screen tests.
import type { PromotionCard, PromotionFileRecord, PromotionProductRow, PromotionRow } from '@moda/contracts';

export const PARTNER_ID = 10001;

export const promotionRow = (over: Partial<PromotionRow> = {}): PromotionRow => ({
  id: '7',
  name: 'Spring Sale',
  type: 'onsite',
  format: 'manual',
  state: 'open',
  sellerStatus: 'available',
  discountPercent: 20,
  categories: ['clothes'],
  gender: null,
  registrationStart: '2026-03-10',
  registrationEnd: '2026-03-20',
  registrationDeadline: '2026-03-20T09:00:00.000Z',
  startDate: '2026-03-25',
  endDate: '2026-04-05',
  productsCount: 0,
  ...over,
});

export const promotionCard = (over: Partial<PromotionCard> = {}): PromotionCard => ({
  ...promotionRow(),
  description: 'A discount for buyers',
  businessModels: ['consignment'],
  canAdd: true,
  canRemove: false,
  results: null,
  templateVersion: 3,
  ...over,
});

export const productRow = (over: Partial<PromotionProductRow> = {}): PromotionProductRow => ({
  id: '11',
  photo: null,
  title: 'Linen dress',
  modaSku: 'MD-11',
  sellerSku: 'NW-11',
  parentSku: 'NW-P',
  brand: 'Nord Wind',
  category: 'clothes',
  price: 1000,
  salePrice: null,
  promoPrice: 800,
  stock: 12,
  sold: 0,
  inPromotion: false,
  priceStatus: 'ok',
  costPrice: 400,
  floorPrice: 600,
  commissionPercent: 25,
  marginAtPromo: 200,
  marginAtCurrent: 350,
  thresholdExceeded: false,
  recommendedPrice: 750,
  sales28: { quantity: 4, sum: 4000 },
  ...over,
});

export const fileRecord = (over: Partial<PromotionFileRecord> = {}): PromotionFileRecord => ({
  id: '33333333-0000-4000-8000-000000000001',
  name: 'promo.xlsx',
  status: 'new',
  partnerId: PARTNER_ID,
  action: 'add',
  promotionId: '7',
  promotionName: 'Spring Sale',
  updatedAt: new Date().toISOString(),
  code: null,
  promoFileErrorTxt: null,
  hasErrorFile: false,
  rowsTotal: null,
  ...over,
});
