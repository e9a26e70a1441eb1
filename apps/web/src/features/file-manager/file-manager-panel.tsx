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
import { useQueryClient } from '@tanstack/react-query';
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

function Filters<T extends string, S extends string>(props: {
  types: readonly T[];
  typeLabel: (t: T) => string;
  type: T | undefined;
  onType: (t: T | undefined) => void;
  statuses: readonly S[];
  statusLabel: (s: S) => string;
  status: S | undefined;
  onStatus: (s: S | undefined) => void;
}) {
  return (
    <Flex gap={8} wrap className="file-manager__filters">
      <Select
        className="file-manager__filter"
        aria-label={text.filters.type}
        placeholder={text.filters.allTypes}
        allowClear
        value={props.type}
        onChange={(v?: T) => props.onType(v)}
        options={props.types.map((t) => ({ value: t, label: props.typeLabel(t) }))}
        popupMatchSelectWidth={false}
      />
      <Select
        className="file-manager__filter"
        aria-label={text.filters.status}
        placeholder={text.filters.allStatuses}
        allowClear
        value={props.status}
        onChange={(v?: S) => props.onStatus(v)}
        options={props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) }))}
      />
    </Flex>
  );
}

function ListState({ isError, refetch, empty }: { isError: boolean; refetch: () => void; empty: string }) {
  if (isError)
    return (
      <Result
        status="warning"
        title={text.loadFailed}
        extra={
          <Button type="primary" onClick={refetch}>
            {text.retry}
          </Button>
        }
      />
    );
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
}

function ExportsTab({ partnerId }: { partnerId: number }) {
  const [type, setType] = useState<ExportRecord['type']>();
  const [status, setStatus] = useState<ExportRecord['status']>();
  const [page, setPage] = useState(1);
  const list = useExportsList(partnerId, { type, status, page });
  const save = useSave();
  const filtered = Boolean(type || status);

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
    <>
      <Filters
        types={ExportType.options}
        typeLabel={(t) => fileTasksText.exportTypes[t]}
        type={type}
        onType={(t) => {
          setType(t);
          setPage(1);
        }}
        statuses={ExportCheckStatus.options}
        statusLabel={(s) => fileTasksText.exportStatus[s]}
        status={status}
        onStatus={(s) => {
          setStatus(s);
          setPage(1);
        }}
      />
      <Table<ExportRecord>
        rowKey="id"
        size="small"
        className="file-manager__table"
        data-testid="exports-table"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 560 }}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <ListState
              isError={list.isError}
              refetch={() => void list.refetch()}
              empty={filtered ? text.empty.filtered : text.empty.export}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: FILE_MANAGER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </>
  );
}

function ImportsTab({ partnerId }: { partnerId: number }) {
  const [type, setType] = useState<FileRecord['type']>();
  const [status, setStatus] = useState<FileRecord['status']>();
  const [page, setPage] = useState(1);
  const list = useImportsList(partnerId, { type, status, page });
  const save = useSave();
  const filtered = Boolean(type || status);

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
    <>
      <Filters
        types={UploadType.options}
        typeLabel={(t) => fileTasksText.uploadTypes[t]}
        type={type}
        onType={(t) => {
          setType(t);
          setPage(1);
        }}
        statuses={TaskStatus.options}
        statusLabel={(s) => fileTasksText.taskStatus[s]}
        status={status}
        onStatus={(s) => {
          setStatus(s);
          setPage(1);
        }}
      />
      <Table<FileRecord>
        rowKey="id"
        size="small"
        className="file-manager__table"
        data-testid="imports-table"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 560 }}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <ListState
              isError={list.isError}
              refetch={() => void list.refetch()}
              empty={filtered ? text.empty.filtered : text.empty.import}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: FILE_MANAGER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </>
  );
}
