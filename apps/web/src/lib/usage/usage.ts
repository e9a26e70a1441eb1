// The application's usage logger: events carry the visitor id and the logged-in user, and the queue
// is sent when the page is hidden so that the last events of a visit are not lost.
import { readJson, STORAGE_KEYS, writeJson } from '../storage/browser-storage';
import { session } from '../session/session';
import { lidStore } from './lid';
import { createUsageLogger } from './usage-logger';

function tabSessionId(): string {
  const existing = readJson<string>(STORAGE_KEYS.usageSession, 'session');
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeJson(STORAGE_KEYS.usageSession, id, 'session');
  return id;
}

export const usage = createUsageLogger({
  sessionId: tabSessionId(),
  context: () => {
    const state = session.getState();
    return { lid: lidStore.get(), userId: state.status === 'ready' ? state.user.id : null };
  },
  onError: (error) => {
    if (import.meta.env.DEV) console.debug(error.message);
  },
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void usage.flush({ keepalive: true }));
}
