// Analytics (spec 000 §2): the /analytics/sales-dynamics route («Статистика продаж»). It hands the current
// partner to the screen; switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { SalesDynamicsScreen } from './sales-dynamics-screen';

export function SalesDynamicsPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <SalesDynamicsScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
