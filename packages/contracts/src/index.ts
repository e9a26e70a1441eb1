// @moda/contracts: the single source of methods, schemas, enumerations, state machines and messages.
import * as auth from './auth';
import * as partners from './partners';
import * as files from './files';
import * as audit from './audit';
import * as wh from './warehouses';
import * as fb from './feedback';
import * as acc from './accounts';
import * as off from './offers';
import * as nom from './nomenclatures';
import * as cat from './catalogue';
import * as pr from './prices';
import * as pi from './price-index';
import * as ord from './orders';
import * as exp from './exports';
import * as fbo from './fbo';
import * as fr from './fbo-returns';
import * as fboStock from './fbo-stock';
import * as an from './analytics';
import * as fbs from './fbs';
import * as onb from './onboarding';
import * as promo from './promotions';
import * as apiTok from './api-tokens';
import * as team from './team';
import * as whk from './webhooks';
import * as inbox from './inbox';
import * as iu from './import-updates';
import type { MethodDef } from './rpc';

export * from './product';
export * from './enums';
export * from './errors';
export * from './messages';
export * from './text';
export * from './state-machine';
export * from './rpc';
export * from './auth';
export * from './partners';
export * from './files';
export * from './audit';
export * from './audit-labels';
export * from './usage';
export * from './labels';
export * from './warehouses';
export * from './accounts';
export * from './feedback';
export * from './feedback-check';
export * from './offers';
export * from './nomenclatures';
export * from './catalogue';
export * from './prices';
export * from './price-index';
export * from './orders';
export * from './exports';
export * from './fbo';
export * from './fbo-returns';
export * from './fbo-stock';
export * from './time';
export * from './analytics';
export * from './fbs';
export * from './onboarding';
export * from './onboarding-rules';
export * from './promotions';
export * from './access';
export * from './api-tokens';
export * from './inbox';
export * from './team';
export * from './webhooks';
export * from './import-updates';

