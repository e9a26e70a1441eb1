// A centred spinner for a page (or the whole app) that is still loading. Plain CSS, so the first
// screen does not wait for a component library to draw it.
import { componentsText } from '../locale';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'page-loader page-loader--full' : 'page-loader'}
      role="status"
      aria-live="polite"
    >
      <span className="page-loader__spinner" aria-hidden />
      <span className="visually-hidden">{componentsText.loader.label}</span>
    </div>
  );
}
