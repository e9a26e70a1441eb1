// The settings' feedback section (spec 000 §2 "Settings for Q&A and reviews", §6): whether the seller answers
// itself, the block state and its rules, every rejected answer with its reason — the ones still standing may
// be cancelled — and, for the internal roles that administer them, deleting a strike (audited). Moderation
// specialists also get the queue of answers waiting for them.
import { useState } from 'react';
import { App, Button, Flex, Result, Spin, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { REJECTION_REASON_LABELS, fill, type Role, type Strike } from '@moda/contracts';
import { mayCall } from '../../../lib/api/may-call';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { failureDescription } from '../../../lib/forms';
import {
  useActivateAnswers,
  useCancelAnswers,
  useDeleteStrike,
  useFeedbackSettings,
} from '../api/question-queries';
import { AnsweringBanner } from '../components/answering-banner';
import { questionsText } from '../locale';
import { ModerationQueue } from './moderation-queue';
import '../questions.css';

const text = questionsText.settings;

export function FeedbackSettingsSection({ partnerId, roles }: { partnerId: number; roles: readonly Role[] }) {
  const { modal, message, notification } = App.useApp();
  const settings = useFeedbackSettings(partnerId);
  const activate = useActivateAnswers(partnerId);
  const cancel = useCancelAnswers(partnerId);
  const deleteStrike = useDeleteStrike(partnerId);
  const [selected, setSelected] = useState<string[]>([]);
  const mayDeleteStrikes = mayCall('v1.feedback.strikes.delete', roles);
  const maySwitch = mayCall('v1.feedback.seller-feedback.activate', roles);
  const moderates = mayCall('v1.feedback.moderation.list', roles);

  const failed = (error: unknown) =>
    notification.error({ title: text.failed, description: failureDescription(error) });

  const removeStrike = (s: Strike) =>
    modal.confirm({
      title: text.deleteStrikeTitle,
      content: text.deleteStrikeText,
      okText: text.deleteStrike,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteStrike.mutateAsync(s.id);
          void message.success(text.strikeDeleted);
        } catch (error) {
          failed(error);
        }
      },
    });

  const cancelSelected = () =>
    modal.confirm({
      title: questionsText.card.cancelTitle,
      content: questionsText.card.cancelText,
      okText: questionsText.card.cancelOk,
      okButtonProps: { danger: true },
      cancelText: questionsText.card.cancelKeep,
      onOk: async () => {
        try {
          await cancel.mutateAsync(selected);
          setSelected([]);
          void message.success(text.cancelledMany);
        } catch (error) {
          failed(error);
        }
      },
    });

  const columns: TableColumnsType<Strike> = [
    { key: 'date', title: text.columns.date, render: (_v, s) => formatDateTime(s.rejectedAt) },
    {
      key: 'product',
      title: text.columns.product,
      render: (_v, s) => `${s.productTitle} (${s.sellerParentSku})`,
    },
    { key: 'answer', title: text.columns.answer, dataIndex: 'answerText' },
    {
      key: 'reason',
      title: text.columns.reason,
      render: (_v, s) => REJECTION_REASON_LABELS[s.reason] + (s.comment ? ` — ${s.comment}` : ''),
    },
    {
      key: 'state',
      title: text.columns.state,
      render: (_v, s) =>
        s.deletedAt ? (
          <Tag>{fill(text.deleted, { date: formatDate(s.deletedAt) })}</Tag>
        ) : (
          <Tag color="red">{text.active}</Tag>
        ),
    },
    ...(mayDeleteStrikes
      ? [
          {
            key: 'actions',
            title: '',
            render: (_v: unknown, s: Strike) =>
              s.deletedAt ? null : (
                <Button size="small" danger onClick={() => void removeStrike(s)}>
                  {text.deleteStrike}
                </Button>
              ),
          },
        ]
      : []),
  ];

  if (settings.isError && !settings.data)
    return (
      <Result
        status="error"
        title={text.loadError}
        subTitle={isRpcError(settings.error) ? settings.error.apiMessage : undefined}
      />
    );
  const data = settings.data;
  return (
    <div className="feedback-settings">
      <section className="feedback-settings__section" aria-label={text.title}>
        <Typography.Title level={2}>{text.title}</Typography.Title>
        {!data ? (
          <Spin />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{text.rules}</Typography.Paragraph>
            <AnsweringBanner state={data.answering} settingsLink={false} />
            <Flex gap={8} align="center" className="feedback-settings__section">
              <Switch
                aria-label={text.answersSwitch}
                checked={data.answering.sellerAnswers}
                disabled={!maySwitch}
                loading={activate.isPending}
                onChange={(on) => void activate.mutateAsync(on).catch(failed)}
              />
              <Typography.Text>{text.answersSwitch}</Typography.Text>
            </Flex>
            <Typography.Title level={3}>{text.strikesTitle}</Typography.Title>
            <Typography.Paragraph>
              {fill(text.strikeCounts, { n: data.answering.strikes })}
            </Typography.Paragraph>
            <Table<Strike>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={data.strikes}
              pagination={false}
              locale={{ emptyText: text.strikesEmpty }}
              className="feedback-settings__section"
            />
            {data.rejected.length ? (
              <>
                <Typography.Title level={3}>{text.cancelTitle}</Typography.Title>
                <Table
                  rowKey="id"
                  size="middle"
                  pagination={false}
                  dataSource={data.rejected}
                  rowSelection={
                    maySwitch
                      ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
                      : undefined
                  }
                  columns={[
                    { key: 'product', title: text.columns.product, render: (_v, i) => i.product.title },
                    { key: 'answer', title: text.columns.answer, render: (_v, i) => i.answer?.text },
                    {
                      key: 'reason',
                      title: text.columns.reason,
                      render: (_v, i) =>
                        i.answer?.rejection ? REJECTION_REASON_LABELS[i.answer.rejection.reason] : '',
                    },
                  ]}
                />
                {maySwitch ? (
                  <Button
                    danger
                    disabled={!selected.length}
                    onClick={() => void cancelSelected()}
                    className="questions__pager"
                  >
                    {fill(text.cancelSelected, { n: selected.length })}
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        )}
      </section>
      {moderates ? <ModerationQueue /> : null}
    </div>
  );
}
