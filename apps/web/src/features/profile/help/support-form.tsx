// The support request form (spec 000 §2): a reason from the server, the text and at most one
// attachment, checked in the browser by extension and size, uploaded as support_attachment and sent
// with v1.support.email.send. Writing to support stays open in the read-only cabinet.
import { useState } from 'react';
import { App, Button, Form, Input, Result, Select, Upload, type UploadFile } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { fill, supportEmailSend } from '@moda/contracts';
import { applyServerErrors, schemaRule, serverFieldErrors } from '../../../lib/forms';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useSendSupportRequest, useUploadAttachment } from '../api/profile-mutations';
import { useSupportReasons } from '../api/profile-queries';
import { causeOf, failureText } from '../model/failure';
import { profileText } from '../locale';
import { ACCEPT, attachmentProblem, FORMAT_LIST, MAX_MB } from './attachment';

interface FormValues {
  reasonCode: string;
  text: string;
}

const SHAPE = supportEmailSend.params.shape;
const TEXT_MAX = 5000;

interface Attachment {
  file: UploadFile;
  id: string | null;
}

export function SupportForm({ partnerId }: { partnerId: number }) {
  const text = profileText.help;
  const { notification } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const reasons = useSupportReasons();
  const send = useSendSupportRequest();
  const upload = useUploadAttachment();
  const { readOnly } = useReadOnly();
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  async function attach(file: File) {
    const uid = `${Date.now()}`;
    setAttachmentError(null);
    setAttachment({ file: { uid, name: file.name, status: 'uploading' }, id: null });
    try {
      const record = await upload.mutateAsync({ partnerId, file });
      setAttachment({ file: { uid, name: file.name, status: 'done' }, id: record.id });
    } catch (error) {
      setAttachment(null);
      setAttachmentError(failureText(text.uploadFailed, error));
    }
  }

  async function submit(values: FormValues) {
    try {
      const result = await send.mutateAsync({
        partnerId,
        reasonCode: values.reasonCode,
        text: values.text,
        ...(attachment?.id ? { attachmentId: attachment.id } : {}),
      });
      setSentId(result.requestId);
      form.resetFields();
      setAttachment(null);
    } catch (error) {
      const onFields = applyServerErrors(form, error, { fields: ['reasonCode', 'text'] }).byField.size > 0;
      const onAttachment = serverFieldErrors(error).attachmentId;
      if (onAttachment) {
        setAttachment(null);
        setAttachmentError(onAttachment);
      }
      if (!onFields && !onAttachment)
        notification.error({ title: text.sendFailed, description: causeOf(error) });
    }
  }

  if (sentId) {
    return (
      <Result
        status="success"
        title={text.sent}
        subTitle={fill(text.sentText, { id: sentId })}
        extra={<Button onClick={() => setSentId(null)}>{text.another}</Button>}
      />
    );
  }

  const uploading = attachment?.file.status === 'uploading';
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      disabled={send.isPending}
    >
      <Form.Item
        name="reasonCode"
        label={text.reason}
        rules={[schemaRule(SHAPE.reasonCode)]}
        validateStatus={reasons.isError ? 'error' : undefined}
        help={reasons.isError ? failureText(text.reasonsFailed, reasons.error) : undefined}
      >
        <Select
          placeholder={text.reasonPlaceholder}
          loading={reasons.isLoading}
          options={(reasons.data?.items ?? []).map((r) => ({ value: r.code, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="text" label={text.text} rules={[schemaRule(SHAPE.text)]}>
        <Input.TextArea rows={6} maxLength={TEXT_MAX} showCount placeholder={text.textPlaceholder} />
      </Form.Item>
      <Form.Item
        label={text.attachment}
        validateStatus={attachmentError ? 'error' : undefined}
        help={
          attachmentError ??
          (readOnly
            ? text.attachmentReadOnly
            : fill(text.attachmentHint, { size: MAX_MB, formats: FORMAT_LIST }))
        }
      >
        <Upload
          accept={ACCEPT}
          maxCount={1}
          disabled={readOnly || send.isPending}
          fileList={attachment ? [attachment.file] : []}
          beforeUpload={(file) => {
            const problem = attachmentProblem(file);
            if (problem) setAttachmentError(problem);
            else void attach(file);
            // The upload is ours (the field order matters to the server), never Upload's own request.
            return Upload.LIST_IGNORE;
          }}
          onRemove={() => {
            setAttachment(null);
            setAttachmentError(null);
          }}
          locale={{ removeFile: text.remove, uploading: text.uploading }}
        >
          <Button icon={<PaperClipOutlined aria-hidden />} disabled={readOnly || uploading}>
            {text.attach}
          </Button>
        </Upload>
      </Form.Item>
      <Form.Item className="profile-support__submit">
        <Button type="primary" htmlType="submit" loading={send.isPending} disabled={uploading}>
          {text.submit}
        </Button>
      </Form.Item>
    </Form>
  );
}
