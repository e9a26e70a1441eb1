// The visitor id: asked at start, retried every 5 s up to 5 times while none is present.
import { describe, expect, it, vi } from 'vitest';
import { ensureLid } from './lid';

function store(initial: string | null = null) {
  let lid = initial;
  return { get: () => lid, set: (v: string) => (lid = v) };
}

describe('ensureLid', () => {
  it('keeps a lid already stored', async () => {
    const fetch = vi.fn();
    await expect(ensureLid({ store: store('known'), fetch })).resolves.toBe('known');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes the lid from the x-lid header or the body', async () => {
    const s = store();
    await ensureLid({
      store: s,
      fetch: async () => new Response('{}', { headers: { 'x-lid': 'from-header' } }),
    });
    expect(s.get()).toBe('from-header');
    const t = store();
    await ensureLid({ store: t, fetch: async () => new Response('{"lid":"from-body"}') });
    expect(t.get()).toBe('from-body');
  });

  it('retries every 5 s, 5 times, then gives up', async () => {
    const fetch = vi.fn(
      async () => new Response('{"error":{"message":"Lid request limit exceeded"}}', { status: 429 }),
    );
    const sleep = vi.fn(async () => undefined);
    await expect(ensureLid({ store: store(), fetch, sleep })).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(sleep.mock.calls).toEqual(Array.from({ length: 5 }, () => [5000]));
  });

  it('stops retrying once a lid arrives', async () => {
    let n = 0;
    const fetch = vi.fn(async () =>
      ++n < 3 ? Promise.reject(new TypeError('offline')) : new Response('{"lid":"late"}'),
    );
    await expect(ensureLid({ store: store(), fetch, sleep: async () => undefined })).resolves.toBe('late');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry in development', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 500 }));
    await ensureLid({ store: store(), fetch, retry: false, sleep: async () => undefined });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
