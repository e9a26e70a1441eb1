// How the area writes numbers: rubles with grouped thousands («4 990 ₽»), and the EAN-13 check digit
// the browser verifies before a card goes out.

/** Rubles with a no-break space between thousands, kopecks only when present: 4990 → «4 990 ₽». */
export function formatRub(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const [int = '0', frac] = Math.abs(value).toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const kopecks = frac && frac !== '00' ? `,${frac}` : '';
  return `${value < 0 ? '−' : ''}${grouped}${kopecks}\u00a0₽`;
}

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
