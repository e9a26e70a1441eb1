// /profile/settings composed in the app: the feedback section of the questions area for a partner that has
// it (ShowFeedbackSection), with the moderation queue for specialists; the profile's own settings page
// otherwise (the assembling-order settings are not built yet).
import { SITE_SECTION_FIELD } from '@moda/contracts';
import { FeedbackSettingsSection } from '../../features/questions/feedback-settings/feedback-settings-section';
import { ProfileSettingsPage } from '../../features/profile/settings/settings-page';
import { useSession } from '../../lib/session/session';

export function ProfileSettingsRoute() {
  const state = useSession();
  if (state.status !== 'ready') return null;
  const { partner, user } = state;
  if (!partner?.[SITE_SECTION_FIELD].feedback) return <ProfileSettingsPage />;
  return <FeedbackSettingsSection key={partner.partnerId} partnerId={partner.partnerId} roles={user.roles} />;
}
