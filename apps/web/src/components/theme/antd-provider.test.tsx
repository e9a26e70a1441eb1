import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { AntdProvider } from './antd-provider';

function Motion() {
  const { token } = antdTheme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function stubMotionQuery(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('AntdProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns motion off when the system asks for reduced motion', () => {
    stubMotionQuery(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps motion otherwise', () => {
    stubMotionQuery(false);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
