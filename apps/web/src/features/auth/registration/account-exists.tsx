// The migrated-user screen: registering an address that already has an account (spec 001 §8
// unableToRegisterWithThisEmail, userAlreadyConfirmed) leads to login or to password recovery, since
// a seller moved over from the old cabinet may not know a password here.
import { Link } from 'react-router';
import { fill } from '@moda/contracts';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { AuthResult } from '../components/auth-result';
import { authText } from '../locale';

export function AccountExists({ email }: { email?: string | undefined }) {
  const text = authText.accountExists;
  usePageTitle(text.title);
  return (
    <AuthResult
      kind="info"
      title={text.title}
      actions={
        <>
          <Link className="primary-button" to="/login">
            {text.login}
          </Link>
          <Link className="secondary-button" to="/reset" state={email ? { username: email } : undefined}>
            {text.recover}
          </Link>
        </>
      }
    >
      <p>{email ? fill(text.text, { email }) : text.textNoEmail}</p>
    </AuthResult>
  );
}
