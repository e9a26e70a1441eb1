// The current partner: a plain name for a user with one partner, a list for several (spec 000 §6,
// the choice is remembered), and a search over every partner for internal roles. The list itself (antd
// Select) loads apart from the shell: most sellers have one partner and never see it.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Partner } from '@moda/contracts';
import { api } from '../../lib/api/client';
import { useSession, session } from '../../lib/session/session';
import { isInternalUser } from '../../lib/session/session-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usage } from '../../lib/usage/usage';
import { appText } from '../locale';

const PartnerSelect = lazy(() => import('./partner-select').then((m) => ({ default: m.PartnerSelect })));

const SEARCH_LIMIT = 20;
const SEARCH_DELAY_MS = 300;

export const partnerKeys = {
  search: (query: string) => ['partners', 'search', query] as const,
};

const labelOf = (p: Partner) => `${p.shopName} · ${appText.partner.idPrefix} ${p.partnerId}`;

function uniqueById(lists: readonly (readonly Partner[])[]): Partner[] {
  const seen = new Map<number, Partner>();
  for (const list of lists) for (const p of list) if (!seen.has(p.partnerId)) seen.set(p.partnerId, p);
  return [...seen.values()];
}

export function PartnerSwitcher({ block = false }: { block?: boolean }) {
  const state = useSession();
  const ready = state.status === 'ready' ? state : null;
  const internal = ready ? isInternalUser(ready.user.roles) : false;
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: partnerKeys.search(debounced),
    queryFn: () => api.call('v1.partners.search', { query: debounced, limit: SEARCH_LIMIT }),
    enabled: internal,
  });

  const options = useMemo(
    () =>
      ready
        ? uniqueById([
            ready.partner ? [ready.partner] : [],
            ready.dictionaries.partners,
            internal ? (search.data?.items ?? []) : [],
          ])
        : [],
    [ready, internal, search.data],
  );

  if (!ready) return null;
  const { partner, dictionaries } = ready;
  if (!internal && dictionaries.partners.length <= 1) {
    return partner ? (
      <span className="partner-name" title={labelOf(partner)}>
        {partner.shopName}
      </span>
    ) : null;
  }

  const className = block ? 'partner-switcher partner-switcher--block' : 'partner-switcher';
  return (
    <Suspense fallback={<Skeleton.Input active block={block} className={className} />}>
      <PartnerSelect
        className={className}
        value={partner?.partnerId}
        internal={internal}
        searching={internal && search.isFetching}
        options={options.map((p) => ({ value: p.partnerId, label: labelOf(p) }))}
        onSearch={setQuery}
        onChange={(id) => {
          const chosen = options.find((p) => p.partnerId === id);
          if (!chosen) return;
          session.selectPartner(chosen);
          usage.track('click', 'partner_switch', { partnerId: id });
          setQuery('');
        }}
      />
    </Suspense>
  );
}
