// A page-wide notice — an icon, a title, a description and an action — drawn as Ant Design draws an info or
// warning Alert with a description, as plain elements: the shell's terms banner and the home page's welcome
// show at once on the first load, which then does not carry antd's Alert (issue 26: the home route's weight).
import type { ReactNode } from 'react';
import { ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import './notice-bar.css';

export function NoticeBar(props: {
  type: 'info' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** `alert` interrupts a screen reader; `status` (a standing state, as the terms banner is) waits its turn. */
  role?: 'alert' | 'status';
  className?: string;
}) {
  const { type, title, description, action, role = 'alert', className } = props;
  const Icon = type === 'info' ? InfoCircleFilled : ExclamationCircleFilled;
  return (
    <div className={`notice-bar notice-bar--${type}${className ? ` ${className}` : ''}`} role={role}>
      <Icon className="notice-bar__icon" aria-hidden />
      <div className="notice-bar__content">
        <div className="notice-bar__title">{title}</div>
        {description ? <div className="notice-bar__description">{description}</div> : null}
      </div>
      {action ? <div className="notice-bar__action">{action}</div> : null}
    </div>
  );
}
