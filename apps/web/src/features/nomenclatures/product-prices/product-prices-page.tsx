// Products (spec 000 §2 nomenclatures): the /nomenclatures/prices screen — prices and discounts, with the
// price index as a second tab (?tab=price-index, the menu's Products → price index; docs/decisions.md).
// The page hands the current partner and roles to the screen; switching partners starts it afresh.
import { App, Button, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PRICE_FILES, fill } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { api } from '../../../lib/api/client';
import { useReadySession } from '../../../lib/session/session';
import { isRpcError } from '../../../lib/api/rpc-error';
import { downloadRestFile } from '../api/price-queries';
import { nomenclatureKeys } from '../api/nomenclature-keys';
import { nomenclaturesText } from '../locale';
import { pricesText as text } from './locale';
import { PriceIndexScreen } from '../price-index/price-index-screen';
import { PricesScreen } from './prices-screen';
import { PRICE_TABS, usePricesUrl } from './use-prices-url';
import './product-prices.css';

export { PRICE_TABS };

/** The server's threshold of a critical change, for the page's subtitle. */
function useThreshold(partnerId: number) {
  return useQuery({
    queryKey: [...nomenclatureKeys.prices(partnerId), 'threshold'],
    queryFn: () => api.call('v1.nomenclatures.price-threshold-exceeded', { partnerId }),
    staleTime: Infinity,
    enabled: partnerId > 0,
  });
}

export function ProductPricesPage() {
  const { partner, user } = useReadySession();
  const { notification } = App.useApp();
  const { state, update } = usePricesUrl();
  const partnerId = partner?.partnerId ?? 0;
  const threshold = useThreshold(partnerId);
  if (!partner) return null;
  const tabs = nomenclaturesText.prices;

  const downloadAll = () =>
    downloadRestFile(PRICE_FILES.historyFile(partnerId), `price-history-${partnerId}.xlsx`).catch(
      (error: unknown) =>
        notification.error({
          title: text.downloadFailed,
          description: isRpcError(error) ? error.apiMessage : undefined,
        }),
    );

  return (
    <div className="prices-page">
      <PageHeader
        title={text.title}
        subtitle={
          threshold.data ? fill(text.subtitle, { threshold: threshold.data.thresholdPercent }) : undefined
        }
        actions={
          <Button icon={<DownloadOutlined />} onClick={() => void downloadAll()}>
            {text.downloadHistory}
          </Button>
        }
      />
      <Tabs
        activeKey={state.tab}
        onChange={(key) => update({ tab: key, history: undefined })}
        items={[
          {
            key: PRICE_TABS.prices,
            label: tabs.tabPrices,
            children: <PricesScreen key={partnerId} partnerId={partnerId} roles={user.roles} />,
          },
          {
            key: PRICE_TABS.priceIndex,
            label: tabs.tabPriceIndex,
            children: <PriceIndexScreen key={partnerId} partnerId={partnerId} roles={user.roles} />,
          },
        ]}
      />
    </div>
  );
}
