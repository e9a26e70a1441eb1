// Query keys of the questions area (STYLE.md: one factory per area; mutations invalidate through it).
import type { Params } from '../../../lib/api/rpc-client';

type ListParams = Omit<Params<'v1.questions.list'>, 'partnerId'>;

export const questionKeys = {
  all: ['questions'] as const,
  partner: (partnerId: number) => [...questionKeys.all, partnerId] as const,
  lists: (partnerId: number) => [...questionKeys.partner(partnerId), 'list'] as const,
  list: (partnerId: number, params: ListParams) => [...questionKeys.lists(partnerId), params] as const,
  meta: (partnerId: number) => [...questionKeys.partner(partnerId), 'meta'] as const,
  stats: (partnerId: number) => [...questionKeys.partner(partnerId), 'stats'] as const,
  templates: (partnerId: number) => [...questionKeys.partner(partnerId), 'templates'] as const,
  templateList: (partnerId: number, kind: string, search: string) =>
    [...questionKeys.templates(partnerId), kind, search] as const,
  settings: (partnerId: number) => [...questionKeys.partner(partnerId), 'settings'] as const,
  sizeFit: (partnerId: number, parentSku: string) =>
    [...questionKeys.partner(partnerId), 'size-fit', parentSku] as const,
  moderation: () => [...questionKeys.all, 'moderation'] as const,
};
