// The moderation specialists' queue (support, admin): answers the automatic check refused, of every
// partner, oldest first, each with what the check found marked; publish, or reject with a reason (the
// reason the check suggests is preselected) and a comment for the seller.
import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import {
  REASON_OF_RULE,
  REJECTION_REASON_LABELS,
  RejectionReason,
  checkAnswer,
  fill,
  type FeedbackItem,
} from '@moda/contracts';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/dates';
import { failureDescription } from '../../../lib/forms';
import { useDecide, useModerationQueue } from '../api/question-queries';
import { MarkedText } from '../components/check-marks';
import { questionsText } from '../locale';

const text = questionsText.moderation;
type Reason = z.infer<typeof RejectionReason>;

function RejectDialog({
  item,
  onReject,
  onClose,
}: {
  item: FeedbackItem;
  onReject: (reason: Reason, comment: string) => Promise<void>;
  onClose: () => void;
}) {
  const suggested = item.answer?.flags[0];
  const [reason, setReason] = useState<Reason>(suggested ? REASON_OF_RULE[suggested] : 'communication_rules');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={text.rejectTitle}
      okText={text.rejectOk}
      okButtonProps={{ danger: true }}
      cancelText={text.cancel}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => {
        setBusy(true);
        void onReject(reason, comment.trim()).finally(() => setBusy(false));
      }}
    >
      <Form layout="vertical">
        <Form.Item label={text.reason} required>
          <Select
            aria-label={text.reason}
            value={reason}
            onChange={(r: Reason) => setReason(r)}
            options={RejectionReason.options.map((r) => ({ value: r, label: REJECTION_REASON_LABELS[r] }))}
          />
        </Form.Item>
        <Form.Item label={text.comment}>
          <Input.TextArea
            aria-label={text.comment}
            value={comment}
            maxLength={500}
            onChange={(e) => setComment(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ModerationQueue() {
  const { message, notification } = App.useApp();
  const queue = useModerationQueue(true);
  const decide = useDecide();
  const [rejecting, setRejecting] = useState<{ partnerId: number; item: FeedbackItem } | null>(null);

  const run = async (
    partnerId: number,
    item: FeedbackItem,
    decision: 'publish' | 'reject',
    reason?: Reason,
    comment?: string,
  ) => {
    try {
      await decide.mutateAsync({
        partnerId,
        questionId: item.id,
        decision,
        ...(reason ? { reason } : {}),
        ...(comment ? { comment } : {}),
      });
      void message.success(decision === 'publish' ? text.published : text.rejected);
      setRejecting(null);
    } catch (error) {
      notification.error({ title: text.failed, description: failureDescription(error) });
    }
  };

  return (
    <section className="feedback-settings__section" aria-label={text.title}>
      <Typography.Title level={3}>{text.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text.subtitle}</Typography.Paragraph>
      {queue.isPending ? (
        <Spin />
      ) : queue.data?.items.length ? (
        <div className="questions__list">
          {queue.data.items.map(({ partnerId, shopName, item }) => (
            <article
              key={item.id}
              className="questions-templates__item"
              aria-label={fill(text.shop, { shop: shopName, id: item.id })}
            >
              <Flex justify="space-between" gap={12} wrap>
                <Typography.Text strong>{fill(text.shop, { shop: shopName, id: partnerId })}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(item.answer?.sentAt)}</Typography.Text>
              </Flex>
              <Typography.Text type="secondary">{item.product.title}</Typography.Text>
              <Typography.Paragraph className="questions__text">
                <Typography.Text type="secondary">{text.question}: </Typography.Text>
                {item.text}
              </Typography.Paragraph>
              <Typography.Paragraph className="questions__answer questions__answer--on_moderation">
                <MarkedText value={item.answer?.text ?? ''} hits={checkAnswer(item.answer?.text ?? '')} />
              </Typography.Paragraph>
              <Flex gap={8}>
                <Button
                  type="primary"
                  onClick={() => void run(partnerId, item, 'publish')}
                  loading={decide.isPending}
                >
                  {text.publish}
                </Button>
                <Button danger onClick={() => setRejecting({ partnerId, item })}>
                  {text.reject}
                </Button>
              </Flex>
            </article>
          ))}
        </div>
      ) : (
        <Empty description={text.empty} />
      )}
      {rejecting ? (
        <RejectDialog
          item={rejecting.item}
          onClose={() => setRejecting(null)}
          onReject={(reason, comment) => run(rejecting.partnerId, rejecting.item, 'reject', reason, comment)}
        />
      ) : null}
    </section>
  );
}
