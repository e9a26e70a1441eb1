// The shell's cooperation-terms banner (spec 000 §4 Offers, §6): read-only until the terms are
// confirmed, or a request to sign a waiting version; and a refusal anywhere refreshes the statuses.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isOfferRestrictedError, offerStatusKeys, useReadOnly } from '../../../lib/session/use-read-only';

const TERMS_PATH = '/profile/offers';

// Drawn once the statuses say so (after their request): its Alert loads then, not with the shell.
const OfferBannerAlert = lazy(() =>
  import('./offer-banner-alert').then((m) => ({ default: m.OfferBannerAlert })),
);

/** A change refused with `offer.restricted` means the statuses we hold are stale: read them again. */
function useRefreshOnRefusal() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && isOfferRestrictedError(event.mutation.state.error))
          void client.invalidateQueries({ queryKey: offerStatusKeys.all });
      }),
    [client],
  );
}

export function OfferBanner() {
  const { readOnly, needsSignature } = useReadOnly();
  const { pathname } = useLocation();
  useRefreshOnRefusal();
  if (!readOnly && !needsSignature) return null;
  return (
    <Suspense fallback={null}>
      <OfferBannerAlert readOnly={readOnly} onTerms={pathname === TERMS_PATH} termsPath={TERMS_PATH} />
    </Suspense>
  );
}
