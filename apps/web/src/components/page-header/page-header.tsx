// The heading of a page: its title (also the tab's title), an optional subtitle and actions.
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { usePageTitle } from './use-page-title';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Flex className="page-header" justify="space-between" align="flex-start" gap={16} wrap>
      <div className="page-header__text">
        <Typography.Title level={1} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {actions ? (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
