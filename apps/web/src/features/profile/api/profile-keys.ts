// Query keys of the profile area, one factory: seller info, brands, offers and support reasons. The
// offer statuses belong to the shell's read-only hook (lib/session/use-read-only.ts).
export const profileKeys = {
  all: ['profile'] as const,
  seller: (partnerId: number) => ['profile', 'seller', partnerId] as const,
  brands: (partnerId: number) => ['profile', 'brands', partnerId] as const,
  supportReasons: () => ['profile', 'support-reasons'] as const,
};

export const offerKeys = {
  lists: () => ['offers', 'list'] as const,
  list: (partnerId: number) => ['offers', 'list', partnerId] as const,
};
