// Usage events: the payload of spec 001 §7, batching, the 5 s timeout, and never breaking the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsageBatch } from '@moda/contracts';
import { createUsageLogger, localDay, localTime, USAGE_ENDPOINT } from './usage-logger';

describe('usage logger', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('times out after 5 s by default', async () => {
    const { LOG_TIMEOUT_MS } = await import('../constants');
    expect(LOG_TIMEOUT_MS).toBe(5000);
  });

  function setup(fetchImpl?: (url: string, init: RequestInit) => Promise<Response>) {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetch = vi.fn(
      fetchImpl ??
        (async (url: string, init: RequestInit) => {
          sent.push({ url, init });
          return new Response('{"accepted":1}', { status: 200 });
        }),
    );
    let n = 0;
    const onError = vi.fn();
    const logger = createUsageLogger({
      fetch,
      context: () => ({ lid: 'lid-1', userId: 'user-1' }),
      newId: () => `id-${++n}`,
      sessionId: 'session-1',
      flushMs: 1000,
      timeoutMs: 20,
      location: () => 'http://localhost/orders',
      referrer: () => null,
      onError,
    });
    return { logger, fetch, sent, onError };
  }

  it('sends a batch the server accepts, with country ru and the previous url', async () => {
    vi.setSystemTime(new Date('2026-03-01T10:05:09Z'));
    const { logger, sent } = setup();
    logger.pageview('http://localhost/');
    logger.track('click', 'top_menu', { item: 'orders' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(USAGE_ENDPOINT);
    expect(USAGE_ENDPOINT).toBe('/batch/v2/zlog-moda-seller');
    const batch: unknown = JSON.parse(sent[0]!.init.body as string);
    expect(UsageBatch.safeParse(batch).success).toBe(true);
    const [view, click] = UsageBatch.parse(batch);
    expect(view!.event).toMatchObject({
      action: 'pageview',
      url: 'http://localhost/',
      previous_url: null,
      country: 'ru',
    });
    expect(click!.event).toMatchObject({
      action: 'click',
      name: 'top_menu',
      lid: 'lid-1',
      user_id: 'user-1',
      session_id: 'session-1',
      previous_url: 'http://localhost/',
      params: { item: 'orders' },
      event_timestamp: Date.parse('2026-03-01T10:05:09Z'),
      platform: 'web',
    });
    expect(click!.event.dt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('drops params the server would refuse instead of the event', async () => {
    const { logger, sent } = setup();
    logger.track('system_error', 'boom', { message: 'x'.repeat(10_000) });
    await logger.flush();
    const [item] = UsageBatch.parse(JSON.parse(sent[0]!.init.body as string));
    expect(item!.event.params).toBeNull();
  });

  it('sends at most 100 events per request', async () => {
    const { logger, sent } = setup();
    for (let i = 0; i < 150; i++) logger.track('click', `b${i}`);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((s) => (JSON.parse(s.init.body as string) as unknown[]).length)).toEqual([100, 50]);
  });

  it('gives up after the timeout and reports "Log request timed out" without throwing', async () => {
    const { logger, onError } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
        }),
    );
    logger.track('click', 'x');
    await expect(logger.flush()).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0]).toEqual(new Error('Log request timed out'));
  });

  it('formats the local day and time with the offset', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(localDay(d)).toBe('2026-01-05');
    expect(localTime(d)).toMatch(/^2026-01-05T07:08:09[+-]\d{2}:\d{2}$/);
  });
});
