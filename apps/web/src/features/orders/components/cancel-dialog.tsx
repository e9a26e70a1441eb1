// The cancel dialog (spec 000 §4 Order: cancelling is irreversible): the reason CLAIM / REJECT / CANCEL is
// chosen, the dialog says the step cannot be undone, and the seller ticks that they understand before it
// goes out. Serves both the whole order and the selected items.
import { useEffect } from 'react';
import { Alert, Checkbox, Flex, Form, Modal, Radio, Typography } from 'antd';
import { fill, OrderCancelAction } from '@moda/contracts';
import type { CancelAction } from '../api/order-queries';
import { cancelActionNames, ordersText } from '../locale';

const t = ordersText.card.cancelDialog;

export interface CancelTarget {
  orderNr: string;
  /** Items to cancel; undefined cancels the whole order. */
  itemIds?: string[];
}

interface Values {
  action?: CancelAction;
  acknowledged?: boolean;
}

export function CancelDialog({
  target,
  pending,
  onSubmit,
  onClose,
}: {
  target: CancelTarget | null;
  pending: boolean;
  onSubmit: (action: CancelAction) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const title = target?.itemIds
    ? fill(t.itemsTitle, { id: target.orderNr })
    : fill(t.orderTitle, { id: target?.orderNr ?? '' });

  return (
    <Modal
      open={target !== null}
      title={title}
      okText={t.ok}
      cancelText={t.back}
      okButtonProps={{ danger: true, loading: pending }}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          (v) => v.action && onSubmit(v.action),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        {target?.itemIds ? (
          <Typography.Paragraph>{fill(t.itemsCount, { count: target.itemIds.length })}</Typography.Paragraph>
        ) : null}
        <Form.Item name="action" label={t.reason} rules={[{ required: true, message: t.reasonRequired }]}>
          <Radio.Group>
            <Flex vertical gap={8}>
              {OrderCancelAction.options.map((a) => (
                <Radio key={a} value={a}>
                  {cancelActionNames[a].label}
                  <Typography.Text type="secondary" className="order-card__cancel-hint">
                    {cancelActionNames[a].hint}
                  </Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Alert type="warning" showIcon title={t.irreversible} description={t.irreversibleHint} />
        <Form.Item
          name="acknowledged"
          valuePropName="checked"
          className="order-card__acknowledge"
          rules={[
            {
              validator: (_, v: boolean | undefined) =>
                v ? Promise.resolve() : Promise.reject(new Error(t.acknowledgeRequired)),
            },
          ]}
        >
          <Checkbox>{t.acknowledge}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
