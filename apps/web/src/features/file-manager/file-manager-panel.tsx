// The file manager (spec 000 §2 "File manager with export and import tabs"): every export and every
// uploaded file of the current partner with its type, time, state, size and result, filtered by type
// and state, with the export file and the import error file to download. Lists poll while a task runs.
import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Empty,
  Flex,
  Result,
  Select,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  ExportCheckStatus,
  ExportType,
  fill,
  TaskStatus,
  UploadType,
  type ExportRecord,
  type FileRecord,
} from '@moda/contracts';
import { formatSize } from '../../components/file-tasks/format';
import { fileTasksText } from '../../components/file-tasks/locale';
import { downloadFile } from '../../lib/api/transfer';
import { formatDateTime } from '../../lib/dates';
import { fileManagerEvents, type FileManagerTab } from '../../lib/file-manager-events';
import {
  FILE_MANAGER_PAGE_SIZE,
  fileManagerKeys,
  importInProgress,
  useExportsList,
  useImportsList,
} from './file-manager-queries';
import { fileManagerText as text } from './locale';
import './file-manager.css';

const EXPORT_STATUS_COLOR: Record<ExportRecord['status'], string> = {
  OK: 'success',
  PROCESSING: 'processing',
  ERROR: 'error',
  QUARANTINE: 'warning',
};
const TASK_STATUS_COLOR: Record<FileRecord['status'], string> = {
  new: 'default',
  executing: 'processing',
  ok: 'success',
  fail: 'error',
};

export interface FileManagerPanelProps {
  partnerId: number;
  tab: FileManagerTab;
  onTabChange: (tab: FileManagerTab) => void;
}

export function FileManagerPanel({ partnerId, tab, onTabChange }: FileManagerPanelProps) {
  const queryClient = useQueryClient();
  // A task created anywhere shows here at once.
  useEffect(
    () =>
      fileManagerEvents.onChange(
        () => void queryClient.invalidateQueries({ queryKey: [...fileManagerKeys.all, partnerId] }),
      ),
    [queryClient, partnerId],
  );
  return (
    <Tabs
      className="file-manager"
      activeKey={tab}
      onChange={(key) => onTabChange(key as FileManagerTab)}
      destroyOnHidden
      items={[
        { key: 'export', label: text.tabs.export, children: <ExportsTab partnerId={partnerId} /> },
        { key: 'import', label: text.tabs.import, children: <ImportsTab partnerId={partnerId} /> },
      ]}
    />
  );
}

function useSave() {
  const { notification } = App.useApp();
  return (path: string, fallback: string) =>
    downloadFile(path, fallback).catch(() => notification.error({ title: fileTasksText.downloadFailed }));
}

/** A tab's filters and page; a change of filter goes back to the first page. */
function useTaskFilters<T extends string, S extends string>() {
  const [type, setType] = useState<T>();
  const [status, setStatus] = useState<S>();
  const [page, setPage] = useState(1);
  return {
    filter: { type, status, page },
    filtered: Boolean(type || status),
    setType: (t: T | undefined) => {
      setType(t);
      setPage(1);
    },
    setStatus: (s: S | undefined) => {
      setStatus(s);
      setPage(1);
    },
    setPage,
  };
}

/** A tab's type and state filters over its table of tasks, with the empty, error and loading states. */
function TaskTable<Row extends { id: string }, T extends string, S extends string>(props: {
  testId: string;
  filters: ReturnType<typeof useTaskFilters<T, S>>;
  types: readonly T[];
  typeLabel: (t: T) => string;
  statuses: readonly S[];
  statusLabel: (s: S) => string;
  list: UseQueryResult<{ items: Row[]; total: number }>;
  columns: TableColumnsType<Row>;
  empty: string;
}) {
  const { filters, list } = props;
  return (
    <>
      <Flex gap={8} wrap className="file-manager__filters">
        <Select
          className="file-manager__filter"
          aria-label={text.filters.type}
          placeholder={text.filters.allTypes}
          allowClear
          value={filters.filter.type}
          onChange={(v?: T) => filters.setType(v)}
          options={props.types.map((t) => ({ value: t, label: props.typeLabel(t) }))}
          popupMatchSelectWidth={false}
        />
        <Select
          className="file-manager__filter"
          aria-label={text.filters.status}
          placeholder={text.filters.allStatuses}
          allowClear
          value={filters.filter.status}
          onChange={(v?: S) => filters.setStatus(v)}
          options={props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) }))}
        />
      </Flex>
      <Table<Row>
        rowKey="id"
        size="small"
        className="file-manager__table"
        data-testid={props.testId}
        loading={list.isLoading}
        columns={props.columns}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 560 }}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : list.isError ? (
            <Result
              status="warning"
              title={text.loadFailed}
              extra={
                <Button type="primary" onClick={() => void list.refetch()}>
                  {text.retry}
                </Button>
              }
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filters.filtered ? text.empty.filtered : props.empty}
            />
          ),
        }}
        pagination={{
          current: filters.filter.page,
          pageSize: FILE_MANAGER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: filters.setPage,
        }}
      />
    </>
  );
}

