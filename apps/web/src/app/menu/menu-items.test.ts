// The top menu: spec 000 §2's entries in order, and only those the user and partner may open.
import { describe, expect, it } from 'vitest';
import { SITE_SECTION_FIELD, type BusinessModel, type FeatureName, type Role } from '@moda/contracts';
import type { GuardSession } from '../routing/guard';
import { isGroup, PROFILE_MENU, TOP_MENU, visibleLinks, visibleMenu } from './menu-items';

const session = (
  roles: Role[],
  model: BusinessModel,
  features: FeatureName[] = [],
  isNewSeller = false,
): GuardSession => ({
  authenticated: true,
  roles,
  isNewSeller,
  partner: {
    businessModel: model,
    enabledFeatures: features,
    [SITE_SECTION_FIELD]: {
      feedback: features.includes('ShowFeedbackSection'),
      promotions: 'open',
      analyticsBoard: false,
    },
  },
});

const labels = (entries: ReturnType<typeof visibleMenu>) =>
  entries.map((e) => (isGroup(e) ? `${e.label}: ${e.children.map((c) => c.label).join(', ')}` : e.label));

describe('top menu', () => {
  it('lists the groups of spec 000 §2 in order', () => {
    expect(TOP_MENU.map((e) => e.label)).toEqual([
      'Заказы',
      'FBO',
      'Логистика',
      'Товары',
      'Акции',
      'Аналитика',
      'Продвижение',
      'Вопросы',
    ]);
    expect(PROFILE_MENU.map((l) => l.label)).toEqual(['Добавить аккаунт', 'Документы', 'Настройки']);
  });

  it('gives a consignment seller FBO but no FBS logistics', () => {
    const menu = labels(
      visibleMenu(
        TOP_MENU,
        session(['partner_user'], 'consignment', ['analyticsEnabled', 'ShowFeedbackSection']),
      ),
    );
    expect(menu).toContain('FBO: Поставки, Возвраты, Остатки на складе');
    expect(menu.some((l) => l.startsWith('Логистика'))).toBe(false);
    expect(menu).toContain('Вопросы: Вопросы покупателей, Отзывы, Шаблоны ответов');
  });

  it('gives a crossdocking seller the logistics and no FBO', () => {
    const menu = labels(visibleMenu(TOP_MENU, session(['partner_user'], 'marketplace_crossdocking')));
    expect(menu).toContain(
      'Логистика: Отгрузки FBS, Возвраты FBS, Управление воротами, Склады и способы доставки FBS',
    );
    expect(menu.some((l) => l.startsWith('FBO'))).toBe(false);
    expect(menu.some((l) => l.startsWith('Аналитика'))).toBe(false);
    expect(menu.some((l) => l.startsWith('Вопросы'))).toBe(false);
  });

  it('hides warehouses from roles the spec does not name, keeping the FBS lists', () => {
    const menu = labels(visibleMenu(TOP_MENU, session(['cc_operator'], 'marketplace_crossdocking')));
    expect(menu).toContain('Логистика: Отгрузки FBS, Возвраты FBS, Управление воротами');
  });

  it('hides the operational pages from a new seller', () => {
    const menu = labels(
      visibleMenu(TOP_MENU, session(['onboarding_user'], 'consignment', ['analyticsEnabled'], true)),
    );
    // Spec 000 §2 names FBO returns and shipments for new sellers; stock balances stay.
    expect(menu).toContain('FBO: Остатки на складе');
    expect(menu.some((l) => l.startsWith('Аналитика'))).toBe(false);
    expect(menu).toContain('Товары: Управление товарами, Изображения, Обновления из Excel, Индекс цен');
  });

  it('shows settings in the profile menu only when profile-settings is open', () => {
    expect(visibleLinks(PROFILE_MENU, session(['partner_user'], 'consignment')).map((l) => l.label)).toEqual([
      'Добавить аккаунт',
      'Документы',
    ]);
    expect(
      visibleLinks(
        PROFILE_MENU,
        session(['partner_user'], 'marketplace_crossdocking', ['assemblingOrder']),
      ).map((l) => l.label),
    ).toContain('Настройки');
  });

  it('shows nothing but the partner search to an internal user without a partner', () => {
    const none: GuardSession = { authenticated: true, roles: ['admin'], isNewSeller: false, partner: null };
    expect(visibleMenu(TOP_MENU, none)).toEqual([]);
  });
});
