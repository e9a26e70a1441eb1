// New-build detection (spec 001 §7, §9): /builds/meta/{buildId}.json is read at start and hourly; when
// it says the build is outdated the next navigation reloads the page, never twice within 10 s.
// The same document carries the server's route rules (spec 000 §2 guard 7).
import { BUILD_CHECK_INTERVAL_MS, RELOAD_GUARD_MS } from '../constants';

/** A server-provided redirect: `from` is a path pattern (`/old/:id`, `/old/*`), `to` may use its params. */
export interface RouteRule {
  from: string;
  to: string;
}

export interface BuildState {
  outdated: boolean;
  latestBuildId: string | null;
  routeRules: RouteRule[];
}

export interface BuildWatcherOptions {
  buildId: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  now?: () => number;
  intervalMs?: number;
  /** Where the time of the last forced reload survives the reload itself. */
  lastReload?: { get(): number | undefined; set(at: number): void };
  reload?: () => void;
}

const isRule = (v: unknown): v is RouteRule =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RouteRule).from === 'string' &&
  typeof (v as RouteRule).to === 'string' &&
  (v as RouteRule).from.startsWith('/') &&
  (v as RouteRule).to.startsWith('/');

export interface BuildWatcher {
  getState: () => BuildState;
  subscribe: (listener: () => void) => () => void;
  check(): Promise<void>;
  start(): () => void;
  /** Call on every navigation: reloads and returns true when a new build is waiting. */
  reloadIfOutdated(): boolean;
  /** Reload now (a chunk of the old build is gone), unless a forced reload happened within 10 s. */
  forceReload(): boolean;
}

export function createBuildWatcher(opts: BuildWatcherOptions): BuildWatcher {
  const doFetch = opts.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const now = opts.now ?? (() => Date.now());
  let state: BuildState = { outdated: false, latestBuildId: null, routeRules: [] };
  const listeners = new Set<() => void>();
  let memoryLastReload: number | undefined;
  const lastReload = opts.lastReload ?? {
    get: () => memoryLastReload,
    set: (at: number) => {
      memoryLastReload = at;
    },
  };

  function guardedReload(): boolean {
    const last = lastReload.get();
    if (last !== undefined && now() - last < RELOAD_GUARD_MS) return false;
    lastReload.set(now());
    (opts.reload ?? (() => globalThis.location.reload()))();
    return true;
  }

  async function check() {
    try {
      const response = await doFetch(`/builds/meta/${encodeURIComponent(opts.buildId)}.json`, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const meta = (await response.json()) as Record<string, unknown>;
      state = {
        outdated: meta.outdated === true,
        latestBuildId: typeof meta.latestBuildId === 'string' ? meta.latestBuildId : null,
        routeRules: Array.isArray(meta.routeRules) ? meta.routeRules.filter(isRule) : [],
      };
      listeners.forEach((l) => l());
    } catch {
      // Offline or the server restarting: the next hourly check tries again.
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    start() {
      void check();
      const timer = setInterval(() => void check(), opts.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
      return () => clearInterval(timer);
    },
    reloadIfOutdated() {
      return state.outdated ? guardedReload() : false;
    },
    forceReload: () => guardedReload(),
  };
}
