// Compiles the server to one JavaScript file, apps/server/dist/main.js, for `npm start` (issue 26): loading the
// server's ~600 TypeScript modules through tsx's loader hooks took 4 CPU-seconds of a warm start (7 s at load
// 9), Node's own loading of the same code as one file a fraction of it. Rebuilt only when a source's content
// changed (the same fingerprint as the web build's); `npm run dev`, the worker, the tests and the benchmarks
// keep running the TypeScript through tsx.
//
//   node --import tsx scripts/server-build.ts     (what `npm start` runs first: the web build, then this)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ensureWebBuild, REPO_ROOT, sourcesFingerprint } from './web-build';

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist/main.js');

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/server-build.ts',
];
const MARKER = 'apps/server/dist/sources.sha256';

/**
 * Every module keeps its own `import.meta.url` (its source file's address), so the paths the server finds
 * beside its sources — the migrations, the web build, `createRequire` — stay what they are under tsx.
 */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: fs
        .readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** Packages stay in node_modules, loaded by Node as before; the workspace's own (TypeScript) are compiled in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@moda/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Whether apps/server/dist/main.js is missing or was compiled from other sources than today's. */
export function serverBuildIsStale(
  root = REPO_ROOT,
  fingerprint = sourcesFingerprint(root, SERVER_INPUTS),
): boolean {
  const marker = path.join(root, MARKER);
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || !fs.existsSync(marker)) return true;
  return fs.readFileSync(marker, 'utf8').trim() !== fingerprint;
}

export async function ensureServerBuild(log: (line: string) => void = console.log): Promise<void> {
  const started = Date.now();
  const fingerprint = sourcesFingerprint(REPO_ROOT, SERVER_INPUTS);
  if (!serverBuildIsStale(REPO_ROOT, fingerprint)) {
    log(
      `[moda] server is up to date (apps/server/dist was built from these sources): checked in ${Date.now() - started} ms`,
    );
    return;
  }
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Not minified: a stack trace names the functions and the bundle marks each source file (no source map:
    // Node keeps a loaded one in memory, 17 MB of an idle server's 187).
    logLevel: 'warning',
    plugins: [externalPackages, keepImportMetaUrl],
  });
  fs.writeFileSync(path.join(REPO_ROOT, MARKER), `${fingerprint}\n`);
  log(`[moda] server compiled to apps/server/dist/main.js in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureWebBuild();
  await ensureServerBuild();
}
