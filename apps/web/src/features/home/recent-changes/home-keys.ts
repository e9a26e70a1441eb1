// Query keys of the home page's server data.
export const homeKeys = {
  all: ['home'] as const,
  changes: (partnerId: number) => [...homeKeys.all, 'changes', partnerId] as const,
  inbox: (partnerId: number) => [...homeKeys.all, 'inbox', partnerId] as const,
};
