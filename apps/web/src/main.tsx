// Entry point: starts the session, the visitor id, the build watcher and error logging, then renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { buildWatcher } from './lib/build/build';
import { session } from './lib/session/session';
import { ensureLid } from './lib/usage/lid';
import { usage } from './lib/usage/usage';
import './app/styles.css';

void session.start();
void ensureLid({ retry: !import.meta.env.DEV });
// A development server has no build to compare with.
if (!import.meta.env.DEV) buildWatcher.start();

window.addEventListener('error', (event) => {
  usage.track('system_error', 'window_error', { message: String(event.message).slice(0, 500) });
});
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  usage.track('system_error', 'unhandled_rejection', {
    message: (reason instanceof Error ? reason.message : String(reason)).slice(0, 500),
  });
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
