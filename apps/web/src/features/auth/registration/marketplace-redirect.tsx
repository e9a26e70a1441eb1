// The redirect-to-marketplace screen: a buyer who came to the sellers' registration is sent to the
// shop (an allowed external origin, spec 000 §2), with a way back to registering as a seller.
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthResult } from '../components/auth-result';
import { authText } from '../locale';
import { REGISTRATION_PATH } from './registration-screens';

/** The marketplace itself: on ALLOWED_EXTERNAL_ORIGINS, so the link guard lets it open. */
export const MARKETPLACE_URL = 'https://www.moda.ru';

export function MarketplaceRedirect() {
  const text = authText.marketplace;
  usePageTitle(text.title);
  return (
    <AuthResult
      kind="info"
      title={text.title}
      actions={
        <>
          <a className="primary-button" href={MARKETPLACE_URL} target="_blank" rel="noopener noreferrer">
            {text.go}
          </a>
          <Link className="secondary-button" to={REGISTRATION_PATH}>
            {text.back}
          </Link>
        </>
      }
    >
      <p>{text.text}</p>
    </AuthResult>
  );
}
