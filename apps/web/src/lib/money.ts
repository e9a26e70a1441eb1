// Money as the interface writes it (spec 000 §9): rubles with spaces between thousands, «4 990 ₽».
// Shared by every screen that shows a price or a sum.

/** Rubles with a no-break space between thousands, kopecks only when present: 4990 → «4 990 ₽». */
export function formatRub(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const [int = '0', frac] = Math.abs(value).toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const kopecks = frac && frac !== '00' ? `,${frac}` : '';
  return `${value < 0 ? '−' : ''}${grouped}${kopecks}\u00a0₽`;
}
