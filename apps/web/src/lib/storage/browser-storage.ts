// JSON values in localStorage/sessionStorage that never throw: private modes, full quotas and
// hand-edited values only mean "nothing stored".
type Area = 'local' | 'session';

const areaOf = (area: Area): Storage | undefined => {
  try {
    return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export function readJson<T>(key: string, area: Area = 'local'): T | undefined {
  try {
    const raw = areaOf(area)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, area: Area = 'local'): void {
  try {
    areaOf(area)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the app keeps working without the saved copy.
  }
}

export function removeKey(key: string, area: Area = 'local'): void {
  try {
    areaOf(area)?.removeItem(key);
  } catch {
    // Nothing to remove when storage is blocked.
  }
}

export const STORAGE_KEYS = {
  dictionaries: 'moda.dictionaries',
  lid: 'moda.lid',
  partnerChoice: (userId: string) => `moda.partner.${userId}`,
  usageSession: 'moda.usage.session',
  lastForcedReload: 'moda.build.lastForcedReload',
} as const;
