// A value that follows another after it has stopped changing for `delayMs` (search-as-you-type).
import { useEffect, useRef, useState } from 'react';

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** How long a list's search box waits after the last keystroke before it changes the list. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's search box: the typed text, committed (trimmed) to the list state once typing pauses.
 * Only the typed value drives the commit; the committed value is compared, not followed.
 */
export function useSearchInput(committed: string, commit: (search: string) => void) {
  const [input, setInput] = useState(committed);
  const debounced = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ committed, commit });
  latest.current = { committed, commit };
  useEffect(() => {
    if (debounced.trim() !== latest.current.committed.trim()) latest.current.commit(debounced.trim());
  }, [debounced]);
  return [input, setInput] as const;
}
