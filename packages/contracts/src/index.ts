// @moda/contracts: the single source of methods, schemas, enumerations, state machines and messages.
import * as auth from './auth';
import * as partners from './partners';
import * as files from './files';
import * as audit from './audit';
import * as wh from './warehouses';
import type { MethodDef } from './rpc';

export * from './product';
export * from './enums';
export * from './errors';
export * from './messages';
export * from './state-machine';
export * from './rpc';
export * from './auth';
export * from './partners';
export * from './files';
export * from './audit';
export * from './usage';
export * from './labels';
export * from './warehouses';

const methods = {
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
} as const;

/** Every JSON-RPC method, by name. Server handlers, the web client and rpc.discover derive from it. */
export const METHODS: typeof methods & Record<string, MethodDef> = methods;
export type Methods = typeof methods;
export type MethodName = keyof Methods;
