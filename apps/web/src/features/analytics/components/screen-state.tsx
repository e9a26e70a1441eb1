// The load states every analytics block shares: a spinner while the first numbers come, the error with a way
// to try again, the empty state — otherwise the block itself.
import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { isRpcError } from '../../../lib/api/rpc-error';
import { analyticsText } from '../locale';

interface Query {
  data?: unknown;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

export function Loaded({
  query,
  empty,
  children,
}: {
  query: Query;
  /** Whether the data has nothing to show. */
  empty?: boolean;
  children: ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <Result
        status="warning"
        title={analyticsText.common.loadError}
        subTitle={isRpcError(query.error) ? query.error.apiMessage : undefined}
        extra={<Button onClick={() => void query.refetch()}>{analyticsText.common.retry}</Button>}
      />
    );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (empty) return <Empty description={analyticsText.common.noData} />;
  return <>{children}</>;
}
