// What `App.useApp()` gives every page — notification, message, modal — without loading them with the shell
// (17 kB gzip of the home route, issue 26): the context holds forwarding functions; the first call mounts Ant
// Design's App (./feedback-host, fetched at the first press of a pointer or key) and is made once it is there,
// later calls go straight through. Nothing reads what these calls return before the host is there: the
// forwarders return undefined until then, the real API's value after.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';

const loadHost = () => import('./feedback-host');
const FeedbackHost = lazy(() => loadHost().then((m) => ({ default: m.FeedbackHost })));

/** Fetched at the first press of a pointer or key: what a click then asks for is usually there already. */
function useWarmOnFirstInput() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const warm = () => {
      events.forEach((e) => document.removeEventListener(e, warm, true));
      void loadHost();
    };
    events.forEach((e) => document.addEventListener(e, warm, true));
    return () => events.forEach((e) => document.removeEventListener(e, warm, true));
  }, []);
}

type Api = useAppProps;
type Part = keyof Api;
const METHODS: { [P in Part]: readonly (keyof Api[P])[] } = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
};

export function LazyAntApp({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<Api | null>(null);
  const waiting = useRef<((ready: Api) => void)[]>([]);
  useWarmOnFirstInput();

  const value = useMemo(() => {
    const forwarder = <P extends Part>(part: P) =>
      Object.fromEntries(
        METHODS[part].map((method) => [
          method,
          (...args: unknown[]) => {
            const call = (ready: Api) =>
              (ready[part][method] as (...a: unknown[]) => unknown).apply(ready[part], args);
            if (api.current) return call(api.current);
            waiting.current.push(call);
            setWanted(true);
            return undefined;
          },
        ]),
      ) as unknown as Api[P];
    return {
      message: forwarder('message'),
      notification: forwarder('notification'),
      modal: forwarder('modal'),
    };
  }, []);

  const ready = useCallback((loaded: Api) => {
    api.current = loaded;
    waiting.current.splice(0).forEach((call) => call(loaded));
  }, []);

  return (
    <AppContext.Provider value={value}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackHost onReady={ready} />
        </Suspense>
      ) : null}
    </AppContext.Provider>
  );
}
