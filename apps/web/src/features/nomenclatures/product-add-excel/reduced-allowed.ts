// Spec 000 §2 guard 3: dropshipping and FBS/DBS partners use the normal Excel page, so they are not
// offered the reduced template. The router's guard redirects on entry; this keeps the page consistent
// after a partner switch on the page (app/routing/gating.ts usesReducedExcelRedirect is the same rule).
import type { BusinessModel, TemplateMode as TemplateModeEnum } from '@moda/contracts';

export type TemplateMode = (typeof TemplateModeEnum.options)[number];

export const reducedAllowed = (model: BusinessModel) =>
  model !== 'dropshipping' && model !== 'marketplace_crossdocking';

export const modesFor = (model: BusinessModel): TemplateMode[] =>
  reducedAllowed(model) ? ['full', 'reduced', 'full_update'] : ['full', 'full_update'];
