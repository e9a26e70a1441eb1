// The answer composer of a question or review card: write, or pick a template of the item's kind and edit
// it; the automatic moderation's rules run while the seller types and mark what would be refused, and
// sending such an answer asks first. Server refusals land on the text field or in a notification.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { CHECK_RULES, FEEDBACK_LIMITS, checkAnswer, fill, type FeedbackItem } from '@moda/contracts';
import { failureDescription, serverFieldErrors } from '../../../lib/forms';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAnswer, useTemplates } from '../api/question-queries';
import { CheckResult } from '../components/check-marks';
import { questionsText } from '../locale';

const text = questionsText.composer;
/** The check follows typing after this pause. */
const CHECK_DELAY_MS = 250;

export interface AnswerComposerProps {
  partnerId: number;
  item: FeedbackItem;
  onDone: () => void;
}

export function AnswerComposer({ partnerId, item, onDone }: AnswerComposerProps) {
  const { modal, message, notification } = App.useApp();
  const [value, setValue] = useState(item.answer?.text ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const templates = useTemplates(partnerId, item.type);
  const answer = useAnswer(partnerId);
  const checked = useDebouncedValue(value, CHECK_DELAY_MS);
  const hits = useMemo(() => checkAnswer(checked), [checked]);
  const editing = item.answer !== null;

  const send = async () => {
    setFieldError(undefined);
    try {
      const r = await answer.mutateAsync({ id: item.id, text: value });
      void message.success(r.outcome === 'sent' ? text.sent : text.edited);
      onDone();
    } catch (error) {
      const onField = serverFieldErrors(error).text;
      if (onField) setFieldError(onField);
      else notification.error({ title: text.failed, description: failureDescription(error) });
    }
  };

  const submit = () => {
    // The check as it is now, not as it was a moment ago.
    const now = checkAnswer(value);
    if (!now.length) return void send();
    modal.confirm({
      title: text.confirmTitle,
      content: fill(text.confirmText, {
        rules: [...new Set(now.map((h) => CHECK_RULES[h.rule].label.toLowerCase()))].join(', '),
      }),
      okText: text.confirmOk,
      cancelText: text.confirmCancel,
      onOk: send,
    });
  };

  const options = (templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));
  const kindName = item.type === 'question' ? text.kindQuestions : text.kindReviews;

  return (
    <Form layout="vertical" className="questions__composer" onFinish={submit}>
      <Flex gap={8} align="center" wrap className="questions__composer-tools">
        <Select
          className="questions__template"
          aria-label={text.template}
          placeholder={text.templatePlaceholder}
          options={options}
          loading={templates.isPending}
          notFoundContent={fill(text.noTemplates, { kind: kindName })}
          onChange={(id: string) => {
            const chosen = templates.data?.items.find((t) => t.id === id);
            if (chosen) setValue(chosen.content);
          }}
          value={null}
        />
        <Link to="/questions/templates">{text.manageTemplates}</Link>
      </Flex>
      <Form.Item
        label={text.label}
        validateStatus={fieldError ? 'error' : undefined}
        help={fieldError}
        className="questions__composer-field"
      >
        <Input.TextArea
          aria-label={text.label}
          value={value}
          placeholder={text.placeholder}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={FEEDBACK_LIMITS.answer.max}
          onChange={(e) => {
            setValue(e.target.value);
            setFieldError(undefined);
          }}
        />
      </Form.Item>
      <CheckResult value={checked} hits={hits} />
      <Flex justify="space-between" align="center" gap={8} className="questions__composer-actions">
        <Typography.Text type="secondary">
          {fill(text.counter, { n: value.length, max: FEEDBACK_LIMITS.answer.max })}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={onDone}>{text.close}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={answer.isPending}
            disabled={value.trim().length < FEEDBACK_LIMITS.answer.min}
          >
            {editing ? text.save : text.send}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
