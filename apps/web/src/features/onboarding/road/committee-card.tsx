// The assortment committee's case as the seller sees it: the decision per brand and category with the
// committee's comments, and answers to the items it asks about.
import { useState } from 'react';
import { App, Button, Card, Form, Input, List, Space, Tag, Typography } from 'antd';
import { fill, type Committee } from '@moda/contracts';
import { serverFieldErrors } from '../../../lib/forms';
import { useAnswerCommittee } from '../api/onboarding-api';
import { onboardingText } from '../locale';

const T = onboardingText.committee;
const Q = onboardingText.questionnaire;

export const itemName = (i: Committee['items'][number]) =>
  i.kind === 'category' ? (Q.categories[i.name as keyof typeof Q.categories] ?? i.name) : i.name;

export function CommitteeCard({ committee }: { committee: Committee }) {
  const asking = committee.status === 'clarificationRequired';
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useAnswerCommittee();
  const { message } = App.useApp();
  const open = committee.items.filter((i) => i.decision === 'NEED_CLARIFICATION');
  const send = () => {
    const list = open.map((i) => ({ itemId: i.id, answer: answers[i.id] ?? '' }));
    save.mutate(
      { answers: list },
      {
        onSuccess: () => void message.success(T.sent),
        onError: (e) => {
          const byPath = serverFieldErrors(e);
          const mapped: Record<string, string | undefined> = {};
          list.forEach(
            (a, i) => (mapped[a.itemId] = byPath[`answers.${i}.answer`] ?? byPath[`answers.${i}.itemId`]),
          );
          setErrors(mapped);
          if (!Object.values(mapped).some(Boolean)) void message.error(e.message);
        },
      },
    );
  };
  return (
    <Card type="inner" title={T.title} style={{ marginTop: 16 }} data-testid="committee-card">
      {committee.comment ? (
        <Typography.Paragraph>{fill(T.comment, { comment: committee.comment })}</Typography.Paragraph>
      ) : null}
      <List
        dataSource={committee.items}
        renderItem={(i) => (
          <List.Item key={i.id}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Typography.Text type="secondary">{T.kinds[i.kind]}</Typography.Text>
                <Typography.Text strong>{itemName(i)}</Typography.Text>
                <Tag>{T.decisions[i.decision]}</Tag>
              </Space>
              {i.comment ? <Typography.Text>{i.comment}</Typography.Text> : null}
              {asking && i.decision === 'NEED_CLARIFICATION' ? (
                <Form.Item
                  label={T.answerLabel}
                  validateStatus={errors[i.id] ? 'error' : undefined}
                  help={errors[i.id]}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea
                    aria-label={`${T.answerLabel}: ${itemName(i)}`}
                    value={answers[i.id] ?? ''}
                    onChange={(e) => setAnswers((a) => ({ ...a, [i.id]: e.target.value }))}
                    autoSize={{ minRows: 2 }}
                  />
                </Form.Item>
              ) : null}
            </Space>
          </List.Item>
        )}
      />
      {asking && open.length ? (
        <Button type="primary" loading={save.isPending} onClick={send}>
          {T.send}
        </Button>
      ) : null}
    </Card>
  );
}
