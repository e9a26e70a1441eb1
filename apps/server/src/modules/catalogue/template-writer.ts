// Writes the import template as a stream (exceljs WorkbookWriter): the data sheet with its hidden stamp
// row, marked headers and in-cell dropdowns; the instructions in Russian; the dropdown lists on a hidden
// sheet (a list written inline in the validation is limited to 255 characters).
import type { Writable } from 'node:stream';
import type { CategoryCode, ProductCard } from '@moda/contracts';
import { safeCellText } from '../../files/safe-cell';
import {
  DATA_SHEET,
  FIRST_DATA_ROW,
  HEADER_ROW,
  NO,
  STAMP_ROW,
  YES,
  cellOfProduct,
  headerOf,
  stampOf,
  type Column,
  type TemplateMode,
} from './template';
import { loadExcel } from '../../core/lazy-libs';

/** Rows the dropdowns and the text format are set on, beyond the pre-filled ones. */
const EMPTY_ROWS = 10_000;
const LISTS_SHEET = 'Списки';
const REQUIRED_FILL = 'FFFDE4D8';
const HEADER_FILL = 'FFF2F2F2';
const BRAND_COLOUR = 'FFF93C00';

const MODE_NAMES: Record<TemplateMode, string> = {
  full: 'полный',
  reduced: 'сокращённый',
  full_update: 'обновление товаров',
};

export type TemplateCard = Partial<ProductCard> & { sizes: ProductCard['sizes'] };

const columnLetter = (n: number): string => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

export async function writeTemplate(
  out: Writable,
  t: {
    columns: Column[];
    category: CategoryCode;
    categoryName: string;
    mode: TemplateMode;
    cards: AsyncIterable<TemplateCard>;
  },
): Promise<void> {
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Moda Seller';
  const ws = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  // Text format on text columns: barcodes keep leading zeros, SKUs are not turned into numbers.
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: object): void } })
    .dataValidations;
  ws.columns = t.columns.map((c) => ({
    key: c.code,
    width: Math.min(40, Math.max(14, c.name.length + 4)),
    style: c.kind === 'number' ? {} : { numFmt: '@' },
  }));

  const stamp = ws.getRow(STAMP_ROW);
  stamp.getCell(1).value = stampOf(t.category, t.mode);
  stamp.hidden = true;
  stamp.commit();

  const header = ws.getRow(HEADER_ROW);
  t.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = headerOf(c);
    cell.font = { bold: true, ...(c.required ? { color: { argb: BRAND_COLOUR } } : {}) };
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.required ? REQUIRED_FILL : HEADER_FILL },
    };
    cell.alignment = { wrapText: true, vertical: 'middle' };
  });
  header.height = 32;
  header.commit();

  // Dropdown lists: one column of the hidden sheet per list column.
  const lists = t.columns
    .map((c, i) => ({ c, i }))
    .filter(
      ({ c }) => c.kind === 'boolean' || ((c.kind === 'list' || c.kind === 'multi') && c.entries?.length),
    );
  const listValues = (c: Column) => (c.kind === 'boolean' ? [YES, NO] : c.entries!.map((e) => e.name));

  let rowNo = FIRST_DATA_ROW;
  for await (const card of t.cards) {
    card.sizes.forEach((_, s) => {
      const row = ws.getRow(rowNo++);
      t.columns.forEach((c, i) => {
        const v = cellOfProduct(c, card, s);
        if (v === undefined) return;
        row.getCell(i + 1).value = typeof v === 'number' ? v : safeCellText(v);
      });
      row.commit();
    });
  }
  const lastRow = Math.max(rowNo, FIRST_DATA_ROW) + EMPTY_ROWS;
  lists.forEach(({ c, i }, n) => {
    const values = listValues(c);
    const letter = columnLetter(i + 1);
    const range = `${letter}${FIRST_DATA_ROW}:${letter}${lastRow}`;
    validations.add(range, {
      type: 'list',
      allowBlank: true,
      // A multi-value column takes several entries separated by semicolons: no error on free text there.
      showErrorMessage: c.kind !== 'multi',
      errorStyle: 'stop',
      errorTitle: c.name,
      error: 'Выберите значение из списка',
      showInputMessage: Boolean(c.hint),
      promptTitle: c.name,
      prompt: c.hint,
      formulae: [`'${LISTS_SHEET}'!$${columnLetter(n + 1)}$1:$${columnLetter(n + 1)}$${values.length}`],
    });
  });
  t.columns.forEach((c, i) => {
    if (lists.some((l) => l.i === i) || !c.hint) return;
    const letter = columnLetter(i + 1);
    validations.add(`${letter}${FIRST_DATA_ROW}:${letter}${lastRow}`, {
      type: 'any',
      showInputMessage: true,
      promptTitle: c.name,
      prompt: c.hint,
    });
  });
  ws.commit();

  const help = wb.addWorksheet('Инструкция');
  help.columns = [{ width: 34 }, { width: 90 }];
  const lines: [string, string][] = [
    ['Шаблон загрузки товаров', `Категория «${t.categoryName}», режим «${MODE_NAMES[t.mode]}»`],
    ['', ''],
    [
      'Как заполнить',
      'Одна строка — один размер товара. У всех размеров одного товара одинаковый «Артикул родителя»',
    ],
    ['', 'и одинаковые общие поля (название, бренд, состав, цена, код ТН ВЭД и другие).'],
    ['Обязательные поля', 'Отмечены звёздочкой (*) и цветом заголовка.'],
    ['Списки', 'Значения полей со стрелкой выбирайте из списка в ячейке.'],
    ['Штрихкод', 'EAN-13: 13 цифр, ведущие нули сохраняются — ячейки столбца текстовые.'],
    ['Состав', 'Материалы и проценты через точку с запятой, например: хлопок 95%; эластан 5%. Сумма — 100%.'],
    ['Да / нет', `Поля с ответом «да» или «нет»: пишите «${YES}» или «${NO}».`],
    ['Ограничения', 'Файл XLSX до 16 МБ, не больше 100 000 товаров в файле, до 10 файлов одновременно.'],
    [
      'Проверка',
      'Файл загружается целиком или не загружается совсем: если есть ошибки, скачайте файл с ошибками,',
    ],
    ['', 'исправьте указанные ячейки и загрузите файл снова.'],
    [
      'Версия шаблона',
      'Не меняйте скрытую первую строку листа «Товары»: файл по устаревшему шаблону не примется.',
    ],
  ];
  if (t.mode === 'full_update')
    lines.push([
      'Обновление',
      'Товары с уже известным артикулом обновятся, новые артикулы добавятся как новые товары.',
    ]);
  lines.push(['', ''], ['Поле', 'Что указать']);
  for (const c of t.columns)
    lines.push([headerOf(c), c.hint || (c.kind === 'text' ? 'Текст' : 'Выберите значение из списка')]);
  lines.forEach((l, i) => {
    const row = help.getRow(i + 1);
    row.getCell(1).value = l[0];
    row.getCell(2).value = l[1];
    if (i === 0 || l[0] === 'Поле') row.font = { bold: true };
    row.commit();
  });
  help.commit();

  const listSheet = wb.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  const columns = lists.map(({ c }) => listValues(c));
  const height = Math.max(0, ...columns.map((v) => v.length));
  for (let r = 0; r < height; r++) {
    const row = listSheet.getRow(r + 1);
    columns.forEach((v, n) => {
      if (v[r] !== undefined) row.getCell(n + 1).value = safeCellText(v[r]!);
    });
    row.commit();
  }
  listSheet.commit();
  await wb.commit();
}
