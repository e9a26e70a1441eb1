// Guard 6 of spec 000 §2: paths of the previous back-office that still arrive from bookmarks, e-mails
// and help articles, each sent to today's page. Patterns may carry `:params` and a final `*`.
export const LEGACY_REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/index.html', to: '/' },
  { from: '/analytics', to: '/analytics/board' },
  { from: '/analytics/stocks', to: '/analytics/fbo-stocks' },
  { from: '/fbo', to: '/fbo/shipments' },
  { from: '/fbo/supplies', to: '/fbo/shipments' },
  { from: '/fbo/supplies/:id', to: '/fbo/shipments/:id' },
  { from: '/fbs', to: '/fbs/shipments' },
  { from: '/products', to: '/nomenclatures' },
  { from: '/products/edit/:id', to: '/nomenclatures/edit/manually/:id' },
  { from: '/nomenclatures/excel', to: '/nomenclatures/add/excel' },
  { from: '/offers', to: '/profile/offers' },
  { from: '/profile/documents', to: '/profile/offers' },
  { from: '/settings', to: '/profile/settings' },
  { from: '/feedback', to: '/questions' },
  { from: '/feedback/templates', to: '/questions/templates' },
];
