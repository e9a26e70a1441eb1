// The web build is redone only when what it is built from changed since the last build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordWebBuild, sourcesFingerprint, webBuildIsStale } from './web-build';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'moda-web-build-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const write = (rel: string, content = 'x') => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};
const build = () => {
  write('apps/web/dist/index.html');
  recordWebBuild(root, sourcesFingerprint(root));
};

describe('webBuildIsStale', () => {
  it('is stale without a build', () => {
    write('apps/web/src/main.tsx');
    write('packages/contracts/src/orders.ts');
    write('packages/client/src/index.ts');
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('is fresh once built from the current sources, also after a file is touched without a change', () => {
    build();
    expect(webBuildIsStale(root)).toBe(false);
    const later = Date.now() / 1000 + 60;
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(webBuildIsStale(root)).toBe(false);
  });

  it('stays fresh when only test files come, change or go (they never reach the bundle)', () => {
    write('apps/web/src/features/orders/list.test.tsx');
    write('apps/web/src/test/render.tsx');
    expect(webBuildIsStale(root)).toBe(false);
  });

  it.each([
    ['a web source changes', () => write('apps/web/src/main.tsx', 'y')],
    ['a contract changes', () => write('packages/contracts/src/orders.ts', 'y')],
    ['the RPC client changes', () => write('packages/client/src/index.ts', 'y')],
    ['a source is added', () => write('apps/web/src/features/orders/list.tsx')],
    ['a source is removed', () => fs.rmSync(path.join(root, 'packages/contracts/src/orders.ts'))],
    ['the dependencies change', () => write('package-lock.json', '{}')],
  ])('is stale when %s after the build', (_, change) => {
    build();
    change();
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('is stale when the marker is there but the build is not', () => {
    build();
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(webBuildIsStale(root)).toBe(true);
  });
});
