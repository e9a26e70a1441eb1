// Customer questions and reviews (spec 000 §2): the /questions route. It hands the current partner to the
// screen; switching partners starts the screen afresh.
import { useCurrentPartner } from '../../../lib/session/session';
import { QuestionsScreen } from './questions-screen';

export function QuestionListPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <QuestionsScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}
