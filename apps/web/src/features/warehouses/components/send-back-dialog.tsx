// Support sends a warehouse back to the seller with a required comment (5–500 characters, the
// contract's rule), which the seller then sees on the warehouse's card.
import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { fill, toFieldErrors, warehousesSendBack, type Warehouse } from '@moda/contracts';
import { serverFieldErrors } from '../../../lib/forms';
import { warehousesText } from '../locale';

const COMMENT_MAX = 500;

export interface SendBackDialogProps {
  warehouse: Warehouse | null;
  onSubmit: (comment: string) => Promise<void>;
  onClose: () => void;
}

export function SendBackDialog({ warehouse, onSubmit, onClose }: SendBackDialogProps) {
  const text = warehousesText.sendBack;
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = warehousesSendBack.params.shape.comment.safeParse(comment);
    if (!parsed.success) {
      setError(toFieldErrors(parsed.error)[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      close();
    } catch (e) {
      // A refused comment lands on the field; other failures were already notified by the caller.
      const field = serverFieldErrors(e).comment;
      if (field) setError(field);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={warehouse !== null}
      title={warehouse ? fill(text.title, { name: warehouse.general.name }) : null}
      okText={text.ok}
      cancelText={warehousesText.confirm.cancel}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={text.comment}
          htmlFor="warehouse-send-back-comment"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.TextArea
            id="warehouse-send-back-comment"
            value={comment}
            placeholder={text.placeholder}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={COMMENT_MAX}
            showCount
            onChange={(e) => {
              setComment(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
        <Typography.Text type="secondary">{text.hint}</Typography.Text>
      </Form>
    </Modal>
  );
}
