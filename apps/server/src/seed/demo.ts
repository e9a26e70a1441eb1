// Demo data loaded on the first start: partners of each business model, one user with several partners,
// a user for each role and a new seller; then each area's own demo records (its module's `demo`).
import { sql } from 'drizzle-orm';
import type { BusinessModel, FeatureName, SiteSection } from '@moda/contracts';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { partners, userPartners, users } from '../db/core.schema';
import { sellerBrands, sellerProfiles } from '../modules/accounts';
import { offers } from '../modules/offers';
import { deliveryProfiles, warehouses } from '../modules/warehouses';
import { hashPassword } from '../auth/passwords';
import type { ModuleDescriptor } from '../core/module';
import { MODULES } from '../modules';
import { seedSimulatorCredential } from './simulator';
import { DEMO_PASSWORD, DEMO_PARTNERS, DEMO_USERS } from './demo-partners';

export { DEMO_PASSWORD, DEMO_USERS } from './demo-partners';

const siteSectionFor = (model: BusinessModel, features: FeatureName[]): SiteSection => ({
  feedback: features.includes('ShowFeedbackSection'),
  // Promotions are fully open to FBO sellers and partly open to FBS/DBS ones (spec 000 §2).
  promotions: model === 'consignment' ? 'open' : 'partial',
  analyticsBoard: features.includes('analyticsEnabled'),
});

