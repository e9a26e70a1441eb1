// The onboarding pages composed in the app: the questionnaire for an applicant and the review queue for
// staff, each told the user's roles by the session.
import { QuestionnairePage } from '../../features/onboarding/questionnaire/questionnaire-page';
import { ReviewPage } from '../../features/onboarding/review/review-page';
import { useReadySession } from '../../lib/session/session';

export function OnboardingRoute() {
  return <QuestionnairePage roles={useReadySession().user.roles} />;
}

export function OnboardingReviewRoute() {
  return <ReviewPage roles={useReadySession().user.roles} />;
}
