// Step 1 of the warehouse form: name, address, phone, non-working days (today, tomorrow and the day
// after are disabled in the picker, spec 001 §5) and a comment.
import { memo } from 'react';
import { AutoComplete, Col, DatePicker, Form, Input, Row } from 'antd';
import { PLATFORM_TRANSPORT_REGIONS, WAREHOUSE_LIMITS } from '@moda/contracts';
import { dayjs } from '../../../lib/dates';
import { DATE_FORMAT } from '../../../lib/constants';
import { warehousesText } from '../locale';
import { firstAllowedNonWorkingDay } from '../model/warehouse-form-model';

const t = warehousesText.form.general;
const ISO_DATE = 'YYYY-MM-DD';
const REGION_OPTIONS = PLATFORM_TRANSPORT_REGIONS.map((r) => ({ value: r }));

type Day = ReturnType<typeof dayjs>;
const DAYS_LABEL_ID = 'warehouse-non-working-days-label';

interface NonWorkingDaysPickerProps {
  id?: string;
  /** YYYY-MM-DD dates, as the contract keeps them. */
  value?: string[];
  onChange?: (value: string[]) => void;
  firstAllowed: string;
}

/**
 * Several dates in one picker. The multiple picker's input takes no id, so the group around it carries
 * the field's id and label for assistive technology.
 */
function NonWorkingDaysPicker({ id, value, onChange, firstAllowed }: NonWorkingDaysPickerProps) {
  return (
    <div id={id} role="group" aria-labelledby={DAYS_LABEL_ID}>
      <DatePicker
        multiple
        value={(value ?? []).map((d) => dayjs(d))}
        onChange={(days: Day[] | null) => onChange?.((days ?? []).map((d) => d.format(ISO_DATE)).sort())}
        format={DATE_FORMAT}
        placeholder={t.nonWorkingDaysPlaceholder}
        disabledDate={(d: Day) => d.format(ISO_DATE) < firstAllowed}
        maxTagCount="responsive"
        className="warehouse-form__wide"
      />
    </div>
  );
}

export const GeneralStep = memo(function GeneralStep({ now }: { now: Date }) {
  const firstAllowed = firstAllowedNonWorkingDay(now);
  return (
    <>
      <Form.Item name={['general', 'name']} label={t.name} required>
        <Input maxLength={WAREHOUSE_LIMITS.name.max} placeholder={t.namePlaceholder} />
      </Form.Item>

      <fieldset className="warehouse-form__fieldset">
        <legend className="warehouse-form__legend">{t.address}</legend>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name={['general', 'address', 'index']} label={t.index} required>
              <Input inputMode="numeric" maxLength={6} autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name={['general', 'address', 'region']} label={t.region} required>
              <AutoComplete options={REGION_OPTIONS} placeholder={t.regionPlaceholder} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name={['general', 'address', 'locality']} label={t.locality} required>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name={['general', 'address', 'street']} label={t.street} required>
              <Input autoComplete="address-line1" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name={['general', 'address', 'house']} label={t.house} required>
              <Input />
            </Form.Item>
          </Col>
        </Row>
      </fieldset>

      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name={['general', 'phone']} label={t.phone} required>
            <Input type="tel" autoComplete="tel" placeholder={t.phonePlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name={['general', 'nonWorkingDays']}
            label={<span id={DAYS_LABEL_ID}>{t.nonWorkingDays}</span>}
            extra={t.nonWorkingDaysHint}
          >
            <NonWorkingDaysPicker firstAllowed={firstAllowed} />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item name={['general', 'comment']} label={t.comment}>
        <Input.TextArea
          maxLength={WAREHOUSE_LIMITS.comment.max}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t.commentPlaceholder}
        />
      </Form.Item>
    </>
  );
});
