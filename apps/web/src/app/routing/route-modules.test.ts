// Every route and layout of the table has a lazily loaded module that yields a component.
import { describe, expect, it } from 'vitest';
import { LAYOUT_MODULES, ROUTE_MODULES } from './route-modules';
import { ROUTES } from './route-table';

describe('route modules', () => {
  it('covers exactly the routes of the table', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(ROUTES.map((r) => r.key).sort());
  });

  it.each(Object.entries(ROUTE_MODULES))('%s loads a component', async (_key, load) => {
    const mod = await load();
    expect(typeof mod.Component).toBe('function');
  });

  it.each(Object.entries(LAYOUT_MODULES))('layout %s loads a component', async (_key, load) => {
    expect(typeof (await load()).Component).toBe('function');
  });
});
