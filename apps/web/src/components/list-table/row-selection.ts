// Ant Design's selection checkboxes name themselves in English ("Select all", "Select row 1") whatever
// its locale says: every table with selectable rows gets Russian names for them here.
import type { TableProps } from 'antd';
import { componentsText } from '../locale';

type RowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

export interface SelectionNames<T> {
  /** The select-all checkbox; by default it selects the rows of the page shown. */
  all?: string;
  /** A row's checkbox: what is chosen with it («Выбрать заказ MD-7»). */
  row?: ((row: T) => string) | undefined;
}

/** The table's row selection with Russian names on its checkboxes; a name the caller set is kept. */
export function namedSelection<T>(
  selection: RowSelection<T>,
  { all = componentsText.listTable.selectAll, row }: SelectionNames<T> = {},
): RowSelection<T> {
  return {
    ...selection,
    getTitleCheckboxProps: () => ({ 'aria-label': all, ...selection.getTitleCheckboxProps?.() }),
    getCheckboxProps: (record) => ({
      'aria-label': row ? row(record) : componentsText.listTable.selectRow,
      ...selection.getCheckboxProps?.(record),
    }),
  };
}
