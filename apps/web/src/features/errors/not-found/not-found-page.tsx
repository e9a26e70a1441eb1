// The /error/404 page (spec 000 §2): names the missing path given as ?path=, or its own address.
import { useLocation, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/error-view/error-view';

export function NotFoundPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  return <ErrorView kind="notFound" path={params.get('path') ?? location.pathname} />;
}