const isEmpty = async (db: Db, table: string) =>
  ((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0) ===
  0;

/**
 * Loads the demo data of each area whose tables are still empty, so that a data folder made before an
 * area existed gets that area's demo records on the next start. Returns whether anything was loaded.
 */
export async function seedDemo(
  db: Db,
  opts: { dataDir?: string; storage?: FileStorage } = {},
): Promise<boolean> {
  let loaded = false;
  if (await isEmpty(db, 'users')) {
    await seedCore(db);
    loaded = true;
  }
  if (await isEmpty(db, 'delivery_profiles')) {
    await seedWarehouses(db);
    loaded = true;
  }
  if (await isEmpty(db, 'seller_profiles')) {
    await seedAccounts(db);
    loaded = true;
  }
  // Each area's own demo data, in the modules' order (products before the orders made of them).
  for (const m of MODULES as readonly ModuleDescriptor[]) {
    if (!m.demo || !(await isEmpty(db, m.demo.whenEmpty))) continue;
    await m.demo.load(db, opts.storage);
    loaded = true;
  }
  if (opts.dataDir) await seedSimulatorCredential(db, opts.dataDir);
  return loaded;
}

async function seedCore(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(partners).values(
      DEMO_PARTNERS.map((p) => ({
        id: p.id,
        shopName: p.shopName,
        businessModel: p.businessModel,
        enabledFeatures: p.features,
        siteSection: siteSectionFor(p.businessModel, p.features),
        isNewInUiApp: p.isNew ?? false,
      })),
    );
    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          login: u.login,
          displayName: u.name,
          passwordHash,
          roles: u.roles,
          externalId: `EXT-${1000 + i}`,
          confirmedAt: new Date(),
        })
        .returning({ id: users.id });
      if (u.partners.length)
        await tx.insert(userPartners).values(u.partners.map((partnerId) => ({ userId: row!.id, partnerId })));
    }
  });
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  return DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${DEMO_PASSWORD}  ${u.note}`).join('\n');
}

/** FBS partners: 10002 has a configured delivery profile and an active warehouse; 10005 is not set up yet. */
async function seedWarehouses(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(deliveryProfiles).values([
      {
        partnerId: 10002,
        configured: true,
        managerName: 'Елена Соколова',
        managerEmail: 'manager@moda.test',
      },
      { partnerId: 10005, configured: false },
    ]);
    const general = {
      name: 'Склад на Складочной',
      address: {
        index: '127018',
        region: 'Москва',
        locality: 'Москва',
        street: 'ул. Складочная',
        house: '1, стр. 6',
      },
      phone: '4951234567',
      nonWorkingDays: [],
      comment: 'Въезд со двора, пропуск заказывать за сутки',
    };
    const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];
    await tx.insert(warehouses).values([
      {
        partnerId: 10002,
        status: 'active',
        general,
        deliveryMethod: {
          type: 'DROP_OFF',
          version: '2.0',
          orderAcceptance: { days: weekdays, time: '14:00' },
          shipment: { days: weekdays, time: '18:00' },
          shippingPoint: 'Novokhokhlovskaya',
          expectedVolume: 12,
          noticeTiming: 'ONE_THE_DAY_BEFORE_SHIPMENT',
        },
        returnMethod: {
          type: 'DROP_OFF',
          version: '2.0',
          schedule: { days: weekdays, time: '18:00' },
          pickupPoint: 'Novokhokhlovskaya',
        },
      },
      {
        partnerId: 10002,
        status: 'draft',
        general: {
          name: 'Склад в Подольске',
          address: {
            index: '142100',
            region: 'Московская область',
            locality: 'Подольск',
            street: 'ул. Комсомольская',
            house: '1',
          },
        },
      },
    ]);
  });
}

/**
 * Profiles, brands and cooperation terms. 10001 signed v1.0 and has v2.0 waiting (a banner asks to sign);
 * 10004 has never signed and has offers switched on, so its cabinet is read-only until it does.
 */
async function seedAccounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sellerProfiles).values(
      DEMO_PARTNERS.map((p, i) => ({
        partnerId: p.id,
        partnershipStart: p.isNew ? null : `202${3 + (i % 3)}-0${1 + i}-15`,
        contractNumber: p.isNew ? null : `МД-${p.id}/2${3 + (i % 3)}`,
        contacts: p.isNew
          ? null
          : {
              name: DEMO_USERS.find((u) => u.partners.includes(p.id))?.name ?? 'Контактное лицо',
              phone: `916${String(p.id).padStart(7, '0')}`,
              email: `shop${p.id}@moda.test`,
            },
        ceoName: p.isNew ? null : 'Смирнова Ольга Петровна',
        bankAccount: p.isNew
          ? null
          : {
              rating: 'A',
              accountNumber: `40702810${String(p.id).padStart(12, '0')}`,
              name: `ООО «${p.shopName}»`,
              bankCode: '044525225',
              bankName: 'ПАО Сбербанк',
              inn: `77${String(p.id).padStart(8, '0')}`,
            },
        countries: p.businessModel === 'consignment' ? ['RU', 'BY', 'KZ'] : ['RU'],
      })),
    );
    await tx.insert(sellerBrands).values([
      { partnerId: 10001, name: 'Nord Wind', countries: ['RU', 'BY', 'KZ'] },
      { partnerId: 10001, name: 'Levi’s', countries: ['RU'], needsPermission: true, permissionGranted: true },
      {
        partnerId: 10001,
        name: 'Calvin Klein',
        countries: ['RU'],
        needsPermission: true,
        permissionGranted: false,
      },
      { partnerId: 10002, name: 'Urban Loft', countries: ['RU'] },
      { partnerId: 10004, name: 'Модный дом', countries: ['RU'] },
    ]);
    const [seller] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'seller@moda.test'`);
    await tx.insert(offers).values([
      {
        partnerId: 10001,
        version: '1.0',
        actDate: '2025-01-15',
        fileName: 'Условия сотрудничества v1.0.pdf',
        approvedAt: new Date('2025-01-20T10:00:00Z'),
        approvedBy: seller?.id ?? null,
        approvedEmail: 'seller@moda.test',
        createdAt: new Date('2025-01-10T10:00:00Z'),
      },
      {
        partnerId: 10001,
        version: '2.0',
        actDate: '2026-12-01',
        fileName: 'Условия сотрудничества v2.0.pdf',
      },
      {
        partnerId: 10004,
        version: '2.0',
        actDate: '2026-12-01',
        fileName: 'Условия сотрудничества v2.0.pdf',
      },
    ]);
    await tx.execute(
      sql`update partners set enabled_features = array_append(enabled_features, 'offersEnabled') where id = 10004 and not 'offersEnabled' = any(enabled_features)`,
    );
  });
}
