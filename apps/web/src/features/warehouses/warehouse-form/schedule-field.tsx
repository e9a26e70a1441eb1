// Days of the week and a whole hour (00:00–23:00, 60-minute steps) for one schedule of the form,
// grouped under its own legend so every «Дни» and «Время» is named by the schedule it belongs to.
import { Checkbox, Flex, Form, Select, Typography } from 'antd';
import { warehousesText } from '../locale';
import { HOURS, WEEKDAYS } from '../model/warehouse-form-model';

const t = warehousesText.form.schedule;
const DAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: warehousesText.weekdays.short[d] }));
const HOUR_OPTIONS = HOURS.map((h) => ({ value: h, label: h }));

export function ScheduleField({ name, legend, hint }: { name: string[]; legend: string; hint?: string }) {
  return (
    <fieldset className="warehouse-form__fieldset schedule-field">
      <legend className="warehouse-form__legend">{legend}</legend>
      {hint ? (
        <Typography.Paragraph type="secondary" className="warehouse-form__hint">
          {hint}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={16} wrap align="flex-start">
        <Form.Item name={[...name, 'days']} label={t.days} required className="schedule-field__days">
          <Checkbox.Group options={DAY_OPTIONS} />
        </Form.Item>
        <Form.Item name={[...name, 'time']} label={t.time} required className="schedule-field__time">
          <Select
            options={HOUR_OPTIONS}
            placeholder={t.timePlaceholder}
            showSearch={{ optionFilterProp: 'label' }}
            virtual={false}
          />
        </Form.Item>
      </Flex>
    </fieldset>
  );
}
