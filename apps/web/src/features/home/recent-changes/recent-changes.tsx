// The home page's "latest changes" widget: the partner's audit trail (who changed what, when). The rows'
// drawing (./changes-list) loads beside the request, not with the home page.
import { lazy, Suspense, useEffect } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
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
    <Card
      title={<h2 className="card-title">{text.title}</h2>}
      className="recent-changes"
      loading={query.isPending}
    >
      {query.isError ? (
        <Typography.Text type="danger">{text.error}</Typography.Text>
      ) : query.data ? (
        <Suspense fallback={<Skeleton active />}>
          <ChangesList items={query.data.items} />
        </Suspense>
      ) : null}
    </Card>
  );
}
