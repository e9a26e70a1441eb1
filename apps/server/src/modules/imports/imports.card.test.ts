// The card of one parent from its file rows (imports.card): dictionary cells by name or code, in any case, in list
// and multi-value columns alike; a value no entry names kept as written for the catalogue's rules to refuse; cells
// that cannot be read reported on their row and column.
import { describe, expect, it } from 'vitest';
import type { Column } from '../catalogue';
import { cardMapper } from './imports.card';
import type { Row } from './imports.checker';

const colours = [
  { code: 'red', name: 'Красный', obsolete: false },
  { code: 'light_blue', name: 'Голубой', obsolete: false },
];
const column = (code: string, kind: Column['kind'], entries?: Column['entries']): Column => ({
  code,
  name: code,
  required: false,
  kind,
  entries,
  hint: '',
  perSize: false,
});
const columns = [
  column('supplier_parent_sku', 'text'),
  column('supplier_sku', 'text'),
  column('colour', 'list', colours),
  column('colours', 'multi', colours),
  column('weight', 'number'),
  column('lined', 'boolean'),
];
const catalogue = { dictionary: () => ({ items: [] }) } as unknown as Parameters<typeof cardMapper>[0];

/** One file's mapping: its parents' cards, one call each. */
const file = () => {
  const mapper = cardMapper(catalogue, 'clothes', columns);
  return (values: string[][]) => parent(mapper, values);
};
function parent(mapper: ReturnType<typeof cardMapper>, values: string[][]) {
  const bad: [number, string, string][] = [];
  const rows: Row[] = values.map((v, k) => ({ number: k + 4, values: v }));
  const card = mapper(rows, (...e) => bad.push(e)) as {
    attributes: Record<string, unknown>;
    sizes: { sellerSku: string }[];
  };
  return { card, bad };
}

describe('the card of a parent', () => {
  it('reads a dictionary value by its name or its code, in any case, in list and multi columns', () => {
    const map = file();
    const { card, bad } = map([['P', 'S1', 'красный', 'ГОЛУБОЙ; RED,Light_Blue', '0,5', 'Да']]);
    expect(card.attributes).toEqual({
      colour: 'red',
      colours: ['light_blue', 'red', 'light_blue'],
      weight: 0.5,
      lined: true,
    });
    expect(bad).toEqual([]);
    // The same values again, as the second parent of a file reads them (remembered per column).
    expect(map([['P2', 'S2', 'RED', 'красный', '1', 'нет']]).card.attributes).toEqual({
      colour: 'red',
      colours: ['red'],
      weight: 1,
      lined: false,
    });
  });

  it('keeps a value no entry names as written, and reports unreadable cells on their row and column', () => {
    const { card, bad } = file()([
      ['P', 'S1', 'Бордовый', 'красный; бордовый', 'тяжёлый', 'может быть'],
      ['P', 'S2', '', '', '', ''],
    ]);
    expect(card.attributes).toEqual({ colour: 'Бордовый', colours: ['red', 'бордовый'] });
    expect(card.sizes.map((s) => s.sellerSku)).toEqual(['S1', 'S2']);
    expect(bad).toEqual([
      [4, 'weight', 'Введите число'],
      [4, 'lined', 'Укажите «да» или «нет»'],
    ]);
  });
});
