// The FBO contract: the supply machine, old status values, the marking rule's boundary and the draft limits.
import { describe, expect, it } from 'vitest';
import {
  AnyFboSupplyStatus,
  FBO_SUPPLY_MACHINE,
  FboDraftItems,
  fboWarehouseName,
  lacksMarking,
  availableActions,
  toFieldErrors,
} from './index';

describe('FBO supply contract', () => {
  it('the seller and the warehouse each have their own moves', () => {
    expect(availableActions(FBO_SUPPLY_MACHINE, 'draft', ['partner_user'])).toEqual(['submit', 'cancel']);
    expect(availableActions(FBO_SUPPLY_MACHINE, 'readyForShipment', ['partner_user'])).toEqual([
      'requestCancel',
      'changeWarehouse',
    ]);
    expect(availableActions(FBO_SUPPLY_MACHINE, 'processing', ['partner_user'])).toEqual([]);
    expect(availableActions(FBO_SUPPLY_MACHINE, 'processing', ['platform'])).toEqual(['accept']);
    expect(availableActions(FBO_SUPPLY_MACHINE, 'closed', ['platform', 'partner_user'])).toEqual([]);
  });

  it('old status values read as today’s', () => {
    expect(AnyFboSupplyStatus.parse('new')).toBe('draft');
    expect(AnyFboSupplyStatus.parse('cancelled')).toBe('rejected');
    expect(AnyFboSupplyStatus.parse('cancelFailed')).toBe('readyForShipment');
    expect(AnyFboSupplyStatus.parse('unloading')).toBe('unloading');
    expect(AnyFboSupplyStatus.safeParse('lost').success).toBe(false);
  });

  it('goods of marked categories without Data Matrix are not sold from 1 August 2025', () => {
    expect(lacksMarking('clothes', false, '2025-07-31')).toBe(false);
    expect(lacksMarking('clothes', false, '2025-08-01')).toBe(true);
    expect(lacksMarking('clothes', true, '2025-08-01')).toBe(false);
    expect(lacksMarking('home', false, '2025-08-01')).toBe(false);
  });

  it('a draft holds 5,000 SKU and 10,000 items, each line at least 1, SKUs unique', () => {
    const lines = (n: number, q = 1) =>
      Array.from({ length: n }, (_, i) => ({ sellerSku: `S${i}`, quantity: q }));
    expect(FboDraftItems.safeParse(lines(5000, 2)).success).toBe(true);
    expect(toFieldErrors(FboDraftItems.safeParse(lines(5001)).error!)[0]!.message).toBe(
      'В поставке не больше 5000 уникальных артикулов',
    );
    expect(FboDraftItems.safeParse([{ sellerSku: 'A', quantity: 10_000 }]).success).toBe(true);
    expect(
      toFieldErrors(FboDraftItems.safeParse([...lines(1, 10_000), { sellerSku: 'B', quantity: 1 }]).error!),
    ).toEqual([{ field: '-', message: 'В поставке не больше 10000 единиц товара' }]);
    expect(toFieldErrors(FboDraftItems.safeParse([{ sellerSku: 'A', quantity: 0 }]).error!)).toEqual([
      { field: '0.quantity', message: 'Значение должно быть не меньше 1' },
    ]);
    expect(toFieldErrors(FboDraftItems.safeParse([...lines(1), ...lines(1)]).error!)).toEqual([
      { field: '1.sellerSku', message: 'Артикул продавца не уникален' },
    ]);
  });

  it('a stored warehouse code reads as its name; a code not ours as itself', () => {
    expect(fboWarehouseName('Sofino')).toBe('Софьино');
    expect(fboWarehouseName('Tver')).toBe('Tver');
  });
});
