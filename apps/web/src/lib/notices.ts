// Notices raised outside any page (session expired, a blocked external link): queued here until the
// shell's notice host, loaded on first use, shows them. Pages use App.useApp() directly instead.
export interface Notice {
  kind: 'info' | 'success' | 'warning' | 'error';
  title: string;
  description?: string;
  /** A notice with the same key replaces the previous one instead of stacking. */
  key?: string;
  /** A short message at the top instead of a notification card. */
  brief?: boolean;
}

type Listener = (notice: Notice) => void;

const queue: Notice[] = [];
const listeners = new Set<Listener>();
const demandListeners = new Set<() => void>();

export const notices = {
  show(notice: Notice): void {
    if (listeners.size === 0) {
      queue.push(notice);
      demandListeners.forEach((l) => l());
      return;
    }
    listeners.forEach((l) => l(notice));
  },
  /** The host: receives queued notices at once, then every new one. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    queue.splice(0).forEach(listener);
    return () => listeners.delete(listener);
  },
  /** Called when a notice waits for a host; returns whether one is already waiting. */
  onDemand(listener: () => void): () => void {
    demandListeners.add(listener);
    if (queue.length > 0) listener();
    return () => demandListeners.delete(listener);
  },
};
