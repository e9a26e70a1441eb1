// The card's slot dialogs: another day at the same warehouse, a move to another warehouse (a request the
// warehouse answers, or at once for a draft), and the waitlist for a full day.
import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { BASE_WAREHOUSES, type FboSupplyCard, type FboWarehouseCode } from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { SlotSelect } from '../components/slot-select';
import { warehouseName } from '../model/supply-look';
import { fboText } from '../locale';

const t = fboText.card;
export type SlotDialogKind = 'bookSlot' | 'changeWarehouse' | 'waitlist';

export function SlotDialog({
  partnerId,
  supply,
  kind,
  onClose,
  onSave,
}: {
  partnerId: number;
  supply: FboSupplyCard;
  kind: SlotDialogKind;
  onClose: () => void;
  onSave: (v: { warehouseCode: FboWarehouseCode; plannedDate: string }) => Promise<unknown>;
}) {
  const [warehouse, setWarehouse] = useState<FboWarehouseCode>(supply.warehouseCode);
  const [day, setDay] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // Only a draft may wait at another warehouse: a planned supply waits where it is planned.
  const pickWarehouse = kind === 'changeWarehouse' || (kind === 'waitlist' && supply.status === 'draft');

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await onSave({ warehouseCode: warehouse, plannedDate: day! });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      // A refusal without a field (a move the state does not allow) is told under the day.
      setErrors(
        Object.keys(fields).length
          ? fields
          : { plannedDate: isRpcError(error) ? error.apiMessage : undefined },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t.slotDialog[kind]}
      onCancel={onClose}
      okText={t.slotDialog.ok}
      cancelText={fboText.create.cancel}
      okButtonProps={{ disabled: !day, loading: saving }}
      onOk={() => void save()}
      destroyOnHidden
    >
      <Form layout="vertical">
        {kind === 'waitlist' ? (
          <Typography.Paragraph type="secondary">{t.slotDialog.waitlistHint}</Typography.Paragraph>
        ) : null}
        {pickWarehouse ? (
          <Form.Item
            label={fboText.create.warehouse}
            htmlFor="fbo-slot-warehouse"
            validateStatus={errors.warehouseCode ? 'error' : undefined}
            help={errors.warehouseCode}
          >
            <Select
              id="fbo-slot-warehouse"
              aria-label={fboText.create.warehouse}
              value={warehouse}
              onChange={(w: FboWarehouseCode) => {
                setWarehouse(w);
                setDay(undefined);
              }}
              options={BASE_WAREHOUSES.map((w) => ({ value: w, label: warehouseName(w) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={fboText.create.day}
          htmlFor="fbo-slot-day"
          extra={fboText.create.dayHint}
          validateStatus={errors.plannedDate ? 'error' : undefined}
          help={errors.plannedDate}
        >
          <SlotSelect
            id="fbo-slot-day"
            partnerId={partnerId}
            warehouseCode={warehouse}
            value={day}
            onChange={setDay}
            fullOnly={kind === 'waitlist'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
