// Step 3 of the warehouse form: how returns come back — brought by platform transport on a schedule,
// or collected by the seller at a pick-up point (its address shown).
import { memo } from 'react';
import { Alert, Form, Typography } from 'antd';
import { warehousesText } from '../locale';
import { schedulesDiffer, type MethodType, type ScheduleValues } from '../model/warehouse-form-model';
import { BasePointField } from './base-point-field';
import type { MethodStepProps } from './delivery-step';
import { MethodChoice } from './method-choice';
import { ScheduleField } from './schedule-field';

const t = warehousesText.form.return;

export const ReturnStep = memo(function ReturnStep({ allowed, locked, points }: MethodStepProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch(['returnMethod', 'type'], form) as MethodType | undefined;
  const deliveryType = Form.useWatch(['deliveryMethod', 'type'], form) as MethodType | undefined;
  const outbound = Form.useWatch(
    ['deliveryMethod', deliveryType === 'DROP_OFF' ? 'shipment' : 'truckArrival'],
    form,
  ) as ScheduleValues | undefined;
  const back = Form.useWatch(['returnMethod', 'schedule'], form) as ScheduleValues | undefined;
  const differ = deliveryType !== undefined && schedulesDiffer(outbound, back);
  return (
    <>
      <MethodChoice
        name={['returnMethod', 'type']}
        label={t.type}
        labels={{
          PICK_UP: { title: t.pickUp, hint: t.pickUpHint },
          DROP_OFF: { title: t.dropOff, hint: t.dropOffHint },
        }}
        allowed={allowed}
        locked={locked}
        lockedText={t.typeLocked}
      />
      {type ? (
        <>
          <ScheduleField name={['returnMethod', 'schedule']} legend={t.schedule} />
          {differ ? (
            <Alert
              className="warehouse-form__note"
              type="warning"
              showIcon
              title={warehousesText.card.doubleLogisticsCost}
            />
          ) : (
            <Typography.Paragraph type="secondary" className="warehouse-form__hint">
              {t.sameScheduleHint}
            </Typography.Paragraph>
          )}
          {type === 'DROP_OFF' ? (
            <BasePointField name={['returnMethod', 'pickupPoint']} label={t.pickupPoint} points={points} />
          ) : null}
        </>
      ) : null}
    </>
  );
});
