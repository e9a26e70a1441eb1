// The server's areas, in build order: a module may use the services of those listed before it.
// Adding an area is one line here (and its methods in the contracts' index).
import { partnersModule } from './modules/partners';
import { sessionsModule } from './modules/sessions';
import { uploadsModule } from './modules/uploads';
import { auditModule } from './modules/audit';
import { usageModule } from './modules/usage';
import { webhooksModule } from './modules/webhooks';
import { warehousesModule } from './modules/warehouses';
import { accountsModule } from './modules/accounts';
import { offersModule } from './modules/offers';
import { nomenclaturesModule } from './modules/nomenclatures';
import { catalogueModule } from './modules/catalogue';
import { pricesModule } from './modules/prices';
import { ordersModule } from './modules/orders';
import { feedbackModule } from './modules/feedback';
import { exportsModule } from './modules/exports';
import { importsModule } from './modules/imports';
import { fboModule } from './modules/fbo';
import { fboReturnsModule } from './modules/fbo-returns';
import { fbsModule } from './modules/fbs';
import { analyticsModule } from './modules/analytics';
import { priceIndexModule } from './modules/price-index';
import { onboardingModule } from './modules/onboarding';
import { promotionsModule } from './modules/promotions';
import { inboxModule } from './modules/inbox';
import { teamModule } from './modules/team';
import { apiTokensModule } from './modules/api-tokens';
import type { ServicesOf } from './core/module';

export const MODULES = [
  partnersModule,
  sessionsModule,
  uploadsModule,
  auditModule,
  usageModule,
  webhooksModule,
  warehousesModule,
  accountsModule,
  offersModule,
  nomenclaturesModule,
  catalogueModule,
  pricesModule,
  ordersModule,
  exportsModule,
  feedbackModule,
  importsModule,
  fboModule,
  fboReturnsModule,
  fbsModule,
  analyticsModule,
  priceIndexModule,
  onboardingModule,
  promotionsModule,
  inboxModule,
  teamModule,
  apiTokensModule,
] as const;

export type Services = ServicesOf<typeof MODULES>;
