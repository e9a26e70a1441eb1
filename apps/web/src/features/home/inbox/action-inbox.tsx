// The home page's action inbox (issue 28): what needs the seller now, each item with its count, its deadline
// and one click to the place — read from v1.inbox.list, which asks every area at once. The items' drawing
// (./inbox-list) loads beside the request, not with the home page.
import { lazy, Suspense, useEffect } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { HomeCard } from '../home/home-card';
import { homeText } from '../locale';
import { homeKeys } from '../recent-changes/home-keys';
import './action-inbox.css';

const text = homeText.inbox;

const loadInboxList = () => import('./inbox-list');
const InboxList = lazy(() => loadInboxList().then((m) => ({ default: m.InboxList })));

export function ActionInbox({ partnerId, now }: { partnerId: number; now?: Date | undefined }) {
  const query = useQuery({
    queryKey: homeKeys.inbox(partnerId),
    queryFn: () => api.call('v1.inbox.list', { partnerId }),
  });
  const at = now ?? new Date();
  useEffect(() => {
    void loadInboxList();
  }, []);
  return (
    <HomeCard title={text.title} className="action-inbox" loading={query.isPending} testId="action-inbox">
      {query.isError ? (
        <span className="home__error">{text.error}</span>
      ) : query.data ? (
        <Suspense fallback={<Skeleton active />}>
          <InboxList data={query.data} now={at} />
        </Suspense>
      ) : null}
    </HomeCard>
  );
}
