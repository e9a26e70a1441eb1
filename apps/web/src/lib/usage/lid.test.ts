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

  it('closes the body it does not read, so the page can reach network idle', async () => {
    const answer = (status: number) => {
      const cancel = vi.fn();
      // A body that never ends, like a response the server keeps open: only cancelling closes it.
      const body = new ReadableStream({ cancel });
      return { cancel, response: new Response(body, { status, headers: { 'x-lid': 'from-header' } }) };
    };
    const ok = answer(200);
    await expect(ensureLid({ store: store(), fetch: async () => ok.response })).resolves.toBe('from-header');
    expect(ok.cancel).toHaveBeenCalledTimes(1);

    const refused = answer(429);
    await ensureLid({ store: store(), fetch: async () => refused.response, retry: false });
    expect(refused.cancel).toHaveBeenCalledTimes(1);
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