const methods = {
  [apiTok.apiTokensIssue.name]: apiTok.apiTokensIssue,
  [apiTok.apiTokensList.name]: apiTok.apiTokensList,
  [apiTok.apiTokensRevoke.name]: apiTok.apiTokensRevoke,
  [apiTok.apiTokensUsage.name]: apiTok.apiTokensUsage,
  [apiTok.apiTokensExpiring.name]: apiTok.apiTokensExpiring,
  [auth.tokensCreate.name]: auth.tokensCreate,
  [auth.tokensUpdate.name]: auth.tokensUpdate,
  [auth.tokensRevoke.name]: auth.tokensRevoke,
  [partners.dictionariesGet.name]: partners.dictionariesGet,
  [partners.partnersActivateInUi.name]: partners.partnersActivateInUi,
  [partners.partnersSearch.name]: partners.partnersSearch,
  [partners.partnersFeaturesList.name]: partners.partnersFeaturesList,
  [partners.partnersFeaturesUpdate.name]: partners.partnersFeaturesUpdate,
  [files.filesGet.name]: files.filesGet,
  [audit.auditList.name]: audit.auditList,
  [wh.warehousesList.name]: wh.warehousesList,
  [wh.warehousesDetails.name]: wh.warehousesDetails,
  [wh.warehousesCreate.name]: wh.warehousesCreate,
  [wh.warehousesEdit.name]: wh.warehousesEdit,
  [wh.warehousesActivate.name]: wh.warehousesActivate,
  [wh.warehousesDeactivate.name]: wh.warehousesDeactivate,
  [wh.warehousesApprove.name]: wh.warehousesApprove,
  [wh.warehousesSendBack.name]: wh.warehousesSendBack,
  [wh.warehousesDelete.name]: wh.warehousesDelete,
  [wh.warehousesDeliveryMethodCreate.name]: wh.warehousesDeliveryMethodCreate,
  [wh.warehousesDeliveryMethodEdit.name]: wh.warehousesDeliveryMethodEdit,
  [wh.warehousesReturnMethodCreate.name]: wh.warehousesReturnMethodCreate,
  [wh.warehousesReturnMethodEdit.name]: wh.warehousesReturnMethodEdit,
  [wh.warehousesBaseList.name]: wh.warehousesBaseList,
  [wh.fulfilmentWarehousesList.name]: wh.fulfilmentWarehousesList,
  [wh.warehousesDeliveryProfiles.name]: wh.warehousesDeliveryProfiles,
  [wh.warehousesEventsRecord.name]: wh.warehousesEventsRecord,
  [wh.warehousesReviewList.name]: wh.warehousesReviewList,
  [acc.registrationInitiate.name]: acc.registrationInitiate,
  [acc.registrationResendEmail.name]: acc.registrationResendEmail,
  [fb.questionsList.name]: fb.questionsList,
  [fb.questionsMeta.name]: fb.questionsMeta,
  [fb.questionsStats.name]: fb.questionsStats,
  [fb.questionsAnswer.name]: fb.questionsAnswer,
  [fb.feedbackNew.name]: fb.feedbackNew,
  [fb.feedbackDeleteItems.name]: fb.feedbackDeleteItems,
  [fb.sellerFeedbackGet.name]: fb.sellerFeedbackGet,
  [fb.sellerFeedbackActivate.name]: fb.sellerFeedbackActivate,
  [fb.feedbackStrikesDelete.name]: fb.feedbackStrikesDelete,
  [fb.templatesList.name]: fb.templatesList,
  [fb.templatesSave.name]: fb.templatesSave,
  [fb.templatesDelete.name]: fb.templatesDelete,
  [fb.feedbackSizeFit.name]: fb.feedbackSizeFit,
  [fb.moderationList.name]: fb.moderationList,
  [fb.moderationDecide.name]: fb.moderationDecide,
  [fb.platformFeedbackCreate.name]: fb.platformFeedbackCreate,
  [fb.platformFeedbackPending.name]: fb.platformFeedbackPending,
  [fb.platformFeedbackModerate.name]: fb.platformFeedbackModerate,
  [fb.platformFeedbackAnswer.name]: fb.platformFeedbackAnswer,
  [acc.registrationCheckToken.name]: acc.registrationCheckToken,
  [acc.userRegistrationComplete.name]: acc.userRegistrationComplete,
  [acc.passwordsSendResetEmail.name]: acc.passwordsSendResetEmail,
  [acc.passwordsCheckResetToken.name]: acc.passwordsCheckResetToken,
  [acc.passwordsConfirmReset.name]: acc.passwordsConfirmReset,
  [acc.sellerProfileGet.name]: acc.sellerProfileGet,
  [acc.sellerProfileUpdateContacts.name]: acc.sellerProfileUpdateContacts,
  [acc.sellerBrandsList.name]: acc.sellerBrandsList,
  [acc.supportReasonsList.name]: acc.supportReasonsList,
  [acc.supportEmailSend.name]: acc.supportEmailSend,
  [acc.accountsAdd.name]: acc.accountsAdd,
  [off.offersList.name]: off.offersList,
  [off.offersApprove.name]: off.offersApprove,
  [off.offersStatusesList.name]: off.offersStatusesList,
  [off.offersPublish.name]: off.offersPublish,
  [nom.nomenclaturesList.name]: nom.nomenclaturesList,
  [nom.nomenclaturesCountByStatuses.name]: nom.nomenclaturesCountByStatuses,
  [nom.nomenclaturesUpdateActivation.name]: nom.nomenclaturesUpdateActivation,
  [nom.nomenclaturesUpdateStock.name]: nom.nomenclaturesUpdateStock,
  [nom.nomenclaturesMetadataBrands.name]: nom.nomenclaturesMetadataBrands,
  [cat.catalogueCategoriesList.name]: cat.catalogueCategoriesList,
  [cat.catalogueAttributesList.name]: cat.catalogueAttributesList,
  [cat.catalogueAttributeMappingsGet.name]: cat.catalogueAttributeMappingsGet,
  [cat.catalogueAttributeDictionariesGet.name]: cat.catalogueAttributeDictionariesGet,
  [cat.catalogueErpCategoriesList.name]: cat.catalogueErpCategoriesList,
  [cat.catalogueBrandsList.name]: cat.catalogueBrandsList,
  [cat.nomenclaturesStore.name]: cat.nomenclaturesStore,
  [cat.nomenclaturesModerate.name]: cat.nomenclaturesModerate,
  [cat.nomenclaturesCardGet.name]: cat.nomenclaturesCardGet,
  [nom.nomenclaturesHideModeration.name]: nom.nomenclaturesHideModeration,
  [pr.nomenclaturesValidatePrice.name]: pr.nomenclaturesValidatePrice,
  [pr.nomenclaturesUpdatePrice.name]: pr.nomenclaturesUpdatePrice,
  [pr.nomenclaturesSetPrices.name]: pr.nomenclaturesSetPrices,
  [pr.nomenclaturesPriceHistory.name]: pr.nomenclaturesPriceHistory,
  [pr.nomenclaturesPricesApprove.name]: pr.nomenclaturesPricesApprove,
  [pr.nomenclaturesAutoConversionGet.name]: pr.nomenclaturesAutoConversionGet,
  [pr.nomenclaturesAutoConversionCalculate.name]: pr.nomenclaturesAutoConversionCalculate,
  [pr.nomenclaturesPriceThresholdExceeded.name]: pr.nomenclaturesPriceThresholdExceeded,
  [pr.nomenclaturesPricesList.name]: pr.nomenclaturesPricesList,
  [pi.matchingPriceIndexList.name]: pi.matchingPriceIndexList,
  [pi.matchingPriceIndexTotal.name]: pi.matchingPriceIndexTotal,
  [pi.matchingSettingsGet.name]: pi.matchingSettingsGet,
  [pi.matchingCompetitorPriceCreate.name]: pi.matchingCompetitorPriceCreate,
  [pi.matchingCompetitorPriceDispute.name]: pi.matchingCompetitorPriceDispute,
  [pi.matchingClaimsList.name]: pi.matchingClaimsList,
  [pi.matchingExportCreate.name]: pi.matchingExportCreate,
  [pi.matchingExportCheck.name]: pi.matchingExportCheck,
  [pi.matchingSimulate.name]: pi.matchingSimulate,
  [pi.platformMatchingOffersPost.name]: pi.platformMatchingOffersPost,
  [pi.platformMatchingOffersList.name]: pi.platformMatchingOffersList,
  [pi.platformMatchingClaimsList.name]: pi.platformMatchingClaimsList,
  [pi.platformMatchingClaimDecide.name]: pi.platformMatchingClaimDecide,
  [pi.platformMatchingSettingsSet.name]: pi.platformMatchingSettingsSet,
  [ord.ordersList.name]: ord.ordersList,
  [ord.ordersCountByStatuses.name]: ord.ordersCountByStatuses,
  [ord.ordersGet.name]: ord.ordersGet,
  [ord.ordersCollect.name]: ord.ordersCollect,
  [ord.ordersConfirmation.name]: ord.ordersConfirmation,
  [ord.ordersCancel.name]: ord.ordersCancel,
  [ord.ordersItemCancel.name]: ord.ordersItemCancel,
  [ord.ordersStatuses.name]: ord.ordersStatuses,
  [ord.ordersItemStatuses.name]: ord.ordersItemStatuses,
  [ord.platformOrdersCreate.name]: ord.platformOrdersCreate,
  [ord.platformOrdersMove.name]: ord.platformOrdersMove,
  [ord.platformOrdersOpenDiscrepancyAct.name]: ord.platformOrdersOpenDiscrepancyAct,
  [ord.platformOrdersAddTracking.name]: ord.platformOrdersAddTracking,
  [ord.platformProductsList.name]: ord.platformProductsList,
  [exp.exportsCreate.name]: exp.exportsCreate,
  [exp.exportsList.name]: exp.exportsList,
  [exp.importsList.name]: exp.importsList,
  [cat.nomenclaturesImagesList.name]: cat.nomenclaturesImagesList,
  [cat.nomenclaturesImagesUpdate.name]: cat.nomenclaturesImagesUpdate,
  [fbo.fboSuppliesList.name]: fbo.fboSuppliesList,
  [fbo.fboSuppliesGet.name]: fbo.fboSuppliesGet,
  [fbo.fboSuppliesItems.name]: fbo.fboSuppliesItems,
  [fbo.fboSuppliesStatuses.name]: fbo.fboSuppliesStatuses,
  [fbo.fboSlots.name]: fbo.fboSlots,
  [fbo.fboSuppliesCreate.name]: fbo.fboSuppliesCreate,
  [fbo.fboSuppliesCreateDraft.name]: fbo.fboSuppliesCreateDraft,
  [fbo.fboSuppliesSubmit.name]: fbo.fboSuppliesSubmit,
  [fbo.fboSuppliesRevise.name]: fbo.fboSuppliesRevise,
  [fbo.fboSuppliesBookSlot.name]: fbo.fboSuppliesBookSlot,
  [fbo.fboSuppliesCancel.name]: fbo.fboSuppliesCancel,
  [fbo.fboSuppliesChangeWarehouse.name]: fbo.fboSuppliesChangeWarehouse,
  [fbo.fboSuppliesSetItems.name]: fbo.fboSuppliesSetItems,
  [fbo.fboSuppliesWaitlistJoin.name]: fbo.fboSuppliesWaitlistJoin,
  [fbo.fboSuppliesWaitlistLeave.name]: fbo.fboSuppliesWaitlistLeave,
  [fbo.fboSuppliesDispute.name]: fbo.fboSuppliesDispute,
  [fboStock.fboForecastGet.name]: fboStock.fboForecastGet,
  [fboStock.fboForecastBrands.name]: fboStock.fboForecastBrands,
  [fboStock.fboForecastCategories.name]: fboStock.fboForecastCategories,
  [fbo.platformFboList.name]: fbo.platformFboList,
  [fbo.platformFboValidate.name]: fbo.platformFboValidate,
  [fbo.platformFboMove.name]: fbo.platformFboMove,
  [fbo.platformFboReport.name]: fbo.platformFboReport,
  [fbo.platformFboResolveDispute.name]: fbo.platformFboResolveDispute,
  [fbo.platformFboCapacity.name]: fbo.platformFboCapacity,
  [fr.fboReturnsList.name]: fr.fboReturnsList,
  [fr.fboReturnsGet.name]: fr.fboReturnsGet,
  [fr.fboReturnsStatuses.name]: fr.fboReturnsStatuses,
  [fr.fboReturnsStock.name]: fr.fboReturnsStock,
  [fr.fboReturnsCreate.name]: fr.fboReturnsCreate,
  [fr.fboReturnsCreateFromFile.name]: fr.fboReturnsCreateFromFile,
  [fr.fboReturnsConfirm.name]: fr.fboReturnsConfirm,
  [fr.fboReturnsCancel.name]: fr.fboReturnsCancel,
  [fr.fboReturnsBookSlot.name]: fr.fboReturnsBookSlot,
  [fr.platformReturnsList.name]: fr.platformReturnsList,
  [fr.platformReturnsReserve.name]: fr.platformReturnsReserve,
  [fr.platformReturnsReject.name]: fr.platformReturnsReject,
  [fr.platformReturnsOfferSlots.name]: fr.platformReturnsOfferSlots,
  [fr.platformReturnsMove.name]: fr.platformReturnsMove,
  [fr.platformReturnsPick.name]: fr.platformReturnsPick,
  [fr.platformReturnsShip.name]: fr.platformReturnsShip,
  [an.analyticsRevenueSummary.name]: an.analyticsRevenueSummary,
  [an.analyticsMainChart.name]: an.analyticsMainChart,
  [an.analyticsIncomeAndExpenses.name]: an.analyticsIncomeAndExpenses,
  [an.analyticsDataUpdatedOn.name]: an.analyticsDataUpdatedOn,
  [an.analyticsSalesDynamics.name]: an.analyticsSalesDynamics,
  [an.analyticsSalesDynamicsBrands.name]: an.analyticsSalesDynamicsBrands,
  [an.analyticsSalesDynamicsCategories.name]: an.analyticsSalesDynamicsCategories,
  [an.analyticsFunnel.name]: an.analyticsFunnel,
  [an.analyticsAbc.name]: an.analyticsAbc,
  [an.platformAnalyticsEvents.name]: an.platformAnalyticsEvents,
  [an.platformAnalyticsRebuild.name]: an.platformAnalyticsRebuild,
  [fbs.fbsShipmentsList.name]: fbs.fbsShipmentsList,
  [fbs.fbsShipmentsGet.name]: fbs.fbsShipmentsGet,
  [fbs.fbsShipmentsItems.name]: fbs.fbsShipmentsItems,
  [fbs.fbsShipmentsStatuses.name]: fbs.fbsShipmentsStatuses,
  [fbs.fbsShipmentsConfirm.name]: fbs.fbsShipmentsConfirm,
  [fbs.fbsShipmentsCancel.name]: fbs.fbsShipmentsCancel,
  [fbs.fbsReturnBoxesList.name]: fbs.fbsReturnBoxesList,
  [fbs.fbsReturnBoxesCount.name]: fbs.fbsReturnBoxesCount,
  [fbs.fbsReturnBoxesGet.name]: fbs.fbsReturnBoxesGet,
  [fbs.fbsReturnBoxesStatuses.name]: fbs.fbsReturnBoxesStatuses,
  [fbs.platformFbsShipmentsList.name]: fbs.platformFbsShipmentsList,
  [fbs.platformFbsShipmentsMove.name]: fbs.platformFbsShipmentsMove,
  [fbs.platformFbsReturnBoxesFill.name]: fbs.platformFbsReturnBoxesFill,
  [fbs.platformFbsReturnBoxesClose.name]: fbs.platformFbsReturnBoxesClose,
  [fbs.platformFbsReturnBoxesMove.name]: fbs.platformFbsReturnBoxesMove,
  [fbs.platformFbsReturnBoxesList.name]: fbs.platformFbsReturnBoxesList,
  [onb.onboardingRoadGet.name]: onb.onboardingRoadGet,
  [onb.onboardingFinish.name]: onb.onboardingFinish,
  [onb.surveysFirstGet.name]: onb.surveysFirstGet,
  [onb.surveysFirstSave.name]: onb.surveysFirstSave,
  [onb.surveysFirstSubmit.name]: onb.surveysFirstSubmit,
  [onb.surveysDelete.name]: onb.surveysDelete,
  [onb.surveysNotificationAct.name]: onb.surveysNotificationAct,
  [onb.surveysAttachmentsReserve.name]: onb.surveysAttachmentsReserve,
  [onb.assortmentCommitteeGet.name]: onb.assortmentCommitteeGet,
  [onb.assortmentCommitteeSave.name]: onb.assortmentCommitteeSave,
  [onb.surveysList.name]: onb.surveysList,
  [onb.surveysDetails.name]: onb.surveysDetails,
  [onb.surveysReview.name]: onb.surveysReview,
  [onb.assortmentCommitteeDecide.name]: onb.assortmentCommitteeDecide,
  [onb.platformOnboardingLegalCheck.name]: onb.platformOnboardingLegalCheck,
  [promo.promotionsList.name]: promo.promotionsList,
  [promo.promotionsListV2.name]: promo.promotionsListV2,
  [promo.promotionsFilterList.name]: promo.promotionsFilterList,
  [promo.promotionsGet.name]: promo.promotionsGet,
  [promo.promotionsPriceStatusesList.name]: promo.promotionsPriceStatusesList,
  [promo.promotionsProductsList.name]: promo.promotionsProductsList,
  [promo.promotionsProductsAdd.name]: promo.promotionsProductsAdd,
  [promo.promotionsProductsDelete.name]: promo.promotionsProductsDelete,
  [promo.promotionsFilesList.name]: promo.promotionsFilesList,
  [promo.promotionsFilesClose.name]: promo.promotionsFilesClose,
  [promo.promotionsCostPricesSet.name]: promo.promotionsCostPricesSet,
  [promo.promotionsCostPricesSetBulk.name]: promo.promotionsCostPricesSetBulk,
  [promo.promotionsProductsTotal.name]: promo.promotionsProductsTotal,
  [promo.promotionsProductsAdded.name]: promo.promotionsProductsAdded,
  [promo.promotionsProductsAddedTotal.name]: promo.promotionsProductsAddedTotal,
  [promo.promotionsProductsAddedReport.name]: promo.promotionsProductsAddedReport,
  [promo.platformPromotionsAnnounce.name]: promo.platformPromotionsAnnounce,
  [promo.platformPromotionsMove.name]: promo.platformPromotionsMove,
  [promo.platformPromotionsReportSales.name]: promo.platformPromotionsReportSales,
  [promo.platformPromotionsList.name]: promo.platformPromotionsList,
  [team.teamList.name]: team.teamList,
  [team.teamInvite.name]: team.teamInvite,
  [team.teamCancelInvitation.name]: team.teamCancelInvitation,
  [team.teamChangeRole.name]: team.teamChangeRole,
  [team.teamRemove.name]: team.teamRemove,
  [team.invitationsCheck.name]: team.invitationsCheck,
  [team.invitationsAccept.name]: team.invitationsAccept,
  [whk.webhooksList.name]: whk.webhooksList,
  [whk.webhooksCreate.name]: whk.webhooksCreate,
  [whk.webhooksUpdate.name]: whk.webhooksUpdate,
  [whk.webhooksDelete.name]: whk.webhooksDelete,
  [whk.webhooksEnable.name]: whk.webhooksEnable,
  [whk.webhooksDeliveries.name]: whk.webhooksDeliveries,
  [whk.webhooksTest.name]: whk.webhooksTest,
  [whk.webhooksReplay.name]: whk.webhooksReplay,
  [inbox.inboxList.name]: inbox.inboxList,
  [iu.importsPreviewGet.name]: iu.importsPreviewGet,
  [iu.importsPreviewApply.name]: iu.importsPreviewApply,
  [iu.importsPreviewDrop.name]: iu.importsPreviewDrop,
  [iu.importsUpdatesRollback.name]: iu.importsUpdatesRollback,
  [iu.importsUpdatesList.name]: iu.importsUpdatesList,
} as const;

/** Every JSON-RPC method, by name. Server handlers, the web client and rpc.discover derive from it. */
export const METHODS: typeof methods & Record<string, MethodDef> = methods;
export type Methods = typeof methods;
export type MethodName = keyof Methods;
