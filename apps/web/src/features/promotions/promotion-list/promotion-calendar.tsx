// The calendar (spec 000 §2 "calendar or list"): one month, a bar per promotion over its active days, the
// registration's last day marked, today's column highlighted; months are stepped in the URL.
import { Link } from 'react-router';
import { Button, Empty, Flex, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { dayjs } from '../../../lib/dates';
import { useCalendar } from '../api/promotions-api';
import { promotionsText } from '../locale';
import { STATUS_COLOR, period, statusName } from '../promotion-look';
import type { PromotionListState } from './use-promotion-list-url';

const t = promotionsText.calendar;

export function PromotionCalendar(props: {
  partnerId: number;
  filter: PromotionListState['filter'];
  month: string;
  onMonth: (month: string) => void;
}) {
  const { partnerId, filter, month, onMonth } = props;
  const q = useCalendar(partnerId, { filter, from: month, to: month }, true);
  const first = dayjs(`${month}-01`);
  const days = first.daysInMonth();
  const today = dayjs();
  const todayCol = today.format('YYYY-MM') === month ? today.date() : null;
  const col = (d: string) => {
    const x = dayjs(d);
    if (x.isBefore(first)) return 1;
    if (x.format('YYYY-MM') !== month) return days + 1;
    return x.date();
  };

  return (
    <div className="promotions__calendar">
      <Flex align="center" gap={8} className="promotions__calendar-head">
        <Button
          aria-label={t.prev}
          icon={<LeftOutlined />}
          onClick={() => onMonth(first.subtract(1, 'month').format('YYYY-MM'))}
        />
        <Typography.Title level={4} className="promotions__month">
          {first.format('MMMM YYYY')}
        </Typography.Title>
        <Button
          aria-label={t.next}
          icon={<RightOutlined />}
          onClick={() => onMonth(first.add(1, 'month').format('YYYY-MM'))}
        />
        <Button onClick={() => onMonth(today.format('YYYY-MM'))}>{t.today}</Button>
      </Flex>
      {q.isError && !q.data ? (
        <Result status="error" title={t.error} />
      ) : q.isPending ? (
        <Spin />
      ) : !q.data?.items.length ? (
        <Empty description={t.empty} />
      ) : (
        <div
          className="promotions__grid"
          style={{ gridTemplateColumns: `minmax(180px, 240px) repeat(${days}, minmax(18px, 1fr))` }}
        >
          <div />
          {Array.from({ length: days }, (_, i) => (
            <div
              key={i}
              className={`promotions__day${todayCol === i + 1 ? ' promotions__day--today' : ''}`}
              style={{ gridColumn: i + 2 }}
            >
              {i + 1}
            </div>
          ))}
          {q.data.items.map((p, row) => {
            const from = col(p.startDate);
            const to = dayjs(p.endDate).format('YYYY-MM') === month ? dayjs(p.endDate).date() : days;
            return [
              <div key={`${p.id}-name`} className="promotions__bar-name" style={{ gridRow: row + 2 }}>
                <Link to={`/promotions/${p.id}`}>{p.name}</Link>
              </div>,
              todayCol ? (
                <div
                  key={`${p.id}-today`}
                  className="promotions__today-line"
                  style={{ gridRow: row + 2, gridColumn: todayCol + 1 }}
                />
              ) : null,
              <Tooltip key={`${p.id}-bar`} title={`${p.name}: ${period(p.startDate, p.endDate)}`}>
                <Link
                  to={`/promotions/${p.id}`}
                  className={`promotions__bar promotions__bar--${p.sellerStatus}`}
                  style={{ gridRow: row + 2, gridColumn: `${from + 1} / ${to + 2}` }}
                >
                  <Tag color={STATUS_COLOR[p.sellerStatus]}>{statusName(p.sellerStatus)}</Tag>
                  <span>−{p.discountPercent} %</span>
                </Link>
              </Tooltip>,
            ];
          })}
        </div>
      )}
    </div>
  );
}
