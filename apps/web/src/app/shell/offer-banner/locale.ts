// Russian strings of the cooperation-terms banner of the shell (spec 000 §4 Offers, §6).
export const offerBannerText = {
  restricted: 'Кабинет доступен только для просмотра, пока вы не подтвердите условия сотрудничества',
  restrictedHint: 'Ознакомьтесь с документом и подпишите его: все разделы откроются сразу.',
  openTerms: 'Перейти к условиям',
  pending: 'Доступна новая версия условий сотрудничества',
  pendingHint: 'Ознакомьтесь с ней и подпишите, чтобы продолжить работу на новых условиях.',
  sign: 'Подписать',
} as const;
