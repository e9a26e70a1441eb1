// Products (spec 000 §2 nomenclatures): the /nomenclatures/prices screen, prices and discounts with the
// price index as a second tab (?tab=price-index). Until its issue lands, each tab is a work-in-progress page.
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { nomenclaturesText } from '../locale';

export const PRICE_TABS = { prices: 'prices', priceIndex: 'price-index' } as const;

export function ProductPricesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === PRICE_TABS.priceIndex ? PRICE_TABS.priceIndex : PRICE_TABS.prices;
  const text = nomenclaturesText.prices;
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === PRICE_TABS.prices ? {} : { tab: key })}
      items={[
        {
          key: PRICE_TABS.prices,
          label: text.tabPrices,
          children: <WorkInProgress title={text.tabPrices} />,
        },
        {
          key: PRICE_TABS.priceIndex,
          label: text.tabPriceIndex,
          children: <WorkInProgress title={text.tabPriceIndex} />,
        },
      ]}
    />
  );
}