function ExportsTab({ partnerId }: { partnerId: number }) {
  const filters = useTaskFilters<ExportRecord['type'], ExportRecord['status']>();
  const list = useExportsList(partnerId, filters.filter);
  const save = useSave();

  const columns: TableColumnsType<ExportRecord> = [
    {
      key: 'type',
      title: text.columns.type,
      render: (_, e) => fileTasksText.exportTypes[e.type],
    },
    { key: 'time', title: text.columns.time, render: (_, e) => formatDateTime(e.createdAt) },
    {
      key: 'status',
      title: text.columns.status,
      render: (_, e) => (
        <Tag color={EXPORT_STATUS_COLOR[e.status]}>{fileTasksText.exportStatus[e.status]}</Tag>
      ),
    },
    {
      key: 'size',
      title: text.columns.size,
      render: (_, e) => (e.status === 'OK' ? formatSize(e.size) : '—'),
    },
    {
      key: 'result',
      title: text.columns.result,
      render: (_, e) => {
        if (e.status === 'PROCESSING')
          return <Typography.Text type="secondary">{text.export.processing}</Typography.Text>;
        if (e.status === 'QUARANTINE')
          return <Typography.Text type="secondary">{text.export.quarantine}</Typography.Text>;
        if (e.status === 'ERROR')
          return (
            <Flex vertical>
              <Typography.Text type="danger">{text.export.failed}</Typography.Text>
              {e.errorMessage ? <Typography.Text>{e.errorMessage}</Typography.Text> : null}
            </Flex>
          );
        return (
          <Flex vertical align="flex-start">
            {e.rowCount !== null ? <span>{fill(text.export.rows, { count: e.rowCount })}</span> : null}
            <Button
              type="link"
              size="small"
              className="file-manager__link"
              icon={<DownloadOutlined />}
              aria-label={fill(text.export.downloadLabel, {
                type: fileTasksText.exportTypes[e.type],
                time: formatDateTime(e.createdAt),
              })}
              onClick={() =>
                void save(`/api/v1/exports/${e.id}/download`, e.fileName ?? `${e.type}.${e.format}`)
              }
            >
              {text.export.download}
            </Button>
          </Flex>
        );
      },
    },
  ];

  return (
    <TaskTable
      testId="exports-table"
      filters={filters}
      types={ExportType.options}
      typeLabel={(t) => fileTasksText.exportTypes[t]}
      statuses={ExportCheckStatus.options}
      statusLabel={(st) => fileTasksText.exportStatus[st]}
      list={list}
      columns={columns}
      empty={text.empty.export}
    />
  );
}

function ImportsTab({ partnerId }: { partnerId: number }) {
  const filters = useTaskFilters<FileRecord['type'], FileRecord['status']>();
  const list = useImportsList(partnerId, filters.filter);
  const save = useSave();

  const columns: TableColumnsType<FileRecord> = [
    {
      key: 'file',
      title: text.columns.file,
      render: (_, f) => (
        <Flex vertical>
          <span className="file-manager__name">{f.name}</span>
          <Typography.Text type="secondary">{fileTasksText.uploadTypes[f.type]}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'time', title: text.columns.time, render: (_, f) => formatDateTime(f.createdAt) },
    {
      key: 'status',
      title: text.columns.status,
      render: (_, f) => <Tag color={TASK_STATUS_COLOR[f.status]}>{fileTasksText.taskStatus[f.status]}</Tag>,
    },
    { key: 'size', title: text.columns.size, render: (_, f) => formatSize(f.size) },
    {
      key: 'result',
      title: text.columns.result,
      render: (_, f) => {
        if (importInProgress(f)) {
          if (f.rowsTotal)
            return <span>{fill(text.import.progress, { done: f.rowsDone, total: f.rowsTotal })}</span>;
          return <Typography.Text type="secondary">{text.import.waiting}</Typography.Text>;
        }
        const failed = f.result === 'error' || f.result === 'failed' || f.status === 'fail';
        return (
          <Flex vertical align="flex-start">
            {f.result ? (
              <Typography.Text type={failed ? 'danger' : 'success'}>
                {fileTasksText.importResult[f.result]}
              </Typography.Text>
            ) : null}
            {f.errorCount > 0 ? <span>{fill(text.import.errors, { count: f.errorCount })}</span> : null}
            {failed && f.errorMessage ? <Typography.Text>{f.errorMessage}</Typography.Text> : null}
            {f.hasFileResult ? (
              <Button
                type="link"
                size="small"
                className="file-manager__link"
                icon={<DownloadOutlined />}
                aria-label={fill(text.import.errorFileLabel, { name: f.name })}
                onClick={() =>
                  void save(
                    `/api/v1/files/${f.id}/result/download`,
                    `${f.name.split('.')[0] || 'file'}_error.csv`,
                  )
                }
              >
                {text.import.errorFile}
              </Button>
            ) : null}
          </Flex>
        );
      },
    },
  ];

  return (
    <TaskTable
      testId="imports-table"
      filters={filters}
      types={UploadType.options}
      typeLabel={(t) => fileTasksText.uploadTypes[t]}
      statuses={TaskStatus.options}
      statusLabel={(st) => fileTasksText.taskStatus[st]}
      list={list}
      columns={columns}
      empty={text.empty.import}
    />
  );
}
