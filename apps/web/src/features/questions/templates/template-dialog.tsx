// Adding or changing a reply template (spec 000 §3 Reply template): kind, name and text, checked with the
// contract's schema as the seller types and by the server on save (a taken name lands on its field).
import { useEffect } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { FEEDBACK_LIMITS, ReplyTemplateInput, type ReplyTemplate } from '@moda/contracts';
import { applyServerErrors, failureDescription, schemaRule } from '../../../lib/forms';
import { useSaveTemplate, type FeedbackKind } from '../api/question-queries';
import { questionsText } from '../locale';

const text = questionsText.templates;
const FIELDS = ['kind', 'name', 'content'] as const;

interface Values {
  kind: FeedbackKind;
  name: string;
  content: string;
}

export function TemplateDialog({
  partnerId,
  kind,
  template,
  onClose,
}: {
  partnerId: number;
  kind: FeedbackKind;
  /** The template to change; a new one when absent. */
  template: ReplyTemplate | null;
  onClose: () => void;
}) {
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveTemplate(partnerId);

  useEffect(() => {
    form.setFieldsValue(
      template
        ? { kind: template.kind, name: template.name, content: template.content }
        : { kind, name: '', content: '' },
    );
  }, [form, template, kind]);

  const submit = async (values: Values) => {
    try {
      const r = await save.mutateAsync({ ...values, ...(template ? { id: template.id } : {}) });
      void message.success(r.outcome === 'added' ? text.added : text.edited);
      onClose();
    } catch (error) {
      const placed = applyServerErrors(form, error, { fields: FIELDS });
      if (!placed.byField.size)
        notification.error({ title: text.failed, description: failureDescription(error, placed) });
    }
  };

  return (
    <Modal
      open
      title={template ? text.form.editTitle : text.form.addTitle}
      okText={text.form.save}
      cancelText={text.form.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
        <Form.Item name="kind" label={text.form.kind} required>
          <Radio.Group
            options={[
              { value: 'question', label: text.kinds.question },
              { value: 'review', label: text.kinds.review },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={text.form.name}
          required
          rules={[schemaRule(ReplyTemplateInput.shape.name)]}
        >
          <Input
            placeholder={text.form.namePlaceholder}
            maxLength={FEEDBACK_LIMITS.template.name.max}
            showCount
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={text.form.content}
          required
          rules={[schemaRule(ReplyTemplateInput.shape.content)]}
        >
          <Input.TextArea
            placeholder={text.form.contentPlaceholder}
            autoSize={{ minRows: 4, maxRows: 12 }}
            maxLength={FEEDBACK_LIMITS.template.content.max}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
