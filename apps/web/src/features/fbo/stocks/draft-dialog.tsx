// «Черновик поставки из прогноза»: the chosen forecast rows become a draft supply — quantities editable
// (the recommendation to start with), the 5,000 SKU / 10,000 items limits checked with the contract's own
// schema before sending, the warehouse chosen; the day is booked on the card afterwards.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Form, InputNumber, Modal, Select, Table, Typography } from 'antd';
import {
  BASE_WAREHOUSES,
  FboDraftItems,
  fill,
  type FboStockRow,
  type FboWarehouseCode,
} from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { schemaErrors, serverFieldErrors } from '../../../lib/forms';
import { useCreateDraft } from '../api/fbo-queries';
import { warehouseName } from '../model/supply-look';
import { fboText } from '../locale';

const t = fboText.stocks;

export function DraftDialog({
  partnerId,
  rows,
  onClose,
}: {
  partnerId: number;
  rows: FboStockRow[];
  onClose: () => void;
}) {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateDraft(partnerId);
  const warehouses = [...new Set(rows.map((r) => r.warehouseCode))];
  const [warehouse, setWarehouse] = useState<FboWarehouseCode>(warehouses[0] ?? 'Bykovo');
  // One line per SKU: the same SKU chosen at two warehouses is summed.
  const [qty, setQty] = useState<Record<string, number | null>>(() => {
    const out: Record<string, number | null> = {};
    for (const r of rows) out[r.sellerSku] = (out[r.sellerSku] ?? 0) + Math.max(1, r.recommended);
    return out;
  });
  const lines = useMemo(
    () => Object.entries(qty).map(([sellerSku, quantity]) => ({ sellerSku, quantity })),
    [qty],
  );
  const items = lines.map((l) => ({ sellerSku: l.sellerSku, quantity: l.quantity ?? 0 }));
  const errors = schemaErrors(FboDraftItems, items);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const total = items.reduce((n, i) => n + i.quantity, 0);
  const listMessage = errors['-'] ?? errors[''];
  // A line already saying it (one line over 10,000) needs no second notice under the table.
  const listError = Object.entries(errors).some(([k, v]) => k !== '-' && k !== '' && v === listMessage)
    ? undefined
    : listMessage;

  const submit = async () => {
    setServerErrors({});
    try {
      const card = await create.mutateAsync({ warehouseCode: warehouse, items });
      void message.success(fill(t.draftCreated, { number: card.number }));
      onClose();
      void navigate(`/fbo/shipments/${card.id}`);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      if (!Object.keys(fields).length)
        notification.error({
          title: t.draftFailed,
          description: isRpcError(error) ? error.apiMessage : undefined,
        });
    }
  };

  const lineError = (i: number, key: string) => errors[`${i}.${key}`] ?? serverErrors[`items.${i}.${key}`];
  return (
    <Modal
      open
      title={t.draftTitle}
      width={720}
      onCancel={onClose}
      okText={t.draftCreate}
      cancelText={fboText.create.cancel}
      okButtonProps={{ disabled: Object.keys(errors).length > 0, loading: create.isPending }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t.draftHint}</Typography.Paragraph>
      {warehouses.length > 1 ? (
        <Alert className="fbo__section" type="info" showIcon title={t.draftMixed} />
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t.draftWarehouse} htmlFor="fbo-draft-warehouse">
          <Select
            id="fbo-draft-warehouse"
            aria-label={t.draftWarehouse}
            value={warehouse}
            onChange={(w: FboWarehouseCode) => setWarehouse(w)}
            options={BASE_WAREHOUSES.map((w) => ({ value: w, label: warehouseName(w) }))}
          />
        </Form.Item>
      </Form>
      <Table
        rowKey="sellerSku"
        size="small"
        dataSource={lines}
        pagination={lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'sku', dataIndex: 'sellerSku', title: t.columns.sku },
          {
            key: 'quantity',
            title: t.draftQuantity,
            render: (_: unknown, l, i) => (
              <Form.Item
                validateStatus={lineError(i, 'quantity') ? 'error' : undefined}
                help={lineError(i, 'quantity') ?? lineError(i, 'sellerSku')}
                style={{ margin: 0 }}
              >
                <InputNumber
                  aria-label={`${t.draftQuantity} ${l.sellerSku}`}
                  precision={0}
                  value={l.quantity}
                  onChange={(v) => setQty((q) => ({ ...q, [l.sellerSku]: v }))}
                />
              </Form.Item>
            ),
          },
        ]}
      />
      <Typography.Text>{fill(t.draftTotal, { skus: lines.length, items: total })}</Typography.Text>
      {listError ? <Alert className="fbo__section" type="error" showIcon title={listError} /> : null}
    </Modal>
  );
}
