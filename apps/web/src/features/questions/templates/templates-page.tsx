// Reply templates (spec 000 §2): the /questions/templates route, for the current partner.
import { useCurrentPartner } from '../../../lib/session/session';
import { TemplatesScreen } from './templates-screen';

export function QuestionTemplatesPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <TemplatesScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
