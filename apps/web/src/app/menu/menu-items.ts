// The top menu of spec 000 §2, in its order. Each entry points at a route of the table (or at the
// work-in-progress page for a screen that has no route yet) and is shown only when the guard allows it.
import { appText } from '../locale';
import { canOpen, type GuardSession } from '../routing/guard';

export interface MenuLink {
  key: string;
  label: string;
  to: string;
  /** The path whose access rules apply, for entries that lead to the work-in-progress page. */
  accessAs?: string;
}
export interface MenuGroup {
  key: string;
  label: string;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

const m = appText.menu;

/** Screens of the menu that have no route in spec 000 §2 yet: /page-in-progress?section=<key>. */
export const IN_PROGRESS_SECTIONS = {
  gates: { title: m.logistics.gates, accessAs: '/fbs/shipments' },
  dataImport: { title: m.analytics.import, accessAs: '/analytics/board' },
  dataExport: { title: m.analytics.export, accessAs: '/analytics/board' },
  productPromotion: { title: m.promotion.products, accessAs: '/promotions' },
  banners: { title: m.promotion.banners, accessAs: '/promotions' },
  promotionReports: { title: m.promotion.reports, accessAs: '/promotions' },
  addAccount: { title: m.profile.addAccount, accessAs: '/profile' },
} as const;
export type InProgressSection = keyof typeof IN_PROGRESS_SECTIONS;

const inProgress = (key: string, label: string, section: InProgressSection): MenuLink => ({
  key,
  label,
  to: `/page-in-progress?section=${section}`,
  accessAs: IN_PROGRESS_SECTIONS[section].accessAs,
});

export const TOP_MENU: readonly MenuEntry[] = [
  { key: 'orders', label: m.orders, to: '/orders' },
  {
    key: 'fbo',
    label: m.fbo.title,
    children: [
      { key: 'fbo-shipments', label: m.fbo.shipments, to: '/fbo/shipments' },
      { key: 'fbo-returns', label: m.fbo.returns, to: '/fbo/returns' },
      { key: 'fbo-stocks', label: m.fbo.stocks, to: '/fbo/stocks' },
    ],
  },
  {
    key: 'logistics',
    label: m.logistics.title,
    children: [
      { key: 'fbs-shipments', label: m.logistics.fbsShipments, to: '/fbs/shipments' },
      { key: 'fbs-returns', label: m.logistics.fbsReturns, to: '/fbs/returns' },
      inProgress('gates', m.logistics.gates, 'gates'),
      { key: 'warehouses', label: m.logistics.warehouses, to: '/warehouses' },
    ],
  },
  {
    key: 'products',
    label: m.products.title,
    children: [
      { key: 'products-add', label: m.products.add, to: '/nomenclatures/add' },
      { key: 'products-manage', label: m.products.manage, to: '/nomenclatures' },
      { key: 'products-images', label: m.products.images, to: '/nomenclatures/images' },
      { key: 'products-updates', label: m.products.updates, to: '/nomenclatures/updates' },
      {
        key: 'products-price-index',
        label: m.products.priceIndex,
        to: '/nomenclatures/prices?tab=price-index',
      },
    ],
  },
  {
    key: 'promotions',
    label: m.promotions.title,
    children: [
      { key: 'promotions-prices', label: m.promotions.prices, to: '/nomenclatures/prices' },
      { key: 'promotions-products', label: m.promotions.products, to: '/promotions' },
    ],
  },
  {
    key: 'analytics',
    label: m.analytics.title,
    children: [
      { key: 'analytics-board', label: m.analytics.board, to: '/analytics/board' },
      { key: 'analytics-sales', label: m.analytics.sales, to: '/analytics/sales-dynamics' },
      inProgress('analytics-import', m.analytics.import, 'dataImport'),
      inProgress('analytics-export', m.analytics.export, 'dataExport'),
      { key: 'analytics-funnel', label: m.analytics.funnel, to: '/analyticsv2' },
    ],
  },
  {
    key: 'promotion',
    label: m.promotion.title,
    children: [
      inProgress('promotion-products', m.promotion.products, 'productPromotion'),
      inProgress('promotion-banners', m.promotion.banners, 'banners'),
      inProgress('promotion-reports', m.promotion.reports, 'promotionReports'),
    ],
  },
  {
    key: 'questions',
    label: m.questions.title,
    children: [
      { key: 'questions-list', label: m.questions.questions, to: '/questions' },
      { key: 'questions-reviews', label: m.questions.reviews, to: '/questions?type=review' },
      { key: 'questions-templates', label: m.questions.templates, to: '/questions/templates' },
    ],
  },
];

/** The profile menu: its last entry, logout, is an action rather than a page. */
export const PROFILE_MENU: readonly MenuLink[] = [
  { key: 'profile-add-account', label: m.profile.addAccount, to: '/profile?action=add-account' },
  { key: 'profile-documents', label: m.profile.documents, to: '/profile/offers' },
  { key: 'profile-settings', label: m.profile.settings, to: '/profile/settings' },
];
export const LOGOUT_KEY = 'profile-logout';

const allowed = (link: MenuLink, session: GuardSession) => canOpen(link.accessAs ?? link.to, session);

/** The entries this user may open for the current partner; a group with none left disappears. */
export function visibleMenu(entries: readonly MenuEntry[], session: GuardSession): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (isGroup(entry)) {
      const children = entry.children.filter((c) => allowed(c, session));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (allowed(entry, session)) {
      out.push(entry);
    }
  }
  return out;
}

export function visibleLinks(links: readonly MenuLink[], session: GuardSession): MenuLink[] {
  return links.filter((l) => allowed(l, session));
}
