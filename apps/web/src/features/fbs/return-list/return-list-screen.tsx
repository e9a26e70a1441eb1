// FBS return boxes (spec 000 §2–§4 FBS return box): tabs all, ready to return and archive with their counts,
// search by box or order number, paging, the export of the tab's items (return_boxes_items) — all in the URL.
import { Link } from 'react-router';
import { Empty, Flex, Tabs, Tag, type TableColumnsType } from 'antd';
import { FBS_LIMITS, FbsReturnTab, fill, type FbsReturnBoxRow } from '@moda/contracts';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header/page-header';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { ListTable } from '../../../components/list-table/list-table';
import { ListSearch } from '../../../components/list-search/list-search';
import { formatDate } from '../../../lib/dates';
import { positiveInt, useListUrl } from '../../../lib/list-url';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useReturnBoxCounts, useReturnBoxes } from '../api/fbs-queries';
import { BOX_COLOR, boxStatusName } from '../model/look';
import { fbsText } from '../locale';

const t = fbsText.returns;
type Tab = z.infer<typeof FbsReturnTab>;
type UrlKey = 'tab' | 'search' | 'page' | 'pageSize' | 'sort';

interface State {
  tab: Tab;
  search: string;
  page: number;
  pageSize: number;
}
function read(params: URLSearchParams): State {
  const tab = FbsReturnTab.safeParse(params.get('tab'));
  return {
    tab: tab.success ? tab.data : 'all',
    search: params.get('search') ?? '',
    page: positiveInt(params.get('page'), 1, 10_000),
    pageSize: positiveInt(params.get('pageSize'), FBS_LIMITS.pageSize.default, FBS_LIMITS.pageSize.max),
  };
}
const DEFAULTS: Partial<Record<UrlKey, string>> = {
  tab: 'all',
  page: '1',
  pageSize: String(FBS_LIMITS.pageSize.default),
};

export function ReturnListScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = useListUrl<State, UrlKey>(read, DEFAULTS);
  const list = useReturnBoxes(partnerId, {
    tab: state.tab,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.search ? { search: state.search } : {}),
  });
  const counts = useReturnBoxCounts(partnerId, state.search);
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));

  const columns: TableColumnsType<FbsReturnBoxRow> = [
    {
      key: 'code',
      title: t.columns.code,
      fixed: 'left',
      render: (_: unknown, row) => (
        <Link to={`/fbs/returns/${row.id}`} className="fbs__nowrap">
          {row.code}
        </Link>
      ),
    },
    {
      key: 'dimensions',
      title: t.columns.dimensions,
      render: (_: unknown, r) =>
        r.length === null ? (
          fbsText.none
        ) : (
          <span className="fbs__nowrap">{`${r.length} × ${r.width} × ${r.height}`}</span>
        ),
    },
    {
      key: 'shippedAt',
      dataIndex: 'shippedAt',
      title: t.columns.shippedAt,
      render: (v: string | null) => (v ? formatDate(v) : fbsText.none),
    },
    { key: 'itemQuantity', dataIndex: 'itemQuantity', title: t.columns.itemQuantity, align: 'right' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.columns.status,
      fixed: 'right',
      render: (s: FbsReturnBoxRow['status']) => <Tag color={BOX_COLOR[s]}>{boxStatusName(s)}</Tag>,
    },
  ];

  return (
    <div className="fbs">
      <PageHeader
        title={t.title}
        actions={
          <ExportButton
            partnerId={partnerId}
            types={['return_boxes_items']}
            label={t.export}
            filter={{ tab: state.tab }}
          />
        }
      />
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => update({ tab })}
        items={FbsReturnTab.options.map((k) => ({
          key: k,
          label: counts.data ? `${t.tabs[k]} (${counts.data[k]})` : t.tabs[k],
        }))}
      />
      <Flex className="fbs__filters" gap={8} wrap>
        <ListSearch
          className="fbs__search"
          label={t.filters.search}
          placeholder={t.filters.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
      </Flex>
      <ListTable<FbsReturnBoxRow>
        rowKey="id"
        columns={columns}
        query={list}
        rows={list.data?.items ?? []}
        errorTitle={t.error}
        empty={<Empty description={state.search ? t.emptyFiltered : t.empty} />}
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={FBS_LIMITS.pageSize.max}
        totalText={(total) => fill(t.total, { total })}
        onListChange={({ page, pageSize }) => update({ page, pageSize })}
      />
    </div>
  );
}
