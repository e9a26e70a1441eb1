// The lazily loaded module of every route and layout: each route is its own chunk (spec 000 §2
// "every route is a separately loaded page"), and pages of one area share that area's chunks.
import type { ComponentType } from 'react';
import type { LayoutKey, RouteKey } from './route-table';

export type RouteModule = { Component: ComponentType };
type Loader = () => Promise<RouteModule>;

const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Loader =>
  async () => ({ Component: pick(await load()) });

export const ROUTE_MODULES: Record<RouteKey, Loader> = {
  home: page(
    () => import('../pages/home-route'),
    (m) => m.HomeRoute,
  ),
  login: page(
    () => import('../../features/auth/login/login-page'),
    (m) => m.LoginPage,
  ),
  registration: page(
    () => import('../../features/auth/registration/registration-page'),
    (m) => m.RegistrationPage,
  ),
  reset: page(
    () => import('../../features/auth/reset/reset-page'),
    (m) => m.ResetPage,
  ),
  resetConfirm: page(
    () => import('../../features/auth/reset-confirm/reset-confirm-page'),
    (m) => m.ResetConfirmPage,
  ),
  resetPassword: page(
    () => import('../../features/auth/reset-password/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),

  analyticsBoard: page(
    () => import('../../features/analytics/board/board-page'),
    (m) => m.AnalyticsBoardPage,
  ),
  analyticsFboStocks: page(
    () => import('../../features/analytics/fbo-stocks/fbo-stocks-page'),
    (m) => m.AnalyticsFboStocksPage,
  ),
  analyticsSalesDynamics: page(
    () => import('../../features/analytics/sales-dynamics/sales-dynamics-page'),
    (m) => m.SalesDynamicsPage,
  ),
  analyticsStockPerformance: page(
    () => import('../../features/analytics/stock-performance/stock-performance-page'),
    (m) => m.StockPerformancePage,
  ),
  analyticsStockPerformanceDetails: page(
    () => import('../../features/analytics/stock-performance-details/stock-performance-details-page'),
    (m) => m.StockPerformanceDetailsPage,
  ),
  analyticsV2: page(
    () => import('../../features/analytics/analytics-v2/analytics-v2-page'),
    (m) => m.AnalyticsV2Page,
  ),

  error404: page(
    () => import('../../features/errors/not-found/not-found-page'),
    (m) => m.NotFoundPage,
  ),
  errorDefault: page(
    () => import('../../features/errors/default-error/default-error-page'),
    (m) => m.DefaultErrorPage,
  ),

  fboReturns: page(
    () => import('../../features/fbo/return-list/return-list-page'),
    (m) => m.FboReturnListPage,
  ),
  fboReturn: page(
    () => import('../../features/fbo/return-card/return-card-page'),
    (m) => m.FboReturnPage,
  ),
  fboShipments: page(
    () => import('../../features/fbo/shipment-list/shipment-list-page'),
    (m) => m.FboShipmentListPage,
  ),
  fboShipment: page(
    () => import('../../features/fbo/shipment-card/shipment-card-page'),
    (m) => m.FboShipmentPage,
  ),
  fboStocks: page(
    () => import('../../features/fbo/stocks/stocks-page'),
    (m) => m.FboStocksPage,
  ),

  fbsReturns: page(
    () => import('../../features/fbs/return-list/return-list-page'),
    (m) => m.FbsReturnListPage,
  ),
  fbsReturn: page(
    () => import('../../features/fbs/return-card/return-card-page'),
    (m) => m.FbsReturnPage,
  ),
  fbsShipments: page(
    () => import('../../features/fbs/shipment-list/shipment-list-page'),
    (m) => m.FbsShipmentListPage,
  ),
  fbsShipment: page(
    () => import('../../features/fbs/shipment-card/shipment-card-page'),
    (m) => m.FbsShipmentPage,
  ),

  nomenclatures: page(
    () => import('../../features/nomenclatures/product-list/product-list-page'),
    (m) => m.ProductListPage,
  ),
  nomenclaturesAdd: page(
    () => import('../../features/nomenclatures/product-add/product-add-page'),
    (m) => m.ProductAddPage,
  ),
  nomenclaturesAddExcel: page(
    () => import('../../features/nomenclatures/product-add-excel/product-add-excel-page'),
    (m) => m.ProductAddExcelPage,
  ),
  nomenclaturesAddExcelFull: page(
    () => import('../../features/nomenclatures/product-add-excel-full/product-add-excel-full-page'),
    (m) => m.ProductAddExcelFullPage,
  ),
  nomenclaturesAddExcelReduced: page(
    () => import('../../features/nomenclatures/product-add-excel-reduced/product-add-excel-reduced-page'),
    (m) => m.ProductAddExcelReducedPage,
  ),
  nomenclaturesAddManually: page(
    () => import('../../features/nomenclatures/product-add-manually/product-add-manually-page'),
    (m) => m.ProductAddManuallyPage,
  ),
  nomenclaturesEditManually: page(
    () => import('../pages/product-edit-route'),
    (m) => m.ProductEditRoute,
  ),
  nomenclaturesImages: page(
    () => import('../../features/nomenclatures/product-images/product-images-page'),
    (m) => m.ProductImagesPage,
  ),
  nomenclaturesPrices: page(
    () => import('../../features/nomenclatures/product-prices/product-prices-page'),
    (m) => m.ProductPricesPage,
  ),
  nomenclaturesUpdates: page(
    () => import('../../features/nomenclatures/import-updates/updates-page'),
    (m) => m.ImportUpdatesPage,
  ),

  orders: page(
    () => import('../../features/orders/order-list/order-list-page'),
    (m) => m.OrderListPage,
  ),
  order: page(
    () => import('../../features/orders/order-card/order-card-page'),
    (m) => m.OrderPage,
  ),
  orderShipmentPreparation: page(
    () => import('../../features/orders/shipment-preparation/shipment-preparation-page'),
    (m) => m.ShipmentPreparationPage,
  ),

  profile: page(
    () => import('../../features/profile/profile-overview/profile-overview-page'),
    (m) => m.ProfileOverviewPage,
  ),
  profileBrands: page(
    () => import('../../features/profile/brands/brands-page'),
    (m) => m.ProfileBrandsPage,
  ),
  profileHelp: page(
    () => import('../../features/profile/help/help-page'),
    (m) => m.ProfileHelpPage,
  ),
  profileMain: page(
    () => import('../../features/profile/main/main-page'),
    (m) => m.ProfileMainPage,
  ),
  profileOffers: page(
    () => import('../../features/profile/offers/offers-page'),
    (m) => m.ProfileOffersPage,
  ),
  profileSettings: page(
    () => import('../pages/profile-settings-route'),
    (m) => m.ProfileSettingsRoute,
  ),
  profileApi: page(
    () => import('../../features/api-tokens/api-page/api-page'),
    (m) => m.ApiTokensPage,
  ),
  profileTeam: page(
    () => import('../../features/team/team-page/team-page'),
    (m) => m.TeamPage,
  ),
  profileAudit: page(
    () => import('../../features/audit/audit-page'),
    (m) => m.AuditPage,
  ),
  profileWebhooks: page(
    () => import('../../features/webhooks/webhooks-page/webhooks-page'),
    (m) => m.WebhooksPage,
  ),
  invitation: page(
    () => import('../../features/team/invitation/invitation-page'),
    (m) => m.InvitationPage,
  ),

  promotions: page(
    () => import('../../features/promotions/promotion-list/promotion-list-page'),
    (m) => m.PromotionListPage,
  ),
  promotion: page(
    () => import('../../features/promotions/promotion-card/promotion-card-page'),
    (m) => m.PromotionPage,
  ),

  questions: page(
    () => import('../../features/questions/question-list/question-list-page'),
    (m) => m.QuestionListPage,
  ),
  questionTemplates: page(
    () => import('../../features/questions/templates/templates-page'),
    (m) => m.QuestionTemplatesPage,
  ),

  pageInProgress: page(
    () => import('../pages/page-in-progress-route'),
    (m) => m.PageInProgressRoute,
  ),
  warehouses: page(
    () => import('../../features/warehouses/warehouse-list/warehouse-list-page'),
    (m) => m.WarehouseListPage,
  ),
  onboarding: page(
    () => import('../pages/onboarding-route'),
    (m) => m.OnboardingRoute,
  ),
  onboardingReview: page(
    () => import('../pages/onboarding-route'),
    (m) => m.OnboardingReviewRoute,
  ),
  uiKit: page(
    () => import('../../features/ui-kit/ui-kit-page'),
    (m) => m.UiKitPage,
  ),
};

/** The pathless route above every layout but the auth one: Ant Design, the App host, the data cache. */
export const SHELL_SERVICES_MODULE: Loader = page(
  () => import('../layouts/shell-frame'),
  (m) => m.ShellServicesRoute,
);

export const LAYOUT_MODULES: Record<LayoutKey, Loader> = {
  auth: page(
    () => import('../layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  default: page(
    () => import('../layouts/default-layout'),
    (m) => m.DefaultLayout,
  ),
  profile: page(
    () => import('../layouts/profile-layout'),
    (m) => m.ProfileLayout,
  ),
  rightSpace: page(
    () => import('../layouts/right-space-layout'),
    (m) => m.RightSpaceLayout,
  ),
  sideBar: page(
    () => import('../layouts/side-bar-layout'),
    (m) => m.SideBarLayout,
  ),
  uiKit: page(
    () => import('../layouts/ui-kit-layout'),
    (m) => m.UiKitLayout,
  ),
};
