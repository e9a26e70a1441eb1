// Warehouses (spec 000 §2): the /warehouses route. The guard lets in only crossdocking partners and the
// B2B manager, partner and support roles; the page hands the current partner and roles to the screen.
import { useReadySession } from '../../../lib/session/session';
import { WarehousesScreen } from './warehouses-screen';

export function WarehouseListPage() {
  const { partner, user } = useReadySession();
  if (!partner) return null;
  return <WarehousesScreen key={partner.partnerId} partnerId={partner.partnerId} roles={user.roles} />;
}
