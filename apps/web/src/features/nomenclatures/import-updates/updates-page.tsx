// Excel updates (issue 28; /nomenclatures/updates): the partner's update files, and one of them (`?file=`) as
// its preview — the counts, each product's fields old → new, the refused rows and why — with «Применить» and
// «Отменить»; an applied one with «Откатить» for 7 days and, once rolled back, the report of what was restored
// and what was left because it changed later. The file, the tab and the page live in the URL.
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Flex, Spin, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, type ImportUpdate, type PreviewItem } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { api } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/dates';
import { failureDescription } from '../../../lib/forms';
import { PAGE_SIZES, positiveInt, useListUrl } from '../../../lib/list-url';
import { useCurrentPartner } from '../../../lib/session/session';
import { updatesText as text } from './locale';
import './updates.css';

type Key = 'file' | 'tab' | 'page' | 'pageSize';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readState(p: URLSearchParams) {
  const file = p.get('file') ?? '';
  return {
    file: UUID.test(file) ? file : undefined,
    tab: p.get('tab') === 'refused' ? ('refused' as const) : ('changed' as const),
    page: positiveInt(p.get('page'), 1, 10_000),
    pageSize: positiveInt(p.get('pageSize'), 20, 100),
  };
}

const STATE_COLOR: Record<ImportUpdate['state'], string> = {
  preview: 'processing',
  applied: 'success',
  dropped: 'default',
  rolled_back: 'warning',
};

export const updatesKeys = {
  all: (partnerId: number) => ['import-updates', partnerId] as const,
};

export function ImportUpdatesPage() {
  const partner = useCurrentPartner();
  if (!partner)
    return (
      <>
        <PageHeader title={text.title} />
        <Alert type="info" showIcon title={text.noPartner} />
      </>
    );
  return <UpdatesScreen key={partner.partnerId} partnerId={partner.partnerId} />;
}

export function UpdatesScreen({ partnerId }: { partnerId: number }) {
  const defaults = useMemo(() => ({ tab: 'changed', page: '1', pageSize: '20' }), []);
  const { state, update } = useListUrl<ReturnType<typeof readState>, Key>(
    useCallback(readState, []),
    defaults,
  );
  return state.file ? (
    <UpdateDetail partnerId={partnerId} fileId={state.file} state={state} update={update} />
  ) : (
    <UpdateList partnerId={partnerId} state={state} update={update} />
  );
}

type UrlState = ReturnType<typeof readState>;
type Update = (change: Partial<Record<Key, string | number | undefined>>) => void;

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={text.loadFailed}
      description={failureDescription(error)}
      action={
        <Button size="small" onClick={retry}>
          {text.retry}
        </Button>
      }
    />
  );
}

