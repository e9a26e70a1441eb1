// Step 2 of the warehouse form: how orders reach the marketplace. Pick-up: order acceptance, truck
// arrival with its interval, the base warehouse the truck goes to (its address shown; labels print it),
// volume, loading time, notice; drop-off: acceptance, the trip to the shipping point (its address shown),
// volume, notice.
import { memo } from 'react';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { fill, NoticeTiming, PickUpDelivery, WAREHOUSE_LIMITS } from '@moda/contracts';
import { schemaRule } from '../../../lib/forms';
import { warehousesText } from '../locale';
import { ARRIVAL_INTERVALS, type MethodType } from '../model/warehouse-form-model';
import { BasePointField, type BasePoint } from './base-point-field';
import { MethodChoice } from './method-choice';
import { ScheduleField } from './schedule-field';

const t = warehousesText.form.delivery;
const NOTICE_OPTIONS = NoticeTiming.options.map((v) => ({ value: v, label: warehousesText.noticeTiming[v] }));
const INTERVAL_OPTIONS = ARRIVAL_INTERVALS.map((h) => ({ value: h, label: fill(t.hours, { n: h }) }));
/**
 * The numbers are checked by the contract's own schemas (volume 1 to 110 m³, fractions allowed; loading
 * time in whole minutes) as soon as the field is left, so a 0 or a 111 is told at once; an empty field is
 * reported by «Далее» like every other one. The inputs have no min, max or precision: Ant Design would
 * silently move a typed 0 or 111 into the range, or round 1,5, on blur.
 */
const VOLUME_RULES = [schemaRule(PickUpDelivery.shape.expectedVolume, { filledOnly: true })];
const LOADING_HINT = fill(t.loadingMinutesHint, WAREHOUSE_LIMITS.loadingMinutes);
const LOADING_RULES = [schemaRule(PickUpDelivery.shape.loadingMinutes, { filledOnly: true })];

export interface MethodStepProps {
  allowed: readonly MethodType[];
  locked: boolean;
  points: BasePoint[];
}

export const DeliveryStep = memo(function DeliveryStep({ allowed, locked, points }: MethodStepProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch(['deliveryMethod', 'type'], form) as MethodType | undefined;
  return (
    <>
      <MethodChoice
        name={['deliveryMethod', 'type']}
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
          <ScheduleField
            name={['deliveryMethod', 'orderAcceptance']}
            legend={t.orderAcceptance}
            hint={t.orderAcceptanceHint}
          />
          {type === 'PICK_UP' ? (
            <>
              <ScheduleField name={['deliveryMethod', 'truckArrival']} legend={t.truckArrival} />
              <BasePointField
                name={['deliveryMethod', 'baseWarehouse']}
                label={t.baseWarehouse}
                points={points}
              />
            </>
          ) : (
            <ScheduleField name={['deliveryMethod', 'shipment']} legend={t.shipment} />
          )}
          {type === 'DROP_OFF' ? (
            <BasePointField
              name={['deliveryMethod', 'shippingPoint']}
              label={t.shippingPoint}
              points={points}
            />
          ) : null}
          <Row gutter={16}>
            {type === 'PICK_UP' ? (
              <Col xs={24} sm={12}>
                <Form.Item
                  name={['deliveryMethod', 'arrivalIntervalHours']}
                  label={t.arrivalIntervalHours}
                  required
                >
                  <Select options={INTERVAL_OPTIONS} placeholder={warehousesText.form.selectPlaceholder} />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} sm={12}>
              <Form.Item
                name={['deliveryMethod', 'expectedVolume']}
                label={t.expectedVolume}
                extra={t.expectedVolumeHint}
                required
                rules={VOLUME_RULES}
                validateTrigger="onBlur"
              >
                <InputNumber step={1} decimalSeparator="," className="warehouse-form__wide" />
              </Form.Item>
            </Col>
            {type === 'PICK_UP' ? (
              <Col xs={24} sm={12}>
                <Form.Item
                  name={['deliveryMethod', 'loadingMinutes']}
                  label={t.loadingMinutes}
                  extra={LOADING_HINT}
                  required
                  rules={LOADING_RULES}
                  validateTrigger="onBlur"
                >
                  <InputNumber step={5} className="warehouse-form__wide" />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} sm={12}>
              <Form.Item name={['deliveryMethod', 'noticeTiming']} label={t.noticeTiming} required>
                <Select options={NOTICE_OPTIONS} placeholder={warehousesText.form.selectPlaceholder} />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : null}
    </>
  );
});
