// Builds the web app when its dist is missing or older than its sources, so `npm start`, the browser tests and
// the benchmark run against the current code without rebuilding every time (a warm start skips the build).
//
//   node --import tsx scripts/web-build.ts        (what `npm start` runs first)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
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

/** Whether the build in `root`'s apps/web/dist is missing or older than any of its sources. */
export function webBuildIsStale(root = REPO_ROOT): boolean {
  const web = path.join(root, 'apps/web');
  const marker = fs.statSync(path.join(web, 'dist', 'build.json'), { throwIfNoEntry: false });
  if (!marker || !fs.existsSync(path.join(web, 'dist', 'index.html'))) return true;
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'package.json'),
    path.join(root, 'package-lock.json'),
    path.join(root, 'packages/contracts/src'),
  ];
  return Math.max(...sources.map(newestMtime)) > marker.mtimeMs;
}

export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const started = Date.now();
  if (!webBuildIsStale()) {
    log(
      `[moda] web app is up to date (apps/web/dist is newer than its sources): not rebuilt, checked in ${Date.now() - started} ms`,
    );
    return;
  }
  log('[moda] building the web app (apps/web/dist is missing or older than its sources)…');
  // Test runners set NODE_ENV=test, which would give a development build of React: say production.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
  log(`[moda] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureWebBuild();
