// Ant Design in Russian with the brand theme. Every part of the app that draws Ant Design components
// sits inside it; the login page draws none, so its route loads no component library at all.
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { theme } from './theme';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3). Menus, popups and drawers then open
 * at once instead of sliding; the browser flows ask for it too, so they never click a popup mid-slide.
 */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => false);
}

export function AntdProvider({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const themed = useMemo(
    () => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reduced],
  );
  return (
    <ConfigProvider locale={ruRU} theme={themed}>
      {children}
    </ConfigProvider>
  );
}
