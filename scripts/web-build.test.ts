// The web build is redone only when a source is newer than the last build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'moda-web-build-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const write = (rel: string, at: number) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  fs.utimesSync(file, at / 1000, at / 1000);
};
const t0 = Date.now() - 60_000;

describe('webBuildIsStale', () => {
  it('is stale without a build', () => {
    write('apps/web/src/main.tsx', t0);
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('is fresh once the build is newer than every source (a warm start skips the build)', () => {
    write('apps/web/dist/index.html', t0 + 1000);
    write('apps/web/dist/build.json', t0 + 1000);
    for (const d of ['apps/web/src', 'apps/web/dist', 'apps/web'])
      fs.utimesSync(path.join(root, d), t0 / 1000, t0 / 1000);
    fs.utimesSync(root, t0 / 1000, t0 / 1000);
    expect(webBuildIsStale(root)).toBe(false);
  });

  it('is stale again when a source or the contracts change after the build', () => {
    write('packages/contracts/src/orders.ts', t0 + 2000);
    expect(webBuildIsStale(root)).toBe(true);
  });
});
