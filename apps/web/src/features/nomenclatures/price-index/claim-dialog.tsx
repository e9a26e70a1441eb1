// The seller's claims on the index: a competitor price they found (competitor, link, price — checked by the
// contract's schema as typed), or a dispute of the matched price (wrong product, out of stock, wrong price).
// Either goes to the marketplace's review; the server's refusals land on their fields.
import { useRef, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { CompetitorPriceFields, DisputeReason, fill, type PriceIndexRow } from '@moda/contracts';
import { formatRub } from '../../../lib/money';
import { applyServerErrors, failureDescription, schemaRule } from '../../../lib/forms';
import { isRpcError } from '../../../lib/api/rpc-error';
import { uploadWithProgress } from '../../../lib/api/transfer';
import { useAddCompetitorPrice, useDispute, useIndexSettings } from './api/price-index-queries';
import { priceIndexText } from './locale';

const text = priceIndexText.claim;

export type ClaimTarget = { kind: 'add' | 'dispute'; row: PriceIndexRow };

interface AddValues {
  competitor: string;
  url: string;
  price: number;
}
interface DisputeValues {
  reason: DisputeReason;
  comment?: string;
}

export function ClaimDialog({
  partnerId,
  target,
  onClose,
}: {
  partnerId: number;
  target: ClaimTarget | null;
  onClose: () => void;
}) {
  const { message, notification } = App.useApp();
  const [form] = Form.useForm();
  const settings = useIndexSettings(partnerId);
  const add = useAddCompetitorPrice(partnerId);
  const dispute = useDispute(partnerId);
  const row = target?.row;
  const [screenshot, setScreenshot] = useState<{ id: string; name: string } | null>(null);
  const [attaching, setAttaching] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const attach = async (file: File) => {
    const body = new FormData();
    body.append('type', 'competitor_screenshot');
    body.append('partner_code', String(partnerId));
    body.append('file', file);
    setAttaching(true);
    try {
      const record = await uploadWithProgress<{ id: string }>('/api/v1/files', body);
      setScreenshot({ id: record.id, name: file.name });
    } catch (error) {
      notification.error({
        title: text.attachFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    } finally {
      setAttaching(false);
    }
  };

  const done = () => {
    void message.success(text.sent);
    form.resetFields();
    setScreenshot(null);
    onClose();
  };
  const failed = (fields: string[]) => (error: unknown) => {
    const placed = applyServerErrors(form, error, { fields });
    if (!placed.byField.size)
      notification.error({ title: text.failed, description: failureDescription(error, placed) });
  };

  const submit = async () => {
    if (!target || !row) return;
    const values = (await form.validateFields()) as AddValues & DisputeValues;
    if (target.kind === 'add')
      add.mutate(
        {
          productId: row.id,
          competitor: values.competitor,
          url: values.url,
          price: values.price,
          fileId: screenshot?.id,
        },
        { onSuccess: done, onError: failed(['competitor', 'url', 'price']) },
      );
    else
      dispute.mutate(
        { competitorOfferId: row.competitorOfferId!, reason: values.reason, comment: values.comment },
        { onSuccess: done, onError: failed(['reason', 'comment']) },
      );
  };

  return (
    <Modal
      open={Boolean(target)}
      title={
        row
          ? fill(target?.kind === 'add' ? text.addTitle : text.disputeTitle, { sku: row.sellerSku })
          : undefined
      }
      okText={text.send}
      cancelText={text.cancel}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        setScreenshot(null);
        onClose();
      }}
      okButtonProps={{ loading: add.isPending || dispute.isPending }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        {target?.kind === 'add' ? (
          <>
            <Form.Item
              name="competitor"
              label={text.competitor}
              rules={[schemaRule(CompetitorPriceFields.competitor)]}
            >
              <Select options={(settings.data?.competitors ?? []).map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="url" label={text.url} rules={[schemaRule(CompetitorPriceFields.url)]}>
              <Input inputMode="url" />
            </Form.Item>
            <Form.Item name="price" label={text.price} rules={[schemaRule(CompetitorPriceFields.price)]}>
              <InputNumber className="price-index__number" min={0} decimalSeparator="," />
            </Form.Item>
            <Form.Item label={text.screenshot}>
              <input
                ref={picker}
                type="file"
                hidden
                accept=".jpg,.jpeg,.png"
                aria-label={text.attach}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void attach(file);
                }}
              />
              <Button
                icon={<PaperClipOutlined />}
                loading={attaching}
                onClick={() => picker.current?.click()}
              >
                {text.attach}
              </Button>
              {screenshot ? (
                <Typography.Text type="secondary">
                  {' '}
                  {fill(text.attached, { name: screenshot.name })}
                </Typography.Text>
              ) : null}
            </Form.Item>
          </>
        ) : row ? (
          <>
            <Typography.Paragraph>
              {fill(text.matched, {
                competitor: row.competitor ?? '',
                price: formatRub(row.minCompetitorPrice),
              })}
            </Typography.Paragraph>
            <Form.Item name="reason" label={text.reason} rules={[schemaRule(DisputeReason)]}>
              <Select options={DisputeReason.options.map((r) => ({ value: r, label: text.reasons[r] }))} />
            </Form.Item>
            <Form.Item name="comment" label={text.comment}>
              <Input.TextArea rows={3} maxLength={1000} />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
