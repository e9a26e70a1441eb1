// The /error/default page (spec 000 §2): the generic failure screen, distinct from the 404 one.
import { ErrorView } from '../../../components/error-view/error-view';

export function DefaultErrorPage() {
  return <ErrorView kind="default" />;
}
