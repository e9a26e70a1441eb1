// Usage events (spec 001 §7 "Usage logging"): built with the payload the zlog endpoint expects,
// queued, and posted in batches with a 5 s timeout. Logging never blocks or breaks the interface.
import type { UsageBatch, UsageEvent } from '@moda/contracts';
import { USAGE_LIMITS } from '@moda/contracts/constants';
import { ZLOG_STREAM } from '@moda/contracts/product';
import { LOG_TIMEOUT_MS, USAGE_COUNTRY, USAGE_FLUSH_MS, USAGE_PLATFORM } from '../constants';

export type UsageAction = UsageEvent['action'];

export interface UsageContext {
  lid: string | null;
  userId: string | null;
}

export interface UsageLoggerOptions {
  context: () => UsageContext;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  now?: () => Date;
  newId?: () => string;
  sessionId?: string;
  flushMs?: number;
  timeoutMs?: number;
  location?: () => string;
  referrer?: () => string | null;
  onError?: (error: Error) => void;
}

export const USAGE_ENDPOINT = `/batch/v2/${ZLOG_STREAM}`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of the local day. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local time with its offset: '2026-03-01T14:05:09+03:00'. */
export function localTime(d: Date): string {
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${localDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** Params the server would refuse (too large, not serialisable) are dropped rather than the event. */
function safeParams(params: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!params) return null;
  try {
    const json = JSON.stringify(params);
    return new Blob([json]).size <= USAGE_LIMITS.maxParamsBytes
      ? (JSON.parse(json) as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface UsageLogger {
  track(action: UsageAction, name: string, params?: Record<string, unknown>): void;
  /** A page view: also remembers the url as the next event's previous_url. */
  pageview(url: string, params?: Record<string, unknown>): void;
  flush(options?: { keepalive?: boolean }): Promise<void>;
  pending(): number;
}

export function createUsageLogger(opts: UsageLoggerOptions): UsageLogger {
  const doFetch = opts.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const now = opts.now ?? (() => new Date());
  const newId = opts.newId ?? (() => crypto.randomUUID());
  const sessionId = opts.sessionId ?? newId();
  const location = opts.location ?? (() => globalThis.location?.href ?? '');
  const referrer = opts.referrer ?? (() => globalThis.document?.referrer || null);
  let queue: UsageBatch = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let previousUrl: string | null = null;

  function schedule() {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, opts.flushMs ?? USAGE_FLUSH_MS);
  }

  function build(
    action: UsageAction,
    name: string,
    url: string,
    params?: Record<string, unknown>,
  ): UsageEvent {
    const at = now();
    const { lid, userId } = opts.context();
    return {
      name: name.slice(0, 200) || action,
      platform: USAGE_PLATFORM,
      lid: cut(lid, 64),
      event_timestamp: at.getTime(),
      dt: localDay(at),
      time_local: localTime(at),
      user_id: cut(userId, 64),
      session_id: cut(sessionId, 64),
      referrer_name: cut(referrer(), 2000),
      url: url.slice(0, 2000),
      previous_url: cut(previousUrl, 2000),
      country: USAGE_COUNTRY,
      params: safeParams(params),
      action,
    };
  }

  function push(event: UsageEvent) {
    queue.push({ id: newId(), event });
    if (queue.length >= USAGE_LIMITS.maxEvents) void flush();
    else schedule();
  }

  async function flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (queue.length === 0) return;
    const batch = queue.slice(0, USAGE_LIMITS.maxEvents);
    queue = queue.slice(batch.length);
    try {
      const response = await doFetch(USAGE_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(opts.timeoutMs ?? LOG_TIMEOUT_MS),
        keepalive: options.keepalive ?? false,
      });
      if (!response.ok) opts.onError?.(new Error(`Log request failed with ${response.status}`));
    } catch (cause) {
      // Lost events are acceptable; a stuck or failing log must never reach the user.
      const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
      opts.onError?.(new Error(timedOut ? 'Log request timed out' : 'Log request failed', { cause }));
    }
    if (queue.length > 0) schedule();
  }

  return {
    track(action, name, params) {
      push(build(action, name, location(), params));
    },
    pageview(url, params) {
      push(build('pageview', 'pageview', url, params));
      previousUrl = url;
    },
    flush,
    pending: () => queue.length,
  };
}
