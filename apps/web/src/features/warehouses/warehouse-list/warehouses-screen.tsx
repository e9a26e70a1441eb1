// The «Мои склады» screen (spec 000 §2): tabs Все / Активные / Неактивные (and На проверке for support),
// the announcement and support banner, warehouse cards with their actions, the empty states, and the
// create / edit form. Tab and form state live in the URL.
import { Alert, Badge, Button, Flex, Skeleton, Tabs, Tooltip } from 'antd';
import { CustomerServiceOutlined, PlusOutlined } from '@ant-design/icons';
import type { Role, Warehouse, WarehouseAction } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { mayCall } from '../../../lib/api/may-call';
import { SUPPORT_EMAIL } from '../../../lib/constants';
import {
  useBaseWarehouses,
  useDeliveryProfile,
  useReviewQueue,
  useWarehouses,
} from '../api/warehouse-queries';
import { EmptyTab, LoadFailed, ProfileNotConfigured } from '../components/empty-states';
import { ReviewList } from '../components/review-list';
import { WarehouseCard } from '../components/warehouse-card';
import { useWarehouseActions } from '../components/use-warehouse-actions';
import { serverMessage } from '../components/use-warehouse-notices';
import { warehousesText } from '../locale';
import { WarehouseFormDrawer } from '../warehouse-form/warehouse-form-drawer';
import { useWarehousesUrl, type ScreenTab } from './use-warehouses-url';
import '../warehouses.css';
import { useReadOnly } from '../../../lib/session/use-read-only';

const t = warehousesText;
const NO_POINTS: never[] = [];

export interface WarehousesScreenProps {
  partnerId: number;
  roles: readonly Role[];
  /** For tests: the moment the screen treats as now. */
  now?: Date;
}

export function WarehousesScreen({ partnerId, roles, now }: WarehousesScreenProps) {
  const canReview = mayCall('v1.warehouses.review.list', roles);
  const url = useWarehousesUrl(canReview);
  const listTab = url.tab === 'review' ? 'all' : url.tab;
  const list = useWarehouses(partnerId, listTab, url.tab !== 'review');
  // The active tab also answers every tab's count, and names the warehouse an activation replaces.
  const activeList = useWarehouses(partnerId, 'active');
  const profile = useDeliveryProfile(partnerId);
  const base = useBaseWarehouses();
  const review = useReviewQueue(canReview);

  const counts = activeList.data?.counts ?? list.data?.counts;
  const activeInfo = {
    active: activeList.data?.items[0] ?? null,
    hasActive: (counts?.active ?? 0) > 0,
  };
  const actions = useWarehouseActions(activeInfo);
  const points = base.data?.items ?? NO_POINTS;
  const pointName = (code: string) => points.find((p) => p.code === code)?.name ?? code;
  const notConfigured = profile.data?.configured === false;
  // Until the cooperation terms are signed the cabinet is read-only: no creating or changing warehouses.
  const { readOnly } = useReadOnly();

  const onAction = (action: WarehouseAction, w: Warehouse) => {
    if (action === 'activate') actions.activate(w);
    else if (action === 'deactivate') actions.deactivate(w);
    else if (action === 'approve') actions.approve(w);
    else if (action === 'sendBack') actions.sendBack(w);
  };

  const createButton = (
    <Tooltip title={readOnly ? t.list.readOnly : notConfigured ? t.list.createDisabled : undefined}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        onClick={url.openCreate}
        disabled={notConfigured || readOnly}
      >
        {t.list.create}
      </Button>
    </Tooltip>
  );

  const tabLabel = (key: ScreenTab, count: number | undefined) => (
    <span className="warehouses-tabs__label">
      {t.tabs[key]}
      {count !== undefined ? (
        <Badge count={count} showZero overflowCount={999} size="small" className="warehouses-tabs__count" />
      ) : null}
    </span>
  );
  const tabs = [
    { key: 'all' as const, label: tabLabel('all', counts?.all) },
    { key: 'active' as const, label: tabLabel('active', counts?.active) },
    { key: 'inactive' as const, label: tabLabel('inactive', counts?.inactive) },
    ...(canReview ? [{ key: 'review' as const, label: tabLabel('review', review.data?.items.length) }] : []),
  ];

  let content;
  if (url.tab === 'review') {
    content = (
      <ReviewList
        query={review}
        roles={roles}
        pointName={pointName}
        onAction={onAction}
        busy={actions.pending}
        now={now}
      />
    );
  } else if (list.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (list.isError) {
    content = <LoadFailed message={serverMessage(list.error)} onRetry={() => void list.refetch()} />;
  } else if (list.data.items.length === 0) {
    content =
      notConfigured && profile.data ? (
        <ProfileNotConfigured profile={profile.data} />
      ) : (
        <EmptyTab tab={listTab} action={listTab === 'all' ? createButton : undefined} />
      );
  } else {
    content = (
      <>
        {notConfigured ? (
          <Alert
            className="warehouses-screen__banner"
            type="warning"
            showIcon
            title={t.profileNotConfigured.title}
            description={t.profileNotConfigured.description}
          />
        ) : null}
        <div className="warehouses-list">
          {list.data.items.map((w) => (
            <WarehouseCard
              key={w.id}
              warehouse={w}
              roles={roles}
              pointName={pointName}
              busy={actions.pending || readOnly}
              now={now}
              onEdit={(x) => url.openEdit(x.id)}
              onDelete={actions.remove}
              onAction={onAction}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="warehouses-screen">
      <PageHeader title={t.list.title} subtitle={t.list.subtitle} actions={createButton} />

      <Flex vertical gap={8} className="warehouses-screen__banners">
        <Alert
          type="warning"
          showIcon
          title={
            <>
              <strong>{t.announcement.title}.</strong> {t.announcement.description}
            </>
          }
        />
        <Alert
          type="info"
          showIcon
          icon={<CustomerServiceOutlined aria-hidden />}
          title={
            <>
              <strong>{t.support.title}.</strong> {t.support.description}{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </>
          }
        />
      </Flex>

      <Tabs
        className="warehouses-tabs"
        tabBarGutter={20}
        aria-label={t.tabs.ariaLabel}
        activeKey={url.tab}
        onChange={(key) => url.setTab(key as ScreenTab)}
        items={tabs}
      />
      <div className="warehouses-screen__content" role="tabpanel" aria-label={t.tabs[url.tab]}>
        {content}
      </div>

      {url.dialog ? (
        <WarehouseFormDrawer
          partnerId={partnerId}
          dialog={url.dialog}
          step={url.step}
          onStepChange={url.setStep}
          onClose={url.closeDialog}
          profile={profile.data}
          points={points}
          activeInfo={activeInfo}
          now={now}
        />
      ) : null}
      {actions.dialogs}
    </div>
  );
}
