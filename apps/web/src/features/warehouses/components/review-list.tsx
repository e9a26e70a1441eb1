// Support's own queue (tab «На проверке»): every partner's warehouses awaiting approval with the shop
// name; each is approved or sent back with a comment, addressed by the warehouse's own partner.
import { Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { fill, type Role, type Warehouse, type WarehouseAction } from '@moda/contracts';
import type { Result } from '../../../lib/api/rpc-client';
import { warehousesText } from '../locale';
import { EmptyTab, LoadFailed } from './empty-states';
import { serverMessage } from './use-warehouse-notices';
import { formatSentAt, WarehouseCard } from './warehouse-card';

export interface ReviewListProps {
  query: UseQueryResult<Result<'v1.warehouses.review.list'>>;
  roles: readonly Role[];
  pointName: (code: string) => string;
  onAction: (action: WarehouseAction, w: Warehouse) => void;
  busy: boolean;
  now?: Date;
}

export function ReviewList({ query, roles, pointName, onAction, busy, now }: ReviewListProps) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return <LoadFailed message={serverMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <EmptyTab tab="review" />;
  return (
    <div className="warehouses-list">
      {query.data.items.map(({ warehouse, shopName }) => (
        <WarehouseCard
          key={warehouse.id}
          warehouse={warehouse}
          roles={roles}
          pointName={pointName}
          busy={busy}
          now={now}
          onAction={onAction}
          overline={
            <>
              <strong>{fill(warehousesText.card.shop, { shop: shopName, id: warehouse.partnerId })}</strong>
              {' · '}
              {formatSentAt(warehouse)}
            </>
          }
        />
      ))}
    </div>
  );
}
