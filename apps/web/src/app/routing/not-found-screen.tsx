// The 404 screen for an unknown path or a page whose parameters fail validation: the default layout
// around the error view, so the menu stays at hand.
import { ErrorView } from '../../components/error-view/error-view';
import { DefaultLayout } from '../layouts/default-layout';
import { ShellServices } from '../layouts/shell-frame';

/** Drawn by the root guard, outside the router's layouts: it brings the shell's services itself. */
export function NotFoundScreen({ path }: { path: string }) {
  return (
    <ShellServices>
      <DefaultLayout>
        <ErrorView kind="notFound" path={path} />
      </DefaultLayout>
    </ShellServices>
  );
}
