// The home page's "latest changes" widget: the partner's audit trail (who changed what, when). The rows'
// drawing (./changes-list) loads beside the request, not with the home page.
import { lazy, Suspense, useEffect } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { HomeCard } from '../home/home-card';
import { homeText } from '../locale';
import { homeKeys } from './home-keys';

export const RECENT_CHANGES_LIMIT = 5;

const loadChangesList = () => import('./changes-list');
const ChangesList = lazy(() => loadChangesList().then((m) => ({ default: m.ChangesList })));

export function RecentChanges({ partnerId }: { partnerId: number }) {
  const text = homeText.changes;
  const query = useQuery({
    queryKey: homeKeys.changes(partnerId),
    queryFn: () => api.call('v1.audit.list', { partnerId, pageSize: RECENT_CHANGES_LIMIT }),
  });
  useEffect(() => {
    void loadChangesList();
  }, []);
  return (
    <HomeCard title={text.title} className="recent-changes" loading={query.isPending}>
      {query.isError ? (
        <span className="home__error">{text.error}</span>
      ) : query.data ? (
        <Suspense fallback={<Skeleton active />}>
          <ChangesList items={query.data.items} />
        </Suspense>
      ) : null}
    </HomeCard>
  );
}
