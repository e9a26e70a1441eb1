// Promotions (spec 000 §2–§4): the filters all, active, finished, available with their counts (`filter
// list`), the list or the calendar, search, paging, and the partner's promotion files. All in the URL.
import { Link } from 'react-router';
import { Empty, Flex, Segmented, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PROMOTION_LIMITS, fill, type PromotionRow } from '@moda/contracts';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListTable } from '../../../components/list-table/list-table';
import { PageHeader } from '../../../components/page-header/page-header';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { usePromotionFilters, usePromotions } from '../api/promotions-api';
import { PromotionFiles } from '../files/promotion-files';
import { promotionsText } from '../locale';
import { STATUS_COLOR, day, period, statusName, typeName } from '../promotion-look';
import { PromotionCalendar } from './promotion-calendar';
import { usePromotionListUrl } from './use-promotion-list-url';

const t = promotionsText.list;

export function PromotionListScreen({ partnerId }: { partnerId: number }) {
  const { state, update } = usePromotionListUrl();
  const filters = usePromotionFilters(partnerId);
  const list = usePromotions(partnerId, {
    filter: state.filter,
    ...(state.search ? { search: state.search } : {}),
    page: state.page,
    pageSize: state.pageSize,
  });
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));

  const columns: TableColumnsType<PromotionRow> = [
    {
      key: 'name',
      title: t.columns.name,
      fixed: 'left',
      width: 260,
      render: (_: unknown, r) => <Link to={`/promotions/${r.id}`}>{r.name}</Link>,
    },
    { key: 'type', title: t.columns.type, render: (_: unknown, r) => typeName(r.type) },
    {
      key: 'registration',
      title: t.columns.registration,
      render: (_: unknown, r) => (
        <Flex vertical>
          <span className="promotions__nowrap">{period(r.registrationStart, r.registrationEnd)}</span>
          <Typography.Text type="secondary" className="promotions__nowrap">
            {fill(t.registrationUntil, { date: day(r.registrationEnd) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'period',
      title: t.columns.period,
      render: (_: unknown, r) => <span className="promotions__nowrap">{period(r.startDate, r.endDate)}</span>,
    },
    {
      key: 'discount',
      title: t.columns.discount,
      align: 'right',
      render: (_: unknown, r) => `${r.discountPercent} %`,
    },
    { key: 'products', title: t.columns.products, align: 'right', dataIndex: 'productsCount' },
    {
      key: 'status',
      title: t.columns.status,
      fixed: 'right',
      render: (_: unknown, r) => <Tag color={STATUS_COLOR[r.sellerStatus]}>{statusName(r.sellerStatus)}</Tag>,
    },
  ];

  return (
    <div className="promotions">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Segmented
            value={state.view}
            onChange={(view) => update({ view: view })}
            options={[
              { value: 'list', label: t.views.list },
              { value: 'calendar', label: t.views.calendar },
            ]}
          />
        }
      />
      <PromotionFiles partnerId={partnerId} />
      <Tabs
        activeKey={state.filter}
        onChange={(filter) => update({ filter })}
        items={(filters.data ?? []).map((f) => ({ key: f.value, label: `${f.label} · ${f.count}` }))}
      />
      {state.view === 'calendar' ? (
        <PromotionCalendar
          partnerId={partnerId}
          filter={state.filter}
          month={state.month}
          onMonth={(month) => update({ month })}
        />
      ) : (
        <>
          <Flex className="promotions__filters" gap={8} wrap>
            <ListSearch
              className="promotions__search"
              label={t.search}
              placeholder={t.searchPlaceholder}
              input={searchInput}
              setInput={setSearchInput}
              commit={(search) => update({ search })}
            />
          </Flex>
          <ListTable<PromotionRow>
            rowKey="id"
            columns={columns}
            query={list}
            rows={list.data?.items ?? []}
            errorTitle={t.error}
            empty={<Empty description={state.filter !== 'all' || state.search ? t.emptyFiltered : t.empty} />}
            page={state.page}
            pageSize={state.pageSize}
            maxPageSize={PROMOTION_LIMITS.pageSize.max}
            totalText={(total) => fill(t.total, { total })}
            onListChange={update}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </div>
  );
}
