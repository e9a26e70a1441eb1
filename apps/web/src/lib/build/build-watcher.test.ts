// New builds: the metadata is read, an outdated build reloads on the next navigation, never twice
// within 10 s; the server's route rules are kept for the guard.
import { describe, expect, it, vi } from 'vitest';
import { createBuildWatcher } from './build-watcher';

const meta = (outdated: boolean, routeRules: unknown = []) =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify({ buildId: 'b1', latestBuildId: outdated ? 'b2' : 'b1', outdated, routeRules }),
      ),
  );

describe('build watcher', () => {
  it('asks for its own build’s metadata without caching', async () => {
    const fetch = meta(false);
    const watcher = createBuildWatcher({ buildId: 'b1', fetch });
    await watcher.check();
    expect(fetch).toHaveBeenCalledWith(
      '/builds/meta/b1.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(watcher.reloadIfOutdated()).toBe(false);
  });

  it('reloads on navigation once outdated, but not twice within 10 s', async () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const watcher = createBuildWatcher({ buildId: 'b1', fetch: meta(true), reload, now: () => now });
    await watcher.check();
    expect(watcher.getState()).toMatchObject({ outdated: true, latestBuildId: 'b2' });
    expect(watcher.reloadIfOutdated()).toBe(true);
    now += 9_999;
    expect(watcher.reloadIfOutdated()).toBe(false);
    now += 1;
    expect(watcher.reloadIfOutdated()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('checks hourly', async () => {
    vi.useFakeTimers();
    try {
      const fetch = meta(false);
      const stop = createBuildWatcher({ buildId: 'b1', fetch }).start();
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(fetch).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps only well-formed route rules', async () => {
    const rules = [{ from: '/old', to: '/new' }, { from: 'bad', to: '/x' }, { to: '/y' }, 'nope'];
    const watcher = createBuildWatcher({ buildId: 'b1', fetch: meta(false, rules) });
    await watcher.check();
    expect(watcher.getState().routeRules).toEqual([{ from: '/old', to: '/new' }]);
  });

  it('survives a failed check', async () => {
    const watcher = createBuildWatcher({
      buildId: 'b1',
      fetch: () => Promise.reject(new TypeError('offline')),
    });
    await expect(watcher.check()).resolves.toBeUndefined();
    expect(watcher.getState().outdated).toBe(false);
  });
});
