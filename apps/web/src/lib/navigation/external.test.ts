// External navigation is blocked unless allowed; return URLs stay inside the app.
import { describe, expect, it, vi } from 'vitest';
import { blockExternalLinks, isBlockedNavigation, safeReturnUrl } from './external';

const ORIGIN = 'http://localhost:3000';

describe('external navigation', () => {
  it.each([
    ['/orders', false],
    ['orders?x=1', false],
    [`${ORIGIN}/orders`, false],
    ['https://moda.ru/catalog', false],
    ['mailto:support@moda.test', false],
    ['https://evil.example/phish', true],
    ['//evil.example/x', true],
    ['javascript:alert(1)', true],
  ])('%s blocked: %s', (href, blocked) => {
    expect(isBlockedNavigation(href, ORIGIN)).toBe(blocked);
  });

  it('stops a click on a link to a site that is not allowed', () => {
    const onBlocked = vi.fn();
    const stop = blockExternalLinks(onBlocked);
    // jsdom cannot navigate: remember what the guard decided, then stop the click here.
    let allowed: boolean | undefined;
    const settle = (e: Event) => {
      allowed = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', settle);
    document.body.innerHTML = '<a id="bad" href="https://evil.example/">x</a><a id="ok" href="/orders">y</a>';
    const bad = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('bad')!.dispatchEvent(bad);
    expect(bad.defaultPrevented).toBe(true);
    expect(onBlocked).toHaveBeenCalledWith('https://evil.example/');
    document
      .getElementById('ok')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(allowed).toBe(true);
    stop();
    document.removeEventListener('click', settle);
  });
});

describe('return URL', () => {
  it.each([
    ['/orders/1?tab=items#top', '/orders/1?tab=items#top'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['orders', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(safeReturnUrl(raw, ORIGIN)).toBe(expected);
  });
});
