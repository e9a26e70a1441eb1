// FBO (spec 000 §2): the /fbo/stocks route — stock at the marketplace's warehouses and what to ship next.
import { useCurrentPartner } from '../../../lib/session/session';
import { StocksScreen } from './stocks-screen';
import '../fbo.css';

export function FboStocksPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <StocksScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
