// The index value as a coloured tag, with how far above the lowest competitor price it is.
import { Tag, Tooltip } from 'antd';
import { fill, PRICE_INDEX_RULES } from '@moda/contracts';
import { priceIndexText as text } from './locale';

const COLOR = { OPTIMAL: 'green', AVERAGE: 'gold', OVERPRICED: 'red', UNCOUNTED: 'default' } as const;
type Level = keyof typeof COLOR;

export function IndexTag({ level, piValue }: { level: Level; piValue?: number | null }) {
  const hint =
    piValue !== undefined && piValue !== null
      ? fill(text.piValue, { value: String(piValue).replace('.', ',') })
      : fill(text.levelHints[level], {
          optimal: PRICE_INDEX_RULES.optimalPercent,
          average: PRICE_INDEX_RULES.averagePercent,
        });
  return (
    <Tooltip title={hint}>
      <Tag color={COLOR[level]}>{text.levels[level]}</Tag>
    </Tooltip>
  );
}
