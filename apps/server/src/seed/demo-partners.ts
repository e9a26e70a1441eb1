// The demo's partners and users: who exists in a fresh demo. A leaf that imports no module, so an area's
// demo data (modules/<area>/<area>.demo.ts) can read which partners to fill without an import cycle.
import type { BusinessModel, FeatureName, Role } from '@moda/contracts';

export const DEMO_PASSWORD = 'Moda2026!';

export interface DemoPartner {
  id: number;
  shopName: string;
  businessModel: BusinessModel;
  features: FeatureName[];
  isNew?: boolean;
}

export const DEMO_PARTNERS: DemoPartner[] = [
  {
    id: 10001,
    shopName: 'Северный ветер',
    businessModel: 'consignment',
    features: ['analyticsEnabled', 'ShowFeedbackSection', 'offersEnabled'],
  },
  {
    id: 10002,
    shopName: 'Urban Loft',
    businessModel: 'marketplace_crossdocking',
    features: ['assemblingOrder', 'ShowFeedbackSection', 'analyticsEnabled'],
  },
  { id: 10003, shopName: 'Дропшип Маркет', businessModel: 'dropshipping', features: [] },
  { id: 10004, shopName: 'Модный дом', businessModel: 'consignment', features: ['analyticsEnabled'] },
  {
    id: 10005,
    shopName: 'Модный дом FBS',
    businessModel: 'marketplace_crossdocking',
    features: ['assemblingOrder'],
  },
  { id: 10006, shopName: 'Новый бренд', businessModel: 'consignment', features: [], isNew: true },
];

export interface DemoUser {
  email: string;
  login: string;
  name: string;
  roles: Role[];
  partners: number[];
  note: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'seller@moda.test',
    login: 'seller',
    name: 'Анна Петрова',
    roles: ['partner_user'],
    partners: [10001],
    note: 'продавец FBO (consignment)',
  },
  {
    email: 'fbs@moda.test',
    login: 'fbs',
    name: 'Игорь Смирнов',
    roles: ['partner_user'],
    partners: [10002],
    note: 'продавец FBS (marketplace_crossdocking)',
  },
  {
    email: 'dropship@moda.test',
    login: 'dropship',
    name: 'Олег Кузнецов',
    roles: ['partner_user'],
    partners: [10003],
    note: 'продавец dropshipping',
  },
  {
    email: 'multi@moda.test',
    login: 'multi',
    name: 'Мария Волкова',
    roles: ['partner_user'],
    partners: [10004, 10005],
    note: 'два партнёра: FBO и FBS',
  },
  {
    email: 'newseller@moda.test',
    login: 'newseller',
    name: 'Павел Новиков',
    roles: ['onboarding_user'],
    partners: [10006],
    note: 'новый продавец (onboarding_user)',
  },
  {
    email: 'manager@moda.test',
    login: 'manager',
    name: 'Елена Соколова',
    roles: ['b2b_manager'],
    partners: [10002],
    note: 'B2B-менеджер партнёра FBS',
  },
  {
    email: 'support@moda.test',
    login: 'support',
    name: 'Дмитрий Орлов',
    roles: ['support_engineer'],
    partners: [],
    note: 'инженер поддержки',
  },
  {
    email: 'admin@moda.test',
    login: 'admin',
    name: 'Администратор',
    roles: ['admin'],
    partners: [],
    note: 'администратор',
  },
  {
    email: 'operator@moda.test',
    login: 'operator',
    name: 'Светлана Иванова',
    roles: ['cc_operator'],
    partners: [],
    note: 'оператор контакт-центра',
  },
  {
    email: 'keeper@moda.test',
    login: 'keeper',
    name: 'Николай Фёдоров',
    roles: ['stock_keeper'],
    partners: [],
    note: 'кладовщик',
  },
];