function UpdateList({ partnerId, state, update }: { partnerId: number; state: UrlState; update: Update }) {
  const query = useQuery({
    queryKey: [...updatesKeys.all(partnerId), 'list', state.page, state.pageSize],
    queryFn: () =>
      api.call('v1.imports.updates.list', { partnerId, page: state.page, pageSize: state.pageSize }),
    placeholderData: (previous) => previous,
  });
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Card>
        {query.isError ? (
          <LoadFailed error={query.error} retry={() => void query.refetch()} />
        ) : (
          <Table<ImportUpdate>
            rowKey="fileImportId"
            size="middle"
            loading={query.isFetching}
            dataSource={query.data?.items ?? []}
            locale={{ emptyText: query.isPending ? ' ' : text.empty }}
            scroll={{ x: 1000 }}
            pagination={{
              current: state.page,
              pageSize: state.pageSize,
              total: query.data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (total) => fill(text.total, { count: total }),
              onChange: (page, pageSize) => update({ page, pageSize }),
            }}
            columns={[
              {
                title: text.columns.file,
                dataIndex: 'fileName',
                ellipsis: true,
                render: (name: string, u) => (
                  <Link
                    to={`?file=${u.fileImportId}`}
                    onClick={(e) => (e.preventDefault(), update({ file: u.fileImportId }))}
                  >
                    {name}
                  </Link>
                ),
              },
              {
                title: text.columns.createdAt,
                dataIndex: 'createdAt',
                width: 140,
                render: (v: string) => formatDateTime(v),
              },
              { title: text.columns.changed, dataIndex: 'changed', width: 110, align: 'right' },
              { title: text.columns.refused, dataIndex: 'refused', width: 110, align: 'right' },
              {
                title: text.columns.appliedAt,
                dataIndex: 'appliedAt',
                width: 140,
                render: (v: string | null) => (v ? formatDateTime(v) : text.emptyValue),
              },
              {
                title: text.columns.rollbackUntil,
                key: 'until',
                width: 140,
                render: (_: unknown, u) =>
                  u.canRollBack && u.rollbackUntil ? formatDateTime(u.rollbackUntil) : text.emptyValue,
              },
              {
                title: text.columns.state,
                dataIndex: 'state',
                width: 140,
                fixed: 'right',
                render: (s: ImportUpdate['state']) => <Tag color={STATE_COLOR[s]}>{text.state[s]}</Tag>,
              },
              {
                title: text.columns.actions,
                key: 'actions',
                width: 110,
                fixed: 'right',
                render: (_: unknown, u) => (
                  <Button size="small" onClick={() => update({ file: u.fileImportId })}>
                    {text.open}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

function UpdateDetail({
  partnerId,
  fileId,
  state,
  update,
}: {
  partnerId: number;
  fileId: string;
  state: UrlState;
  update: Update;
}) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...updatesKeys.all(partnerId), 'preview', fileId, state.tab, state.page, state.pageSize],
    queryFn: () =>
      api.call('v1.imports.preview.get', {
        partnerId,
        fileImportId: fileId,
        kind: state.tab,
        page: state.page,
        pageSize: state.pageSize,
      }),
    placeholderData: (previous) => previous,
  });
  const act = useMutation({
    mutationFn: (
      method: 'v1.imports.preview.apply' | 'v1.imports.preview.drop' | 'v1.imports.updates.rollback',
    ) => api.call(method, { partnerId, fileImportId: fileId }),
    onSuccess: (_, method) => {
      void message.success(
        method === 'v1.imports.preview.apply'
          ? text.applied
          : method === 'v1.imports.preview.drop'
            ? text.dropped
            : text.rolledBack,
      );
      void client.invalidateQueries({ queryKey: updatesKeys.all(partnerId) });
    },
  });
  const confirm = (
    method: 'v1.imports.preview.apply' | 'v1.imports.preview.drop' | 'v1.imports.updates.rollback',
    title: string,
    content: string,
  ) => {
    modal.confirm({
      title,
      content,
      okText: text.confirmOk,
      cancelText: text.confirmCancel,
      onOk: () => act.mutate(method),
    });
  };

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={() => update({ file: undefined, tab: undefined })}
    >
      {text.back}
    </Button>
  );
  if (query.isError && !query.data)
    return (
      <>
        <PageHeader title={text.title} />
        {back}
        <LoadFailed error={query.error} retry={() => void query.refetch()} />
      </>
    );
  const data = query.data;
  if (!data)
    return (
      <>
        <PageHeader title={text.title} />
        <Flex justify="center" className="updates__loading">
          <Spin tip={text.loading}>
            <div className="updates__spin" />
          </Spin>
        </Flex>
      </>
    );
  const u = data.update;
  const done = u.state !== 'preview';
  const busy = act.isPending;
  const actions =
    u.state === 'preview' ? (
      <Flex gap={8}>
        <Button
          type="primary"
          loading={busy && act.variables === 'v1.imports.preview.apply'}
          disabled={busy || u.changed === 0}
          onClick={() =>
            confirm(
              'v1.imports.preview.apply',
              text.applyConfirm,
              fill(text.applyConfirmText, { count: u.changed }),
            )
          }
        >
          {text.apply}
        </Button>
        <Button
          disabled={busy}
          loading={busy && act.variables === 'v1.imports.preview.drop'}
          onClick={() => confirm('v1.imports.preview.drop', text.dropConfirm, text.dropConfirmText)}
        >
          {text.drop}
        </Button>
      </Flex>
    ) : u.state === 'applied' && u.canRollBack ? (
      <Button
        danger
        loading={busy}
        onClick={() => confirm('v1.imports.updates.rollback', text.rollbackConfirm, text.rollbackConfirmText)}
      >
        {text.rollback}
      </Button>
    ) : null;

  return (
    <>
      <PageHeader
        title={u.fileName}
        subtitle={<Tag color={STATE_COLOR[u.state]}>{text.state[u.state]}</Tag>}
        actions={actions}
      />
      {back}
      <Spin
        spinning={busy}
        tip={act.variables === 'v1.imports.updates.rollback' ? text.rollingBack : text.applying}
      >
        <Flex vertical gap={16}>
          {act.isError ? (
            <Alert
              type="error"
              showIcon
              title={text.actionFailed}
              description={failureDescription(act.error)}
            />
          ) : null}
          <Card>
            <Flex gap={48} wrap>
              <Statistic title={done ? text.appliedCounts.changed : text.counts.changed} value={u.changed} />
              <Statistic title={text.counts.unchanged} value={u.unchanged} />
              <Statistic title={text.counts.refused} value={u.refused} />
            </Flex>
            {u.state === 'preview' ? (
              <Alert className="updates__note" type="info" showIcon title={text.previewNote} />
            ) : null}
            {u.state === 'applied' ? (
              <Typography.Paragraph className="updates__note" type="secondary">
                {u.canRollBack && u.rollbackUntil
                  ? fill(text.rollbackUntil, { date: formatDateTime(u.rollbackUntil) })
                  : text.rollbackExpired}
                {u.pricesPending || u.pricesRefused
                  ? ` · ${fill(text.pricesNote, { pending: u.pricesPending, refused: u.pricesRefused })}`
                  : ''}
              </Typography.Paragraph>
            ) : null}
          </Card>
          {u.rollbackReport ? <RollbackReportCard report={u.rollbackReport} /> : null}
          {u.state !== 'dropped' ? (
            <Card>
              <Tabs
                activeKey={state.tab}
                onChange={(tab) => update({ tab })}
                items={[
                  { key: 'changed', label: `${text.tabs.changed} (${u.changed})` },
                  { key: 'refused', label: `${text.tabs.refused} (${u.refused})` },
                ]}
              />
              <Table<PreviewItem>
                rowKey="id"
                size="middle"
                loading={query.isFetching}
                dataSource={data.items}
                locale={{ emptyText: state.tab === 'changed' ? text.emptyChanged : text.emptyRefused }}
                scroll={{ x: 900 }}
                pagination={{
                  current: state.page,
                  pageSize: state.pageSize,
                  total: data.total,
                  pageSizeOptions: PAGE_SIZES.map(String),
                  showSizeChanger: true,
                  showTotal: (total) => fill(text.total, { count: total }),
                  onChange: (page, pageSize) => update({ page, pageSize }),
                }}
                columns={state.tab === 'changed' ? changedColumns(done) : refusedColumns}
              />
            </Card>
          ) : null}
        </Flex>
      </Spin>
    </>
  );
}

function changedColumns(done: boolean) {
  return [
    { title: text.columns.sku, dataIndex: 'sellerSku', width: 180 },
    {
      title: text.columns.changes,
      key: 'changes',
      render: (_: unknown, r: PreviewItem) => (
        <Flex vertical gap={2}>
          {r.changes.map((c) => (
            <Typography.Text key={c.field} className="updates__change">
              <b>{c.label}</b>: <span className="updates__old">{c.old ?? text.emptyValue}</span> →{' '}
              <span className="updates__new">{c.new ?? text.emptyValue}</span>
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      title: text.columns.price,
      key: 'price',
      width: 200,
      fixed: 'right' as const,
      render: (_: unknown, r: PreviewItem) => {
        if (!r.priceStatus) return text.emptyValue;
        const label = text.price[done ? (`${r.priceStatus}Done` as const) : r.priceStatus];
        const color =
          r.priceStatus === 'applied' ? 'success' : r.priceStatus === 'pending' ? 'warning' : 'error';
        return (
          <Flex vertical gap={2}>
            <Tag color={color}>{label}</Tag>
            {r.priceMessage ? <Typography.Text type="secondary">{r.priceMessage}</Typography.Text> : null}
          </Flex>
        );
      },
    },
  ];
}

const refusedColumns = [
  { title: text.columns.row, dataIndex: 'rowNumber', width: 100 },
  {
    title: text.columns.errors,
    key: 'errors',
    render: (_: unknown, r: PreviewItem) => (
      <Flex vertical gap={2}>
        {r.errors.map((e, i) => (
          <Typography.Text key={i}>
            <b>{e.column}</b>: {e.message}
          </Typography.Text>
        ))}
      </Flex>
    ),
  },
];

function RollbackReportCard({ report }: { report: NonNullable<ImportUpdate['rollbackReport']> }) {
  return (
    <Card title={<h2 className="card-title">{text.report.title}</h2>}>
      <Typography.Paragraph>
        {fill(text.report.restored, { fields: report.restoredFields, products: report.restoredProducts })}
      </Typography.Paragraph>
      {report.skippedFields === 0 ? (
        <Typography.Paragraph type="success">{text.report.none}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="warning">
            {fill(text.report.skipped, { count: report.skippedFields })}
            {report.skipped.length < report.skippedFields
              ? ` · ${fill(text.report.more, { shown: report.skipped.length, count: report.skippedFields })}`
              : ''}
          </Typography.Paragraph>
          <Table
            rowKey={(r) => `${r.sellerSku}:${r.field}`}
            size="small"
            pagination={false}
            dataSource={report.skipped}
            columns={[
              { title: text.columns.sku, dataIndex: 'sellerSku', width: 180 },
              { title: text.report.field, dataIndex: 'label', width: 200 },
              {
                title: text.report.reason,
                dataIndex: 'reason',
                render: (r: keyof typeof text.report.reasons) => text.report.reasons[r],
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
