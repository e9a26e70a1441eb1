// Test environment of the web project: jest-dom matchers, and the browser APIs jsdom lacks that
// Ant Design needs (matchMedia, ResizeObserver, getComputedStyle with pseudo elements).
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import React from 'react';

// Lazily loaded routes compile on first use under vitest: give screens time to appear. On a loaded 2-core
// machine running two test workers, the first compile of the shell's routes took over 5 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });
  localStorage.clear();
  sessionStorage.clear();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom does not implement pseudo-element styles; antd asks for them to measure scrollbars.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);

// Ant Design's CSS-in-JS styles go to an element outside the document. jsdom's getComputedStyle matches
// every rule of every style sheet in the document against the element and, for inherited properties, its
// ancestors: with antd's styles in the head a call took ~50 ms, and role queries and antd's own measuring
// make hundreds of them — 85 % of the screen tests' time (the web suite: ~8 min → 1.5 min without them).
// The styles' insertion (`@rc-component/util` dynamicCSS) finds its container with querySelector('head');
// nothing under test depends on antd's style sheets (hidden parts are found by their classes or inline
// styles).
const antdStyles = document.createElement('div');
const querySelector = document.querySelector.bind(document);
document.querySelector = (selectors: string) =>
  selectors === 'head' ? antdStyles : querySelector(selectors);
// The insertion also checks, on every style it registers, that the container it cached is still in the
// document; outside it, the check failed each time and a placeholder style was added and removed again
// (about 5 % of a form screen's test). The styles' element counts as in the document for that check only.
const contains = document.contains.bind(document);
document.contains = (node: Node | null) => node === antdStyles || contains(node);
// And it lists the container's styles with Array.from(container.children) on every style it registers:
// jsdom's HTMLCollection answers each index through a Proxy, which over the hundreds of styles of a screen
// was ~5 % of its test. The styles' element lists its children as a plain array instead.
Object.defineProperty(antdStyles, 'children', {
  get: () => {
    const list: Element[] = [];
    for (let e = antdStyles.firstElementChild; e; e = e.nextElementSibling) list.push(e);
    return list;
  },
});
// React's development build records, for each of the first 10,000 elements created in a render, an Error's
// stack and a console task, so that its warnings can name the component that made an element (the
// "owner stack"); React stops past 10,000 for speed. Here it always counts as past: nothing under test reads
// those stacks, and the screen tests spent ~10 % of their CPU time on them (orders list file: 20 → 12 s of
// tests). React's warnings are still printed, with their component stack but no owner stack.
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
  get: () => 10_000,
  set: () => undefined,
});
