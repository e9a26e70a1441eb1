// The spec's enumerations (spec 000 §3–§4, spec 001 §3–§9), each defined once.
// Server validation, database checks and web filters all read these lists.
import { z } from 'zod';

const e = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const Role = e([
  'partner_user',
  'cc_operator',
  'stock_keeper',
  'b2b_manager',
  'onboarding_user',
  'admin',
  'support_engineer',
]);
export type Role = z.infer<typeof Role>;
/** Marketplace staff (spec 000 §6), and the default country: plain constants in ./constants (no zod). */
export { INTERNAL_ROLES, DEFAULT_COUNTRY } from './constants';
/** Roles that may switch per-partner feature flags (spec 000 §6; who exactly is our decision, docs/decisions.md). */
export const FEATURE_ADMIN_ROLES = ['admin', 'support_engineer', 'b2b_manager'] as const;

export const BusinessModel = e(['dropshipping', 'marketplace_crossdocking', 'consignment']);
export type BusinessModel = z.infer<typeof BusinessModel>;
/** The order-list filter knows one more model (spec 001 §9 shipment type mapping). */
export const OrderBusinessModel = e([
  'dropshipping',
  'marketplace_crossdocking',
  'consignment',
  'unitedstock_commission',
]);
export const SHIPMENT_TYPE_BY_MODEL = {
  consignment: 1,
  unitedstock_commission: 1,
  dropshipping: 2,
  marketplace_crossdocking: 3,
} as const satisfies Record<z.infer<typeof OrderBusinessModel>, number>;

export const Country = e(['RU', 'BY', 'KZ', 'UA']);
export type Country = z.infer<typeof Country>;
export const Category = e(['accessories', 'clothes', 'home', 'beauty', 'footwear', 'toys', 'food']);
export const Gender = e(['boys', 'girls', 'kids', 'men', 'women', 'unisex']);
export const AttributeValueType = e([
  'number',
  'string',
  'boolean',
  'dictionary_entry',
  'array_of_dictionary_entry',
  'localized_string',
]);
export const AttributeGroup = e([
  'main_group',
  'extra_group',
  'prices_group',
  'sizes_id_group',
  'legal_group',
]);
export const ImageKind = e(['main', 'additional']);
export const ImageSize = e(['default', 'img320x461']);
export const TemplateMode = e(['full', 'reduced', 'full_update']);

export const DeliveryMethodType = e(['PICK_UP', 'DROP_OFF']);
export const METHOD_VERSION = '2.0';
export const NoticeTiming = e([
  'ON_THE_DAY_OF_SHIPMENT',
  'ONE_THE_DAY_BEFORE_SHIPMENT',
  'TWO_DAYS_BEFORE_SHIPMENT',
]);
export const WarehouseEvent = e(['ORDER_PACKED', 'GOODS_OUT']);
export const BASE_WAREHOUSES = ['Bykovo', 'Sofino', 'Chekhov', 'Novokhokhlovskaya'] as const;

export const WarehouseStatus = e(['active', 'inactive', 'draft', 'action_required']);
export const QuestionAnswerStatus = e([
  'new',
  'on_moderation',
  'rejected',
  'answered',
  'rejected_on_moderation',
]);
export const QuestionStatus = e(['new', 'in_progress', 'answered', 'rejected']);
export const QuestionAuthor = e(['seller', 'platform']);
export const FeedbackType = e(['review', 'question']);
export const TimelyAnswerLevel = e(['very_low', 'low', 'medium', 'upper_medium', 'high']);
export const FboSupplyStatus = e([
  'draft',
  'validation',
  'validationError',
  'readyForShipment',
  'unloadingNeeded',
  'unloading',
  'unloaded',
  'processing',
  'closed',
  'rejected',
  'cancelPending',
  'changeWarehouse',
]);
export const FboSupplyLegacyStatus = e([
  'new',
  'confirmed',
  'cancelled',
  'sent',
  'received',
  'closed',
  'cancelFailed',
]);
export const FboReturnStatus = e([
  'new',
  'initial',
  'confirmed',
  'sent',
  'exported',
  'ok',
  'exportedFail',
  'errorSending',
  'outOfStock',
  'cancelFailed',
  'cancelled',
]);
export const FbsShipmentStatus = e([
  'new',
  'confirmed',
  'cancelled',
  'sent',
  'rejected',
  'received',
  'closed',
  'cancelPending',
]);
export const FbsReturnBoxStatus = e(['inProgress', 'accepted', 'shipped', 'loading']);
export const FbsReturnTab = e(['all', 'readyToReturn', 'archive']);
export const RejectType = e(['claim', 'reject', 'cancel']);

export const OrderStatus = e([
  'new',
  'confirmed',
  'awaiting_shipment',
  'shipped',
  'in_delivery',
  'delivered',
  'not_delivered',
  'returned',
  'cancelled',
  'claimed',
  'refund_requested',
  'refunded',
  'unspecified',
]);
export const OrderApiStatus = e(['in_progress', 'accepted', 'shipped', 'loading']);
export const OrderCancelAction = e(['CLAIM', 'REJECT', 'CANCEL']);
export type OrderCancelAction = z.infer<typeof OrderCancelAction>;
export const ConfirmationAction = e(['reject', 'confirm']);
export const OrderListTab = e(['all', 'overdue', 'with_discrepancy_acts']);
export type OrderListTab = z.infer<typeof OrderListTab>;
export const PaymentMethod = e([
  'Prepaid',
  'COD',
  'CardOnDelivery',
  'CardPayment',
  'qiwi',
  'PayPal',
  'Payture',
  'Installment',
  'InstallmentPlan',
  'Certificate',
]);

