// A day of a warehouse's published unloading capacity: each of the next 28 days with what is free; days
// closer than 24 hours or full are disabled (or, for the waitlist, only the full ones are offered).
import { Select } from 'antd';
import { fill, type FboWarehouseCode } from '@moda/contracts';
import { useSlots } from '../api/fbo-queries';
import { formatDay } from '../model/supply-look';
import { fboText } from '../locale';

const t = fboText.create;

export interface SlotSelectProps {
  partnerId: number;
  warehouseCode: FboWarehouseCode | undefined;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  /** Offer the full days instead (the waitlist). */
  fullOnly?: boolean;
  id?: string;
  status?: 'error' | undefined;
}

export function SlotSelect({
  partnerId,
  warehouseCode,
  value,
  onChange,
  fullOnly,
  id,
  status,
}: SlotSelectProps) {
  const slots = useSlots(partnerId, warehouseCode);
  const options = (slots.data?.days ?? []).map((d) => {
    const free = Math.max(0, d.capacity - d.booked);
    return {
      value: d.date,
      label:
        free > 0
          ? fill(t.dayOption, { date: formatDay(d.date), free, capacity: d.capacity })
          : fill(t.dayFull, { date: formatDay(d.date) }),
      disabled: fullOnly ? free > 0 : !d.bookable,
    };
  });
  return (
    <Select
      id={id}
      status={status}
      aria-label={t.day}
      placeholder={warehouseCode ? t.dayPlaceholder : t.needWarehouse}
      disabled={!warehouseCode}
      loading={slots.isFetching}
      value={value}
      onChange={(v?: string) => onChange(v)}
      allowClear
      options={options}
      virtual={false}
    />
  );
}
