// How the area writes numbers: rubles as every screen writes them (lib/money), and the EAN-13 check digit
// the browser verifies before a card goes out.

export { formatRub } from '../../../lib/money';

/** EAN-13 check digit (GS1: weights 1 and 3 from the left) of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether 13 digits carry a correct check digit; other shapes are the schema's business. */
export function ean13ChecksumOk(barcode: string): boolean {
  if (!/^\d{13}$/.test(barcode)) return true;
  return ean13CheckDigit(barcode.slice(0, 12)) === Number(barcode[12]);
}
