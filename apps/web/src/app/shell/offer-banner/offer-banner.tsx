// The shell's cooperation-terms banner (spec 000 §4 Offers, §6): read-only until the terms are
// confirmed, or a request to sign a waiting version; and a refusal anywhere refreshes the statuses.
import { useEffect } from 'react';
import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NoticeBar } from '../../../components/notice-bar/notice-bar';
import { isOfferRestrictedError, offerStatusKeys, useReadOnly } from '../../../lib/session/use-read-only';
import { offerBannerText as text } from './locale';
import './offer-banner.css';

const TERMS_PATH = '/profile/offers';

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
  const onTerms = pathname === TERMS_PATH;
  const action = onTerms ? undefined : (
    <Link to={TERMS_PATH}>
      <Button type={readOnly ? 'primary' : 'default'}>{readOnly ? text.openTerms : text.sign}</Button>
    </Link>
  );
  return (
    <div className="container offer-banner" data-testid="offer-banner">
      <NoticeBar
        role="status"
        type={readOnly ? 'warning' : 'info'}
        title={readOnly ? text.restricted : text.pending}
        description={readOnly ? text.restrictedHint : text.pendingHint}
        action={action}
      />
    </div>
  );
}
