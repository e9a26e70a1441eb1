// The choice between platform transport (PICK_UP) and the seller's own trip (DROP_OFF), each with its
// condition beside it; locked on a submitted warehouse (the type changes only through support).
import { Alert, Form, Radio, Typography } from 'antd';
import type { MethodType } from '../model/warehouse-form-model';
import { warehousesText } from '../locale';

export interface MethodChoiceProps {
  name: string[];
  label: string;
  labels: Record<MethodType, { title: string; hint: string }>;
  allowed: readonly MethodType[];
  locked: boolean;
  lockedText: string;
}

const TYPES: readonly MethodType[] = ['PICK_UP', 'DROP_OFF'];

export function MethodChoice({ name, label, labels, allowed, locked, lockedText }: MethodChoiceProps) {
  return (
    <>
      {locked ? <Alert className="warehouse-form__note" type="info" showIcon title={lockedText} /> : null}
      <Form.Item name={name} label={label} required>
        <Radio.Group disabled={locked} className="method-choice">
          {TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              disabled={locked || !allowed.includes(type)}
              className="method-choice__option"
            >
              <span className="method-choice__title">{labels[type].title}</span>
              <Typography.Text type="secondary" className="method-choice__hint">
                {allowed.includes(type) ? labels[type].hint : warehousesText.form.delivery.notAllowed}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}
