// Builds the web app when its dist is missing or older than its sources, so browser tests and the
// benchmark always run against the current code without rebuilding every time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function webBuildIsStale(): boolean {
  const marker = fs.statSync(path.join(WEB_DIST, 'build.json'), { throwIfNoEntry: false });
  if (!marker || !fs.existsSync(path.join(WEB_DIST, 'index.html'))) return true;
  const sources = [
    path.join(WEB_DIR, 'src'),
    path.join(WEB_DIR, 'public'),
    path.join(WEB_DIR, 'index.html'),
    path.join(WEB_DIR, 'vite.config.ts'),
    path.join(REPO_ROOT, 'packages/contracts/src'),
  ];
  return Math.max(...sources.map(newestMtime)) > marker.mtimeMs;
}

export function ensureWebBuild(log: (line: string) => void = console.log): void {
  if (!webBuildIsStale()) return;
  log('[e2e] building the web app (apps/web/dist is missing or stale)…');
  // Test runners set NODE_ENV=test, which would give a development build of React: say production.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
}
