// The application's build watcher and the hook that reads the server's route rules.
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../storage/browser-storage';
import { createBuildWatcher, type BuildState } from './build-watcher';

export const BUILD_ID = __BUILD_ID__;

export const buildWatcher = createBuildWatcher({
  buildId: BUILD_ID,
  lastReload: {
    get: () => readJson<number>(STORAGE_KEYS.lastForcedReload, 'session'),
    set: (at) => writeJson(STORAGE_KEYS.lastForcedReload, at, 'session'),
  },
});

export function useBuildState(): BuildState {
  return useSyncExternalStore(buildWatcher.subscribe, buildWatcher.getState, buildWatcher.getState);
}
