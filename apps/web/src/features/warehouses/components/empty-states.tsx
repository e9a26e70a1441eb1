// What the screen shows instead of cards: an empty tab, an unconfigured delivery profile (contact the
// manager or support), a failed load.
import type { ReactNode } from 'react';
import { Button, Empty, Result, Typography } from 'antd';
import { fill } from '@moda/contracts';
import { SUPPORT_EMAIL } from '../../../lib/constants';
import { warehousesText } from '../locale';
import type { DeliveryProfile } from '../warehouse-form/warehouse-form';

const t = warehousesText;

export function EmptyTab({ tab, action }: { tab: keyof typeof t.empty; action?: ReactNode }) {
  const text = t.empty[tab];
  return (
    <Empty
      className="warehouses-empty"
      data-testid={`warehouses-empty-${tab}`}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Title level={2} className="warehouses-empty__title">
            {text.title}
          </Typography.Title>
          <Typography.Text type="secondary">{text.description}</Typography.Text>
        </>
      }
    >
      {action}
    </Empty>
  );
}

export function ProfileNotConfigured({ profile }: { profile: DeliveryProfile }) {
  const text = t.profileNotConfigured;
  return (
    <Result
      className="warehouses-profile"
      data-testid="warehouses-profile-not-configured"
      status="info"
      title={<h2 className="warehouses-profile__title">{text.title}</h2>}
      subTitle={text.description}
      extra={
        <div className="warehouses-profile__contacts">
          {profile.managerName ? <p>{fill(text.manager, { name: profile.managerName })}</p> : null}
          {profile.managerEmail ? (
            <p>
              {text.write} <a href={`mailto:${profile.managerEmail}`}>{profile.managerEmail}</a>
            </p>
          ) : null}
          <p>
            {text.support} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
      }
    />
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={t.list.loadError}
      subTitle={message}
      extra={<Button onClick={onRetry}>{t.list.retry}</Button>}
    />
  );
}
