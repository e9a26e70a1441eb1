// The module descriptors against the contract: every method of the catalogue has exactly one handler and no
// handler answers a method the catalogue lacks; every declared job queue has a worker; REST routes are unique.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODS } from '@moda/contracts';
import { definedJobs, emailJob } from '../src/jobs/jobs';
import { MODULES } from '../src/modules';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('module descriptors', () => {
  it('answer exactly the methods of the contract catalogue', () => {
    expect(Object.keys(t.modules.handlers).sort()).toEqual(Object.keys(METHODS).sort());
  });

  it('give every declared job queue a worker', () => {
    const worked = new Set([emailJob.name, ...t.modules.workers.map((w) => w.job.name)]);
    // jobs.test.ts declares its own `test.` queues; the server's files share a module graph per worker.
    const declared = definedJobs()
      .map((j) => j.name)
      .filter((name) => !name.startsWith('test.'));
    expect(declared.length).toBeGreaterThan(1);
    expect(declared.filter((name) => !worked.has(name))).toEqual([]);
  });

  it('register each REST route once', () => {
    const keys = t.modules.routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are named after their folders, once each', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
