// A card of the home page drawn without antd's Card (which brings Tabs and its styles into the home route's
// first load): the same border, radius, title line and paddings, and a skeleton while the data is loading.
import type { ReactNode } from 'react';
import { Skeleton } from 'antd';

export interface HomeCardProps {
  title?: string;
  className?: string;
  loading?: boolean;
  testId?: string;
  children?: ReactNode;
}

export function HomeCard({ title, className, loading = false, testId, children }: HomeCardProps) {
  return (
    <section className={className ? `home-card ${className}` : 'home-card'} data-testid={testId}>
      {title ? (
        <div className="home-card__head">
          <h2 className="card-title">{title}</h2>
        </div>
      ) : null}
      <div className="home-card__body">{loading ? <Skeleton active /> : children}</div>
    </section>
  );
}
