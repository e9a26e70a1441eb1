// How a warehouse reads on its card: address in one line, weekdays as ranges, methods as short sentences.
import { fill, type Warehouse, type Weekday } from '@moda/contracts';
import { warehousesText } from '../locale';
import { WEEKDAYS } from './warehouse-form-model';

const t = warehousesText.summary;

export function addressLine(address: Warehouse['general']['address']): string {
  if (!address) return '';
  return [address.index, address.region, address.locality, address.street, address.house]
    .map((p) => p.trim())
    .filter((p, i, all) => p !== '' && !(i === 2 && p === all[1]))
    .join(', ');
}

/** 'пн–пт', 'пн, ср, пт', 'ежедневно': runs of three or more days become a range. */
export function formatDays(days: readonly Weekday[]): string {
  const sorted = WEEKDAYS.filter((d) => days.includes(d));
  if (sorted.length === WEEKDAYS.length) return t.everyDay;
  const label = (d: Weekday) => warehousesText.weekdays.lower[d];
  const runs: Weekday[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last !== undefined && WEEKDAYS.indexOf(d) === WEEKDAYS.indexOf(last) + 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .map((run) =>
      run.length >= 3 ? `${label(run[0]!)}–${label(run[run.length - 1]!)}` : run.map(label).join(', '),
    )
    .join(', ');
}

const schedule = (s: { days: Weekday[]; time: string }) => ({ time: s.time, days: formatDays(s.days) });

export function deliverySummary(
  method: NonNullable<Warehouse['deliveryMethod']>,
  pointName: (code: string) => string,
): string {
  const parts =
    method.type === 'PICK_UP'
      ? [
          t.deliveryPickUp,
          fill(t.orders, schedule(method.orderAcceptance)),
          fill(t.truck, { ...schedule(method.truckArrival), hours: method.arrivalIntervalHours }),
          // Missing only on a method saved before it was asked for.
          ...(method.baseWarehouse
            ? [fill(t.baseWarehouse, { point: pointName(method.baseWarehouse) })]
            : []),
        ]
      : [
          t.deliveryDropOff,
          fill(t.orders, schedule(method.orderAcceptance)),
          fill(t.shipment, schedule(method.shipment)),
          fill(t.point, { point: pointName(method.shippingPoint) }),
        ];
  parts.push(fill(t.volume, { volume: method.expectedVolume }));
  return parts.join('; ');
}

export function returnSummary(
  method: NonNullable<Warehouse['returnMethod']>,
  pointName: (code: string) => string,
): string {
  const parts = [
    method.type === 'PICK_UP' ? t.returnPickUp : t.returnDropOff,
    fill(t.schedule, schedule(method.schedule)),
  ];
  if (method.type === 'DROP_OFF') parts.push(fill(t.point, { point: pointName(method.pickupPoint) }));
  return parts.join('; ');
}
