// The size-fit panel of a product card: the marks per size as the server sums them, the lean of a size, and the
// size-chart suggestion when buyers agree; nothing for a product nobody has marked.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SizeFitSummaryView } from './size-fit-panel';

const counts = (s: number, t: number, l: number) => ({
  runs_small: s,
  true_to_size: t,
  runs_large: l,
  total: s + t + l,
});

describe('size fit panel', () => {
  it('shows the marks per size and suggests a change when most buyers say it runs small', () => {
    render(
      <SizeFitSummaryView
        summary={{
          sellerParentSku: 'NW-0001',
          overall: counts(8, 2, 0),
          sizes: [
            { size: '42', ...counts(5, 1, 0), lean: 'runs_small' },
            { size: '44', ...counts(3, 1, 0), lean: null },
          ],
          suggestion: { direction: 'runs_small', share: 0.8, marks: 10 },
        }}
      />,
    );
    expect(screen.getByText(/Товар маломерит: так ответили 80% из 10 покупателей/)).toBeInTheDocument();
    expect(screen.getByText('Размер 42')).toBeInTheDocument();
    expect(screen.getByText('скорее маломерит')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Маломерит: 5, Соответствует размеру: 1, Большемерит: 0' }),
    ).toBeInTheDocument();
  });

  it('shows nothing for a product nobody has marked', () => {
    const { container } = render(
      <SizeFitSummaryView
        summary={{ sellerParentSku: 'NW-0002', overall: counts(0, 0, 0), sizes: [], suggestion: null }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
