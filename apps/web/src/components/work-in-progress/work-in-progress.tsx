// The work-in-progress page (spec 000 §2 /page-in-progress): what a route shows until its screens
// are built, inside the route's own layout, so the menu and navigation keep working around it.
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { usePageTitle } from '../page-header/use-page-title';
import { componentsText } from '../locale';

export interface WorkInProgressProps {
  /** The page's name, e.g. «Заказы». */
  title?: string;
  description?: string;
  /** Replaces the default way out (a button to the home page). */
  action?: ReactNode;
  /** Shown inside another page: no tab title, a second-level heading. */
  embedded?: boolean;
}

export function WorkInProgress({ title, description, action, embedded = false }: WorkInProgressProps) {
  const text = componentsText.workInProgress;
  usePageTitle(embedded ? null : (title ?? text.defaultTitle));
  const Heading = embedded ? 'h2' : 'h1';
  return (
    <Result
      className="work-in-progress"
      icon={<ToolOutlined aria-hidden />}
      title={<Heading className="work-in-progress__title">{title ?? text.defaultTitle}</Heading>}
      subTitle={description ?? text.description}
      extra={
        action ?? (
          <Link to="/">
            <Button type="primary">{text.home}</Button>
          </Link>
        )
      }
    />
  );
}
