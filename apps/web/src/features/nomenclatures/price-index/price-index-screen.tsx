// The price index (spec 000 §3 Price index row, spec 001 §7 Matching manager, §9 thresholds): each product's
// marketplace price against the lowest competitor price, its index value and recommendation threshold, with
// totals per value, filters, sort and paging in the URL. From here the seller adds a competitor price or
// disputes a matched one, and moves a product or a selection to its recommendation threshold — seeing first,
// in the simulation, what the change would do — and follows the claims and disputes sent, in a drawer.
import { useMemo, useState } from 'react';
import { App, Button, Empty, Flex, Segmented, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  AimOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FlagOutlined,
  HistoryOutlined,
  PlusOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import {
  NOMENCLATURE_LIMITS,
  PRICE_INDEX_FILES,
  PriceIndexLevel,
  fill,
  type PriceChangeInput,
  type PriceIndexRow,
  type Role,
} from '@moda/contracts';
import { ListTable } from '../../../components/list-table/list-table';
import { ExternalLink } from '../../../components/external-link/external-link';
import { useExportStartedNotice } from '../../../components/file-tasks/use-export-started';
import { api } from '../../../lib/api/client';
import { mayCall } from '../../../lib/api/may-call';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { downloadRestFile } from '../api/price-queries';
import { CatalogueFilters, isCatalogueFiltered } from '../product-list/catalogue-filters';
import { Thumb } from '../product-prices/price-cells';
import { useIndexList, useIndexSettings, useIndexTotal } from './api/price-index-queries';
import { ClaimDialog, type ClaimTarget } from './claim-dialog';
import { ClaimsDrawer } from './claims-drawer';
import { IndexTag } from './index-tag';
import { priceIndexText as text } from './locale';
import { SimulationDialog } from './simulation-dialog';
import { UploadCompetitorPrices } from './upload-competitor-prices';
import { usePriceIndexUrl } from './use-price-index-url';
import './price-index.css';

const COLUMN_SORT: Record<string, string> = {
  product: 'title',
  price: 'base_price',
  marketPrice: 'red_price',
  index: 'pi_value',
};

/** The change that puts a product at its recommendation threshold (its base price; the sale ends). */
const toThreshold = (row: PriceIndexRow): PriceChangeInput => ({
  id: row.id,
  country: 'RU',
  price: row.recommendedPrice!,
});

export function PriceIndexScreen({ partnerId, roles }: { partnerId: number; roles: readonly Role[] }) {
  const { notification } = App.useApp();
  const started = useExportStartedNotice();
  const { state, update } = usePriceIndexUrl();
  const filter = {
    brand: state.brand,
    category: state.category,
    search: state.search.trim() || undefined,
  };
  const list = useIndexList(partnerId, {
    ...filter,
    index: state.index,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  });
  const totals = useIndexTotal(partnerId, filter);
  const settings = useIndexSettings(partnerId);
  const { readOnly } = useReadOnly();
  const canChange = mayCall('v1.nomenclatures.set-prices', roles) && !readOnly;
  const canClaim = mayCall('v1.matching-manager.rfc.competitor-price.create', roles) && !readOnly;

  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const [selected, setSelected] = useState<Map<string, PriceIndexRow>>(new Map());
  const [simulating, setSimulating] = useState<PriceChangeInput[] | null>(null);
  const [claim, setClaim] = useState<ClaimTarget | null>(null);
  const titles = useMemo(
    () => new Map([...rows, ...selected.values()].map((r) => [r.id, r.title])),
    [rows, selected],
  );

  const movable = (row: PriceIndexRow) =>
    row.recommendedPrice !== null && row.marketPrice !== row.recommendedPrice;

  const exportIndex = async () => {
    try {
      await api.call('v1.matching-manager.export.create', {
        partnerId,
        filter: { ...filter, index: state.index },
      });
      started();
    } catch (error) {
      notification.error({
        title: text.actions.exportFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };

  const sortedColumn = Object.entries(COLUMN_SORT).find(([, f]) => state.sort.replace(/^-/, '') === f)?.[0];
  const sortOf = (key: string) => ({
    sorter: true,
    sortOrder:
      sortedColumn === key ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
  });

  const columns: TableColumnsType<PriceIndexRow> = [
    {
      key: 'product',
      title: text.columns.product,
      ...sortOf('product'),
      render: (_, row) => (
        <Flex gap={12} align="flex-start">
          <Thumb row={row} />
          <Flex vertical gap={2} className="price-index__title">
            <span>{row.title}</span>
            <Typography.Text type="secondary" className="price-index__note">
              {row.brand}
            </Typography.Text>
            <span className="price-index__note price-index__nowrap">
              {fill(text.sellerSku, { sku: row.sellerSku })}
            </span>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'price',
      title: text.columns.price,
      align: 'right',
      ...sortOf('price'),
      render: (_, row) => <span className="price-index__nowrap">{formatRub(row.price)}</span>,
    },
    {
      key: 'marketPrice',
      title: text.columns.marketPrice,
      align: 'right',
      render: (_, row) => <span className="price-index__nowrap">{formatRub(row.marketPrice)}</span>,
    },
    {
      key: 'competitor',
      title: text.columns.competitor,
      align: 'right',
      render: (_, row) =>
        row.minCompetitorPrice === null ? (
          '—'
        ) : (
          <Flex vertical align="flex-end" gap={2}>
            <span className="price-index__nowrap">{formatRub(row.minCompetitorPrice)}</span>
            {row.competitorUrl ? (
              <ExternalLink
                href={row.competitorUrl}
                className="price-index__note"
                aria-label={fill(text.competitorLink, { competitor: row.competitor ?? '' })}
              >
                {row.competitor}
              </ExternalLink>
            ) : null}
          </Flex>
        ),
    },
    {
      key: 'recommended',
      title: text.columns.recommended,
      align: 'right',
      render: (_, row) => <span className="price-index__nowrap">{formatRub(row.recommendedPrice)}</span>,
    },
    {
      key: 'index',
      title: text.columns.index,
      fixed: 'right',
      ...sortOf('index'),
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <IndexTag level={row.index} piValue={row.piValue} />
          {row.openClaim ? (
            <Typography.Text type="secondary" className="price-index__note">
              {text.openClaim[row.openClaim.kind]}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: text.columns.actions,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap className="price-index__actions">
          {canChange && movable(row) ? (
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              aria-label={fill(text.actions.toThresholdLabel, { sku: row.sellerSku })}
              onClick={() => setSimulating([toThreshold(row)])}
            >
              {text.actions.toThreshold}
            </Button>
          ) : null}
          {canClaim && !row.openClaim ? (
            <Tooltip title={text.actions.addPrice}>
              <Button
                type="text"
                icon={<PlusOutlined />}
                aria-label={fill(text.actions.addPriceLabel, { sku: row.sellerSku })}
                onClick={() => setClaim({ kind: 'add', row })}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={text.claims.productClaims}>
            <Button
              type="text"
              icon={<HistoryOutlined />}
              aria-label={fill(text.claims.productLabel, { sku: row.sellerSku })}
              onClick={() => update({ claims: row.id })}
            />
          </Tooltip>
          {canClaim && !row.openClaim && row.competitorOfferId ? (
            <Tooltip title={text.actions.dispute}>
              <Button
                type="text"
                icon={<FlagOutlined />}
                aria-label={fill(text.actions.disputeLabel, { sku: row.sellerSku })}
                onClick={() => setClaim({ kind: 'dispute', row })}
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  const t = totals.data;
  const selectedMovable = [...selected.values()].filter(movable);

  return (
    <div className="price-index">
      <CatalogueFilters partnerId={partnerId} state={state} update={update}>
        <Button icon={<FileExcelOutlined />} onClick={() => void exportIndex()}>
          {text.actions.export}
        </Button>
        <Button icon={<SolutionOutlined />} onClick={() => update({ claims: 'all' })}>
          {text.claims.open}
        </Button>
        {canClaim ? (
          <>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadRestFile(PRICE_INDEX_FILES.template(partnerId), 'competitor-prices.xlsx')
              }
            >
              {text.actions.template}
            </Button>
            <UploadCompetitorPrices partnerId={partnerId} />
          </>
        ) : null}
      </CatalogueFilters>

      <Segmented
        className="price-index__levels"
        aria-label={text.filterLabel}
        value={state.index ?? 'all'}
        onChange={(v) => {
          setSelected(new Map());
          update({ index: v === 'all' ? undefined : String(v) });
        }}
        options={[
          { value: 'all', label: t ? `${text.all} (${t.total})` : text.all },
          ...PriceIndexLevel.options.map((level) => ({
            value: level,
            label: t ? `${text.levels[level]} (${t[level]})` : text.levels[level],
          })),
        ]}
      />
      {settings.data ? (
        <Typography.Paragraph type="secondary" className="price-index__settings">
          {fill(text.settings, {
            competitors: settings.data.competitors.join(', '),
            countries: settings.data.countries.join(', '),
          })}
        </Typography.Paragraph>
      ) : null}

      {selected.size > 0 ? (
        <Flex className="price-index__bulk" gap={8} align="center" wrap role="toolbar">
          <span>{fill(text.actions.selected, { count: selected.size })}</span>
          {canChange ? (
            <Button
              type="primary"
              icon={<AimOutlined />}
              disabled={!selectedMovable.length}
              onClick={() => setSimulating(selectedMovable.map(toThreshold))}
            >
              {text.actions.bulkThreshold}
            </Button>
          ) : null}
          <Button type="link" onClick={() => setSelected(new Map())}>
            {text.actions.clear}
          </Button>
        </Flex>
      ) : null}

      <ListTable<PriceIndexRow>
        className="price-index__table"
        rowKey="id"
        rowLabel={(row) => fill(text.selectRow, { sku: row.sellerSku })}
        columns={columns}
        query={list}
        rows={rows}
        errorTitle={text.error}
        empty={
          <Empty description={isCatalogueFiltered(state) || state.index ? text.emptyFiltered : text.empty} />
        }
        page={state.page}
        pageSize={state.pageSize}
        maxPageSize={NOMENCLATURE_LIMITS.pageSize.max}
        totalText={(total) => fill(text.total, { total })}
        sortFields={COLUMN_SORT}
        onListChange={update}
        rowSelection={
          canChange
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                onChange: (keys) =>
                  setSelected((prev) => {
                    const byId = new Map(rows.map((r) => [r.id, r]));
                    return new Map(
                      keys.map(String).flatMap((id) => {
                        const row = byId.get(id) ?? prev.get(id);
                        return row ? [[id, row] as const] : [];
                      }),
                    );
                  }),
              }
            : undefined
        }
        scroll={{ x: 'max-content' }}
      />

      <SimulationDialog
        partnerId={partnerId}
        items={simulating}
        titles={titles}
        onClose={() => {
          setSimulating(null);
          setSelected(new Map());
        }}
      />
      <ClaimDialog partnerId={partnerId} target={claim} onClose={() => setClaim(null)} />
      <ClaimsDrawer
        partnerId={partnerId}
        target={state.claims}
        titles={titles}
        onOpenProduct={(id) => update({ claims: id ?? 'all' })}
        onClose={() => update({ claims: undefined })}
      />
    </div>
  );
}
