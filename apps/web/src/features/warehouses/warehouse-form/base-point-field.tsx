// A marketplace warehouse to drop goods off at or collect returns from, with its address shown.
import { Form, Select, Typography } from 'antd';
import type { Result } from '../../../lib/api/rpc-client';
import { warehousesText } from '../locale';

export type BasePoint = Result<'v1.warehouses.base-warehouses.list'>['items'][number];

export function BasePointField({
  name,
  label,
  points,
}: {
  name: string[];
  label: string;
  points: BasePoint[];
}) {
  const form = Form.useFormInstance();
  const code = Form.useWatch(name, form) as string | undefined;
  const chosen = points.find((p) => p.code === code);
  return (
    <Form.Item
      name={name}
      label={label}
      required
      extra={
        chosen ? <Typography.Text className="base-point__address">{chosen.address}</Typography.Text> : null
      }
    >
      <Select
        options={points.map((p) => ({ value: p.code, label: p.name }))}
        placeholder={warehousesText.form.selectPlaceholder}
        virtual={false}
      />
    </Form.Item>
  );
}
