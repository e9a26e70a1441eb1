// The banner itself: read-only until the terms are confirmed, or a request to sign a waiting version, with the
// way to the terms (not on the terms page itself).
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { offerBannerText as text } from './locale';
import './offer-banner.css';

export function OfferBannerAlert(props: { readOnly: boolean; onTerms: boolean; termsPath: string }) {
  const { readOnly, onTerms, termsPath } = props;
  const action = onTerms ? undefined : (
    <Link to={termsPath}>
      <Button type={readOnly ? 'primary' : 'default'}>{readOnly ? text.openTerms : text.sign}</Button>
    </Link>
  );
  return (
    <div className="container offer-banner" data-testid="offer-banner">
      <Alert
        role="status"
        type={readOnly ? 'warning' : 'info'}
        showIcon
        title={readOnly ? text.restricted : text.pending}
        description={readOnly ? text.restrictedHint : text.pendingHint}
        action={action}
      />
    </div>
  );
}
