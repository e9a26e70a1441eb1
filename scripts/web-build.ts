// Builds the web app when its dist is missing or was built from other sources (a hash of their contents), so
// `npm start`, the browser tests and the benchmark run against the current code without rebuilding every time
// (a warm start skips the build).
//
//   node --import tsx scripts/web-build.ts        (what `npm start` runs first)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/** Files and folders the web build reads (besides node_modules, which package-lock.json stands for). */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/client/src',
  'packages/client/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
/** Test files never reach the bundle: adding, editing or removing one does not call for a new build. */
const isTestOnly = (rel: string) => /\.test\.tsx?$/.test(rel) || rel.startsWith('apps/web/src/test/');
/** Where the fingerprint of the sources the current build was made from is kept (beside Vite's manifest). */
const MARKER = 'apps/web/dist/.vite/sources.sha256';

/**
 * A hash of every build input's path and content (≈500 files, ~2 MB: a few milliseconds). Content, not
 * modification times: a file touched without a change (a checkout, a formatter) keeps the build, and one
 * changed with an older time (a copy keeping times) still rebuilds it.
 */
export function sourcesFingerprint(root = REPO_ROOT, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const visit = (rel: string) => {
    const full = path.join(root, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) visit(path.posix.join(rel, child));
      return;
    }
    if (isTestOnly(rel)) return;
    const content = fs.readFileSync(full);
    hash.update(`${rel}\0${content.length}\0`).update(content);
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

/** Whether the build in `root`'s apps/web/dist is missing or was made from other sources than today's. */
export function webBuildIsStale(root = REPO_ROOT, fingerprint = sourcesFingerprint(root)): boolean {
  const marker = path.join(root, MARKER);
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(marker)) return true;
  return fs.readFileSync(marker, 'utf8').trim() !== fingerprint;
}

/** Notes that the build in `root`'s apps/web/dist was made from sources with this fingerprint. */
export function recordWebBuild(root: string, fingerprint: string): void {
  fs.mkdirSync(path.dirname(path.join(root, MARKER)), { recursive: true });
  fs.writeFileSync(path.join(root, MARKER), `${fingerprint}\n`);
}

export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const started = Date.now();
  // Taken before the build: a source edited while Vite runs leaves the next start a build to do.
  const fingerprint = sourcesFingerprint();
  if (!webBuildIsStale(REPO_ROOT, fingerprint)) {
    log(
      `[moda] web app is up to date (apps/web/dist was built from these sources): not rebuilt, checked in ${Date.now() - started} ms`,
    );
    return;
  }
  log('[moda] building the web app (apps/web/dist is missing or was built from other sources)…');
  // Test runners set NODE_ENV=test, which would give a development build of React: say production.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
  recordWebBuild(REPO_ROOT, fingerprint);
  log(`[moda] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureWebBuild();
