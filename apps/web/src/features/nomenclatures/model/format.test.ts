// The area's number formats and the EAN-13 check digit.
import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, ean13ChecksumOk, formatRub } from './format';

describe('formatRub', () => {
  it('groups thousands and shows the ruble sign', () => {
    expect(formatRub(4990)).toBe('4\u00a0990\u00a0₽');
    expect(formatRub(1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0₽');
    expect(formatRub(0)).toBe('0\u00a0₽');
    expect(formatRub(null)).toBe('—');
  });
});

describe('EAN-13', () => {
  it('computes and checks the check digit', () => {
    expect(ean13CheckDigit('460123456789')).toBe(3);
    expect(ean13ChecksumOk('4601234567893')).toBe(true);
    expect(ean13ChecksumOk('4601234567890')).toBe(false);
    expect(ean13ChecksumOk('123')).toBe(true);
  });
});
