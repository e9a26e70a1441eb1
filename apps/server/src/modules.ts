// The server's areas, in build order: a module may use the services of those listed before it.
// Adding an area is one line here (and its methods in the contracts' index).
import { partnersModule } from './modules/partners/partners.module';
import { sessionsModule } from './modules/sessions/sessions.module';
import { uploadsModule } from './modules/uploads/uploads.module';
import { auditModule } from './modules/audit/audit.module';
import { usageModule } from './modules/usage/usage.module';
import { warehousesModule } from './modules/warehouses/warehouses.module';
import { accountsModule } from './modules/accounts/accounts.module';
import { offersModule } from './modules/offers/offers.module';
import { nomenclaturesModule } from './modules/nomenclatures/nomenclatures.module';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { pricesModule } from './modules/prices/prices.module';
import { ordersModule } from './modules/orders/orders.module';
import { exportsModule } from './modules/exports/exports.module';
import { importsModule } from './modules/imports/imports.module';
import type { ServicesOf } from './core/module';

export const MODULES = [
  partnersModule,
  sessionsModule,
  uploadsModule,
  auditModule,
  usageModule,
  warehousesModule,
  accountsModule,
  offersModule,
  nomenclaturesModule,
  catalogueModule,
  pricesModule,
  ordersModule,
  exportsModule,
  importsModule,
] as const;

export type Services = ServicesOf<typeof MODULES>;
