// Spreadsheet cells written from seller or buyer text are neutralised against formula injection: a text
// that begins with `=`, `+`, `-`, `@`, tab or carriage return would be run as a formula by Excel or
// LibreOffice, so it gets a leading apostrophe-free quote character (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet program will show it, but never evaluate it. */
export function safeCellText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Whether a text would be taken for a formula. */
export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}
