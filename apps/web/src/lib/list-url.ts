// A server-paged list's state in the URL (STYLE.md): each screen reads its keys from the address and
// changes them here, so a reload or a shared link shows the same list. Defaults are left out of the
// address, lists are written comma-separated, and any change but the page itself (or the keys a screen
// names) goes back to the first page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [20, 50, 100] as const;

/** A whole number from 1 to `max` read from the address, or `fallback`. */
export function positiveInt(raw: string | null, fallback: number, max: number): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

export type UrlValue = string | number | readonly string[] | undefined;

export function useListUrl<S, K extends string>(
  read: (params: URLSearchParams) => S,
  defaults: Partial<Record<K, string>>,
  keepPage: readonly K[] = [],
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);

  const update = useCallback(
    (change: Partial<Record<K, UrlValue>>, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(change) as [K, UrlValue][]) {
            const text = value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);
            if (text === '' || defaults[key] === text) next.delete(key);
            else next.set(key, text);
          }
          const keys = Object.keys(change) as K[];
          if (!keys.includes('page' as K) && !keys.every((k) => keepPage.includes(k))) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams, defaults, keepPage],
  );

  return { state, update };
}
