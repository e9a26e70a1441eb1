// «Данные обновлены …»: when the partner's aggregates last took in an order or a storefront event.
import { Typography } from 'antd';
import { fill } from '@moda/contracts';
import { useAnalytics } from '../api/analytics-queries';
import { formatMoscowDateTime } from '../model/format';
import { analyticsText } from '../locale';

export function UpdatedOn({ partnerId }: { partnerId: number }) {
  const q = useAnalytics(partnerId, 'v1.analytics.data.updated-on', {});
  if (!q.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="updated-on">
      {q.data.updatedOn
        ? fill(analyticsText.common.updatedOn, { at: formatMoscowDateTime(q.data.updatedOn) })
        : analyticsText.common.notUpdated}
    </Typography.Text>
  );
}
