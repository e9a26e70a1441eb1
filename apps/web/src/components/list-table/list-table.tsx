// The table of a server-paged list (products, prices, orders): the error in place of the table with a way to
// try again, the loading state over the rows already shown, the empty state (nothing while the first page
// loads), paging with the sizes the contract allows and the total, and a click on a column's sorter or the
// pager turned into the list's URL change (sort as `field` / `-field`, page, page size).
import type { ReactNode } from 'react';
import { Button, Result, Table, type TableProps } from 'antd';
import { isRpcError } from '../../lib/api/rpc-error';
import { HEADER_HEIGHT_PX } from '../../lib/constants';
import { PAGE_SIZES } from '../../lib/list-url';
import { componentsText } from '../locale';
import { namedSelection } from './row-selection';

interface ListQuery {
  data?: { total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

export interface ListTableProps<T> extends Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'locale' | 'pagination' | 'onChange'
> {
  query: ListQuery;
  rows: T[];
  /** What the error says when the page could not be loaded: «Не удалось загрузить …». */
  errorTitle: string;
  /** Shown when the list has no rows. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  /** The contract's largest page size: larger choices are not offered. */
  maxPageSize: number;
  totalText: (total: number) => string;
  /** Column key → the contract's sort field, for the columns that sort on the server. */
  sortFields?: Record<string, string>;
  /** Changes the list's URL: a new sort (undefined for the default), page or page size. */
  onListChange: (change: { sort?: string | undefined; page?: number; pageSize?: number }) => void;
  /** What a row's selection checkbox chooses, for screen readers («Выбрать заказ MD-7»). */
  rowLabel?: (row: T) => string;
}

export function ListTable<T extends object>({
  query,
  rows,
  errorTitle,
  empty,
  page,
  pageSize,
  maxPageSize,
  totalText,
  sortFields = {},
  onListChange,
  rowLabel,
  rowSelection,
  ...table
}: ListTableProps<T>) {
  if (query.isError && !query.data) {
    return (
      <Result
        status="error"
        title={errorTitle}
        subTitle={isRpcError(query.error) ? query.error.apiMessage : undefined}
        extra={<Button onClick={() => void query.refetch()}>{componentsText.listTable.retry}</Button>}
      />
    );
  }
  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.columnKey ? sortFields[String(s.columnKey)] : undefined;
      onListChange({ sort: field && s?.order ? `${s.order === 'descend' ? '-' : ''}${field}` : undefined });
      return;
    }
    if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? pageSize;
      onListChange(size !== pageSize ? { pageSize: size } : { page: pagination.current ?? 1 });
    }
  };
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      // A long page keeps the column titles under the app header and the horizontal scroll bar at the
      // bottom of the window, so columns beyond the edge are seen to be there and reached without
      // scrolling down to the last row.
      sticky={{ offsetHeader: HEADER_HEIGHT_PX }}
      {...table}
      // The layout widens a page holding a list table to the whole window (styles.css).
      className={table.className ? `list-table ${table.className}` : 'list-table'}
      rowSelection={rowSelection ? namedSelection(rowSelection, { row: rowLabel }) : undefined}
      dataSource={rows}
      loading={query.isFetching}
      locale={{ emptyText: query.isPending ? ' ' : empty }}
      onChange={onChange}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.filter((s) => s <= maxPageSize).map(String),
        showTotal: totalText,
        responsive: true,
      }}
    />
  );
}
