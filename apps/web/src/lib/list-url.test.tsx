// A list's URL state: defaults stay out of the address, lists are comma-separated, and a change of anything
// but the page (or a key the screen keeps the page for) goes back to the first page.
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { positiveInt, useListUrl } from './list-url';

interface State {
  tab: string;
  status: string[];
  page: number;
}
const read = (p: URLSearchParams): State => ({
  tab: p.get('tab') ?? 'all',
  status: p.get('status')?.split(',') ?? [],
  page: positiveInt(p.get('page'), 1, 100),
});
const DEFAULTS = { tab: 'all', page: '1' };
const KEEP = ['dialog'] as const;

function renderList(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListUrl<State, 'tab' | 'status' | 'page' | 'dialog'>(read, DEFAULTS, KEEP),
      search: useLocation().search,
    }),
    { wrapper },
  );
}

describe('useListUrl', () => {
  it('reads the state and leaves defaults and empty values out of the address', () => {
    const { result } = renderList('/list?tab=new&page=3');
    expect(result.current.list.state).toEqual({ tab: 'new', status: [], page: 3 });
    act(() => result.current.list.update({ tab: 'all', status: ['a', 'b'] }));
    expect(result.current.search).toBe('?status=a%2Cb');
    expect(result.current.list.state).toEqual({ tab: 'all', status: ['a', 'b'], page: 1 });
  });

  it('keeps the page for a page change and for the keys the screen names, and only then', () => {
    const { result } = renderList('/list?page=3');
    act(() => result.current.list.update({ page: 4 }));
    expect(result.current.list.state.page).toBe(4);
    act(() => result.current.list.update({ dialog: '17' }));
    expect(result.current.search).toBe('?page=4&dialog=17');
    act(() => result.current.list.update({ dialog: undefined, status: ['x'] }));
    expect(result.current.search).toBe('?status=x');
  });

  it('takes a page from 1 to the limit, anything else is the fallback', () => {
    expect(positiveInt('5', 1, 10)).toBe(5);
    for (const raw of [null, '', '0', '-1', '2.5', '11', 'abc']) expect(positiveInt(raw, 1, 10)).toBe(1);
  });
});
