// The visitor id (lid): asked from GET /get-lid at start and kept in local storage; every API
// response's x-lid header refreshes it (spec 001 §6–§7).
import type { LidStore } from '../api/rpc-client';
import { LID_RETRIES, LID_RETRY_MS } from '../constants';
import { readJson, STORAGE_KEYS, writeJson } from '../storage/browser-storage';

export const lidStore: LidStore = {
  get: () => readJson<string>(STORAGE_KEYS.lid) ?? null,
  set: (lid) => writeJson(STORAGE_KEYS.lid, lid),
};

export interface EnsureLidOptions {
  store?: LidStore;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Development builds ask once and never retry (spec 001 §7). */
  retry?: boolean;
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The lid is already known (or the answer is a refusal): a body that fails to close changes nothing.
  }
}

async function requestLid(doFetch: NonNullable<EnsureLidOptions['fetch']>): Promise<string | null> {
  try {
    const response = await doFetch('/get-lid', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    const header = response.ok ? response.headers.get('x-lid') : null;
    // A body left unread keeps the response open, so the page never reaches network idle.
    if (!response.ok || header) {
      await discard(response);
      return header;
    }
    const body = (await response.json()) as { lid?: unknown };
    return typeof body.lid === 'string' && body.lid ? body.lid : null;
  } catch {
    return null;
  }
}

/** Spec 001 §7: GET /get-lid at start, retried every 5 s up to 5 times while no lid is present. */
export async function ensureLid(options: EnsureLidOptions = {}): Promise<string | null> {
  const store = options.store ?? lidStore;
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const retries = options.retry === false ? 0 : (options.retries ?? LID_RETRIES);
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    const present = store.get();
    if (present) return present;
    const lid = await requestLid(doFetch);
    if (lid) {
      store.set(lid);
      return lid;
    }
    if (attempt >= retries) return null;
    await sleep(options.delayMs ?? LID_RETRY_MS);
  }
}
