// Step 2 of the warehouse form: how orders reach the marketplace. Pick-up: order acceptance, truck
// arrival with its interval, volume, loading time, notice; drop-off: acceptance, the trip to the
// shipping point (its address shown), volume, notice.
import { memo } from 'react';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { NoticeTiming, WAREHOUSE_LIMITS } from '@moda/contracts';
import { fill } from '@moda/contracts';
import { warehousesText } from '../locale';
import { ARRIVAL_INTERVALS, type MethodType } from '../model/warehouse-form-model';
import { BasePointField, type BasePoint } from './base-point-field';
import { MethodChoice } from './method-choice';
import { ScheduleField } from './schedule-field';

const t = warehousesText.form.delivery;
const NOTICE_OPTIONS = NoticeTiming.options.map((v) => ({ value: v, label: warehousesText.noticeTiming[v] }));
const INTERVAL_OPTIONS = ARRIVAL_INTERVALS.map((h) => ({ value: h, label: fill(t.hours, { n: h }) }));
const L = WAREHOUSE_LIMITS;

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
            <ScheduleField name={['deliveryMethod', 'truckArrival']} legend={t.truckArrival} />
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
              >
                <InputNumber
                  min={L.expectedVolume.min}
                  max={L.expectedVolume.max}
                  step={1}
                  decimalSeparator=","
                  className="warehouse-form__wide"
                />
              </Form.Item>
            </Col>
            {type === 'PICK_UP' ? (
              <Col xs={24} sm={12}>
                <Form.Item name={['deliveryMethod', 'loadingMinutes']} label={t.loadingMinutes} required>
                  <InputNumber
                    min={L.loadingMinutes.min}
                    max={L.loadingMinutes.max}
                    step={5}
                    precision={0}
                    className="warehouse-form__wide"
                  />
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
