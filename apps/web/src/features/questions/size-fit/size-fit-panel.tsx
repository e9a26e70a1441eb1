// Size fit from reviews on the product's card (none of the portals closes this loop): buyers' marks per size —
// runs small, true to size, runs large — as bars, and, when a clear share of them say one way, the size-chart
// change it suggests. Nothing is shown for a product nobody has marked.
import { Alert, Flex, Tag, Typography } from 'antd';
import { SIZE_FIT_LABELS, SizeFit, fill, type SizeFitSummary } from '@moda/contracts';
import { useParentSku, useSizeFit } from '../api/question-queries';
import { questionsText } from '../locale';
import '../questions.css';

const text = questionsText.sizeFit;
const COLOR = { runs_small: '#ff7a45', true_to_size: '#52c41a', runs_large: '#1677ff' } as const;

function Bar({ counts }: { counts: SizeFitSummary['overall'] }) {
  return (
    <span
      className="size-fit__bar"
      role="img"
      aria-label={SizeFit.options.map((f) => `${SIZE_FIT_LABELS[f]}: ${counts[f]}`).join(', ')}
    >
      {SizeFit.options.map((f) =>
        counts[f] ? (
          <span key={f} style={{ width: `${(counts[f] / counts.total) * 100}%`, background: COLOR[f] }} />
        ) : null,
      )}
    </span>
  );
}

export function SizeFitSummaryView({ summary }: { summary: SizeFitSummary }) {
  if (!summary.overall.total) return null;
  const s = summary.suggestion;
  return (
    <section className="feedback-settings__section" aria-label={text.title}>
      <Typography.Title level={3}>{text.title}</Typography.Title>
      <Flex gap={8} wrap className="feedback-settings__section">
        {SizeFit.options.map((f) => (
          <Tag key={f} color={COLOR[f]}>{`${SIZE_FIT_LABELS[f]}: ${summary.overall[f]}`}</Tag>
        ))}
        <Typography.Text type="secondary">{fill(text.overall, { n: summary.overall.total })}</Typography.Text>
      </Flex>
      {s ? (
        <Alert
          type="warning"
          showIcon
          className="questions__banner"
          title={fill(s.direction === 'runs_small' ? text.suggestionSmall : text.suggestionLarge, {
            share: Math.round(s.share * 100),
            n: s.marks,
          })}
        />
      ) : null}
      <Flex vertical gap={6}>
        {summary.sizes.map((z) => (
          <Flex key={z.size} gap={12} align="center">
            <Typography.Text className="size-fit__size">{fill(text.size, { size: z.size })}</Typography.Text>
            <Bar counts={z} />
            <Typography.Text type="secondary">{z.total}</Typography.Text>
            {z.lean ? (
              <Tag color={COLOR[z.lean]}>
                {fill(text.lean, { lean: SIZE_FIT_LABELS[z.lean].toLowerCase() })}
              </Tag>
            ) : null}
          </Flex>
        ))}
      </Flex>
    </section>
  );
}

/** The panel of a product card addressed by a size's id. */
export function SizeFitPanel({ partnerId, productId }: { partnerId: number; productId: string }) {
  const parent = useParentSku(partnerId, productId);
  const fit = useSizeFit(partnerId, parent.data ?? '');
  if (!parent.data || !fit.data) return null;
  return <SizeFitSummaryView summary={fit.data} />;
}
