// Customer questions and reviews (spec 000 §2): the /questions/templates screen. Its area's issue builds it; until then the work-in-progress
// page stands in, inside the route's layout.
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { questionsText } from '../locale';

export function QuestionTemplatesPage() {
  return <WorkInProgress title={questionsText.templates.title} />;
}
