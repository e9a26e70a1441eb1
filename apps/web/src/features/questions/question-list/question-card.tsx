// One question or review (spec 000 §3 Question): the product (photo, name, the seller's and Moda's parent
// SKUs, the size bought), the buyer's text with its rating and fit mark, the answer with its status and
// author — and for a rejected one its reason and the irreversible cancel — and the composer.
import { useState } from 'react';
import { App, Button, Flex, Rate, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import {
  ANSWER_STATE_LABELS,
  CHECK_RULES,
  QUESTION_STATUS_LABELS,
  REJECTION_REASON_LABELS,
  SIZE_FIT_LABELS,
  fill,
  type FeedbackItem,
} from '@moda/contracts';
import { formatDateTime } from '../../../lib/dates';
import { failureDescription } from '../../../lib/forms';
import { usePhotoUrl } from '../../../lib/api/photo-url';
import { useCancelAnswers } from '../api/question-queries';
import { questionsText } from '../locale';
import { AnswerComposer } from './answer-composer';

const text = questionsText.card;

export const STATUS_COLOR = {
  new: 'blue',
  in_progress: 'gold',
  answered: 'green',
  rejected: 'red',
} as const satisfies Record<FeedbackItem['status'], string>;

function Photo({ item }: { item: FeedbackItem }) {
  const src = usePhotoUrl(item.product.imageUrl);
  return src ? (
    <img className="questions__photo" src={src} alt={item.product.title} width={64} height={92} />
  ) : (
    <span className="questions__photo questions__photo--empty" role="img" aria-label={text.noPhoto}>
      <PictureOutlined aria-hidden />
    </span>
  );
}

export function QuestionCard({ partnerId, item }: { partnerId: number; item: FeedbackItem }) {
  const { modal, message, notification } = App.useApp();
  const [composing, setComposing] = useState(false);
  const cancel = useCancelAnswers(partnerId);
  const a = item.answer;
  const p = item.product;
  const can = (action: FeedbackItem['actions'][number]) => item.actions.includes(action);

  const confirmCancel = () =>
    modal.confirm({
      title: text.cancelTitle,
      content: text.cancelText,
      okText: text.cancelOk,
      okButtonProps: { danger: true },
      cancelText: text.cancelKeep,
      onOk: async () => {
        try {
          await cancel.mutateAsync([item.id]);
          void message.success(text.cancelled);
        } catch (error) {
          notification.error({
            title: questionsText.settings.failed,
            description: failureDescription(error),
          });
        }
      },
    });

  return (
    <article className="questions__card" aria-label={`${text[item.type]} ${item.id}`}>
      <div className="questions__product">
        <Photo item={item} />
        <div className="questions__product-text">
          <Typography.Text strong className="questions__product-title">
            {p.title}
          </Typography.Text>
          <Typography.Text type="secondary">{p.brand}</Typography.Text>
          <Typography.Text type="secondary" className="questions__sku">
            {fill(text.sellerSku, { sku: p.sellerParentSku })}
          </Typography.Text>
          <Typography.Text type="secondary" className="questions__sku">
            {fill(text.modaSku, { sku: p.modaParentSku })}
          </Typography.Text>
          {p.size ? (
            <Typography.Text type="secondary">{fill(text.size, { size: p.size })}</Typography.Text>
          ) : null}
        </div>
      </div>
      <div className="questions__body">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex gap={8} align="center" wrap>
            <Tag>{text[item.type]}</Tag>
            <Tag color={STATUS_COLOR[item.status]}>{QUESTION_STATUS_LABELS[item.status]}</Tag>
            {item.rating !== null ? (
              <Rate
                disabled
                value={item.rating}
                className="questions__rate"
                aria-label={fill(text.rating, { n: item.rating })}
              />
            ) : null}
            {item.sizeFit ? <Tag color="purple">{SIZE_FIT_LABELS[item.sizeFit]}</Tag> : null}
          </Flex>
          <Typography.Text type="secondary">
            {fill(text.from, { name: item.authorName, date: formatDateTime(item.createdAt) })}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph className="questions__text">{item.text}</Typography.Paragraph>

        {a ? (
          <section className={`questions__answer questions__answer--${a.status}`} aria-label={text.answer}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>
                {a.author === 'seller' ? text.bySeller : text.byPlatform}
              </Typography.Text>
              <Tag color={STATUS_COLOR[item.status]}>{ANSWER_STATE_LABELS[a.status]}</Tag>
              <Typography.Text type="secondary">
                {a.publishedAt
                  ? fill(text.publishedAt, { date: formatDateTime(a.publishedAt) })
                  : fill(text.sentAt, { date: formatDateTime(a.sentAt) })}
              </Typography.Text>
            </Flex>
            <Typography.Paragraph className="questions__answer-text">{a.text}</Typography.Paragraph>
            {a.rejection ? (
              <Typography.Paragraph type="danger" className="questions__rejection">
                {fill(text.rejected, { reason: REJECTION_REASON_LABELS[a.rejection.reason] })}
                {a.rejection.comment ? ` — ${a.rejection.comment}` : ''}
              </Typography.Paragraph>
            ) : a.status === 'on_moderation' && a.flags.length ? (
              <Typography.Paragraph type="warning" className="questions__rejection">
                {fill(text.flagged, {
                  rules: a.flags.map((f) => CHECK_RULES[f].label.toLowerCase()).join(', '),
                })}
              </Typography.Paragraph>
            ) : null}
          </section>
        ) : null}

        {composing ? (
          <AnswerComposer partnerId={partnerId} item={item} onDone={() => setComposing(false)} />
        ) : (
          <Flex gap={8} wrap>
            {can('send') ? (
              <Button type="primary" onClick={() => setComposing(true)}>
                {text.reply}
              </Button>
            ) : null}
            {can('edit') ? <Button onClick={() => setComposing(true)}>{text.edit}</Button> : null}
            {can('cancel') ? (
              <Button danger onClick={() => void confirmCancel()} loading={cancel.isPending}>
                {text.cancelAnswer}
              </Button>
            ) : null}
          </Flex>
        )}
      </div>
    </article>
  );
}
