// The home route composed in the app: the home feature gets the areas this user may open (asked of
// the guard) and, for internal roles without a partner, the partner search of the shell. The onboarding
// road (Steps, a form, a dialog) is drawn only after its data arrives: its code loads beside that request
// instead of with the home page.
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { HomePage, type HomeArea } from '../../features/home/home/home-page';
import { mayCall } from '../../lib/api/may-call';
import { useSession } from '../../lib/session/session';
import { isInternalUser } from '../../lib/session/session-store';
import { canOpen } from '../routing/guard';
import { toGuardSession } from '../routing/guard-session';
import { PartnerSwitcher } from '../shell/partner-switcher';
import { session } from '../../lib/session/session';

/** The support request form: a new seller's way to ask about their onboarding. */
const SUPPORT_PATH = '/profile/help';

const HOME_AREAS: readonly HomeArea[] = [
  { key: 'orders', to: '/orders' },
  { key: 'fboShipments', to: '/fbo/shipments' },
  { key: 'fbsShipments', to: '/fbs/shipments' },
  { key: 'products', to: '/nomenclatures' },
  { key: 'prices', to: '/nomenclatures/prices' },
  { key: 'promotions', to: '/promotions' },
  { key: 'analytics', to: '/analytics/board' },
  { key: 'questions', to: '/questions' },
  { key: 'warehouses', to: '/warehouses' },
  { key: 'profile', to: '/profile' },
  { key: 'onboardingReview', to: '/onboarding/review' },
];

const OnboardingRoad = lazy(() =>
  import('../../features/onboarding/road/onboarding-road').then((m) => ({ default: m.OnboardingRoad })),
);

const reloadSession = () => session.reload();

export function HomeRoute() {
  const state = useSession();
  if (state.status !== 'ready') return null;
  const guard = toGuardSession(state);
  const { partner, user, dictionaries } = state;
  const modelName = partner
    ? (dictionaries.businessModels.find((m) => m.code === partner.businessModel)?.name ?? null)
    : null;
  return (
    <HomePage
      email={user.email}
      name={user.name}
      partner={partner}
      businessModelName={modelName}
      areas={HOME_AREAS.filter(
        (a) =>
          canOpen(a.to, guard) && (a.key !== 'onboardingReview' || mayCall('v1.surveys.list', user.roles)),
      )}
      isNewSeller={user.isNewSeller}
      supportTo={canOpen(SUPPORT_PATH, guard) ? SUPPORT_PATH : undefined}
      showChanges={mayCall('v1.audit.list', user.roles)}
      showInbox={mayCall('v1.inbox.list', user.roles)}
      partnerPicker={isInternalUser(user.roles) ? <PartnerSwitcher block /> : undefined}
      onboarding={
        mayCall('v1.onboarding.road.get', user.roles) ? (
          <Suspense fallback={<Skeleton active />}>
            <OnboardingRoad
              knownPartnerIds={dictionaries.partners.map((p) => p.partnerId)}
              reloadSession={reloadSession}
            />
          </Suspense>
        ) : undefined
      }
    />
  );
}