export const ProductStatus = e([
  'online',
  'inactive',
  'out_of_stock',
  'moderation_pending',
  'need_action',
  'photoshoot_pending',
]);
export const ProductListTab = e(['all', ...ProductStatus.options, 'archive']);
export const ModerationStatus = e(['approved', 'on_moderation', 'rejected']);
export const PriceApprovalStatus = e(['pending', 'approved', 'rejected']);
export const PriceReviewType = e(['black_price', 'red_price', 'sale_period', 'red_price_and_sale_period']);
export const ProductSortField = e(['sku', 'title', 'base_price', 'red_price', 'pi_value', 'date_create']);

export const PromotionApiState = e(['idle', 'open', 'planed', 'active', 'passed', 'finished']);
export const PromotionFilter = e(['all', 'active', 'finished', 'available']);
export const PromotionType = e(['onsite', 'coupon']);
export const PromotionFileStatus = e(['new', 'ok', 'fail']);

export const OnboardingStep = e([
  'notStarted',
  'started',
  'complete',
  'underConsideration',
  'clarificationRequired',
  'notAgreed',
  'locked',
]);
export const SurveyStatus = e([
  'empty',
  'on_draft',
  'on_review',
  'finished',
  'on_delayed_rejection',
  'on_rejection',
  'on_clarification',
  'locked',
]);
export const AssortmentCommitteeStatus = e(['onReview', 'approved', 'declined', 'clarificationRequired']);
export const AssortmentDecision = e(['APPROVED', 'DECLINED', 'NEED_CLARIFICATION', 'ON_REVIEW']);

export const TaskStatus = e(['new', 'executing', 'ok', 'fail']);
export const LegacyTaskStatus = e(['pending', 'processing', 'done', 'failed']);
export const ExportCheckStatus = e(['OK', 'PROCESSING', 'ERROR', 'QUARANTINE']);
export const ImportResult = e(['ok', 'error', 'failed']);
export const StockSyncStatus = e(['ok', 'waiting_update']);
export const Coverage = e(['FULLY_COVERED', 'TIME_NOT_COVERED', 'DATES_NOT_COVERED']);
export const DaysBucket = e(['greater_7_days', 'less_or_equal_7_days']);
export const WarningLevel = e(['warning', 'dangerous', 'restriction']);
export const FilterOperator = e([
  'BETWEEN',
  'NOT_EQ',
  'GREATER_OR_EQ',
  'LESS_OR_EQ',
  'LIKE',
  'ILIKE',
  'IN',
  'EQ',
  'GREATER',
  'LESS',
]);
export const SortDirection = e(['asc', 'desc']);
export const Ownership = e(['seller', 'moda']);
export const PriceIndexValue = e(['OPTIMAL', 'OVERPRICED', 'AVERAGE', 'UNCOUNTED']);
export const DeviceClass = e(['a_phone', 'a_tablet', 'iphone', 'iPad', 'mobile', 'desktop']);
export const ChartGrouping = e(['days', 'weeks', 'months']);

/** Export types with their file format (spec 000 §3). */
export const EXPORT_FORMATS = {
  orders_and_items: 'csv',
  discrepancy_act: 'xlsx',
  nomenclatures_with_full_attributes: 'xlsx',
  nomenclatures_with_reduced_attributes: 'xlsx',
  nomenclature_sell_values: 'xlsx',
  return_boxes_items: 'xlsx',
  fulfilment_shipment: 'xlsx',
  supplier_return: 'xlsx',
  product_gtin_create: 'xlsx',
  /** Not in spec 000 §3's list: the questions screen's export (issue «Questions and reviews»). */
  questions_and_reviews: 'xlsx',
  /** Not in spec 000 §3's list: the price index screen's export (spec 001 §7 matching manager export). */
  price_index: 'xlsx',
  /** Not in spec 000 §3's list: the audit log screen's export (issue 28). */
  audit_log: 'csv',
  /** Not in spec 000 §3's list: the products in a promotion (spec 001 §7 products added report, issue 21). */
  promotion_products: 'xlsx',
} as const;
export type ExportType = keyof typeof EXPORT_FORMATS;
export const ExportType = z.enum(Object.keys(EXPORT_FORMATS) as [ExportType, ...ExportType[]]);

/** Per-partner feature flags that can be read and switched by name (spec 000 §2 gating, §6). */
export const FeatureName = e([
  'analyticsEnabled',
  'ShowFeedbackSection',
  'StockPerformanceEnabled',
  'assemblingOrder',
  'offersEnabled',
  'autoConversionPrice',
]);
export type FeatureName = z.infer<typeof FeatureName>;

export const UsageAction = e([
  'pageview',
  'click',
  'blockload',
  'elementshow',
  'elementedit',
  'alert',
  'upload_file',
  'validation_error',
  'system_error',
  'login',
  'drag',
  'logout',
  'submit',
  'scroll',
  'hover',
  'download_file',
]);
