// Adding products by Excel (spec 000 §2, spec 001 §5, §7–§9): choose a category and a template mode,
// download the template, upload up to 10 xlsx files (checked here first) with their progress, then
// follow each file as a task polled every 10 s. The category, the mode and the tasks live in the URL,
// so a reload shows the same screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  List,
  Progress,
  Radio,
  Select,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { Category, fill, IMPORT_FILES_AT_ONCE, type FileRecord } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { LayoutAside } from '../../../components/layout-slots/layout-slots';
import { HelpCard } from '../../../components/help-card/help-card';
import { noticeFileName } from '../../../components/file-tasks/format';
import { isRpcError } from '../../../lib/api/rpc-error';
import { fileManagerEvents } from '../../../lib/file-manager-events';
import { useCategories } from '../api/product-list-queries';
import { ReadOnlyNotice, useCatalogueReadOnly } from '../components/read-only';
import {
  downloadErrorFile,
  downloadTemplate,
  isOpenTask,
  uploadImportFile,
  useImportTasks,
  useUpdatePreviews,
} from './excel-api';
import { IMPORT_MAX_MB, importFileProblem, takeWithinLimit } from './excel-checks';
import type { TemplateMode } from './reduced-allowed';
import { ImportTaskList } from './import-task-list';
import { excelText as text } from './locale';
import './excel-import.css';

/** Spec 001 §9: a failed-file notice stays 10 minutes. */
export const FAILED_NOTICE_SEC = 600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EntryState =
  | { kind: 'ready' }
  | { kind: 'refused'; reason: string }
  | { kind: 'uploading'; percent: number }
  | { kind: 'failed'; reason: string };

interface Entry {
  key: string;
  file: File;
  state: EntryState;
}

let entrySeq = 0;

export interface ExcelImportScreenProps {
  partnerId: number;
  title: string;
  /** The template modes this page offers, the first being the default. */
  modes: readonly TemplateMode[];
}

export function ExcelImportScreen({ partnerId, title, modes }: ExcelImportScreenProps) {
  const { notification, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  // Until the terms are signed no file is imported; the template can still be downloaded and filled in.
  const { readOnly } = useCatalogueReadOnly();

  const parsedCategory = Category.safeParse(params.get('category'));
  const category = parsedCategory.success ? parsedCategory.data : undefined;
  const modeParam = params.get('mode') as TemplateMode | null;
  const mode: TemplateMode = modeParam && modes.includes(modeParam) ? modeParam : modes[0]!;
  const taskIds = useMemo(
    () => (params.get('files') ?? '').split(',').filter((id) => UUID.test(id)),
    [params],
  );

  const setParam = useCallback(
    (change: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Template
  const [downloading, setDownloading] = useState(false);
  const getTemplate = async () => {
    if (!category) return;
    setDownloading(true);
    try {
      const name = await downloadTemplate(partnerId, category, mode);
      void message.success(fill(text.downloaded, { name }));
    } catch (error) {
      notification.error({
        title: text.downloadFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    } finally {
      setDownloading(false);
    }
  };

  // Files chosen for upload
  const [entries, setEntries] = useState<Entry[]>([]);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const setState = (key: string, state: EntryState) =>
    setEntries((prev) => prev.map((e) => (e.key === key ? { ...e, state } : e)));

  const addFiles = (files: File[]) => {
    const fresh = files.filter((f) => !entries.some((e) => e.file.name === f.name && e.file.size === f.size));
    const { taken, left } = takeWithinLimit(entries.length, fresh);
    setLeftOut(left.map((f) => f.name));
    setEntries((prev) => [
      ...prev,
      ...taken.map((file): Entry => {
        const reason = importFileProblem(file);
        return {
          key: `x${++entrySeq}`,
          file,
          state: reason ? { kind: 'refused', reason } : { kind: 'ready' },
        };
      }),
    ]);
  };

  // Tasks
  const tasks = useImportTasks(partnerId, taskIds);
  const seenOpen = useRef(new Set<string>());
  const notified = useRef(new Set<string>());
  const addTask = (record: FileRecord) => {
    seenOpen.current.add(record.id);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const ids = (next.get('files') ?? '').split(',').filter((id) => UUID.test(id) && id !== record.id);
        next.set('files', [record.id, ...ids].join(','));
        return next;
      },
      { replace: true },
    );
  };
  const dismissTask = (id: string) =>
    setParam({ files: taskIds.filter((t) => t !== id).join(',') || undefined });

  const upload = async () => {
    if (readOnly) return;
    setUploading(true);
    setLeftOut([]);
    const ready = entries.filter((e) => e.state.kind === 'ready');
    for (const entry of ready) {
      setState(entry.key, { kind: 'uploading', percent: 0 });
      try {
        const record = await uploadImportFile(partnerId, entry.file, (p) =>
          setState(entry.key, { kind: 'uploading', percent: p.percent }),
        );
        setEntries((prev) => prev.filter((e) => e.key !== entry.key));
        addTask(record);
      } catch (error) {
        setState(entry.key, {
          kind: 'failed',
          reason: (isRpcError(error) && error.apiMessage) || text.fileState.uploadFailed,
        });
      }
    }
    setUploading(false);
    fileManagerEvents.changed();
  };

  const saveErrors = useCallback(
    (file: FileRecord) =>
      downloadErrorFile(file).catch(() => notification.error({ title: text.notices.errorFileFailed })),
    [notification],
  );

  // The outcome notices: a failed file once, when it finishes here; a failed poll as one retry notice.
  const records = tasks.map((t) => t.data);
  const previews = useUpdatePreviews(
    partnerId,
    records.flatMap((r) => (r?.status === 'ok' ? [r.id] : [])).slice(0, 100),
  );
  const pollFailed = tasks.some((t) => t.isError);
  const recordsKey = records.map((r) => (r ? `${r.id}:${r.status}:${r.result}` : '-')).join('|');
  useEffect(() => {
    for (const record of records) {
      if (!record) continue;
      if (isOpenTask(record)) {
        seenOpen.current.add(record.id);
        continue;
      }
      if (!seenOpen.current.has(record.id) || notified.current.has(record.id)) continue;
      notified.current.add(record.id);
      if (record.result === 'ok' || (record.status === 'ok' && record.result === null)) {
        void message.success(`${noticeFileName(record.name)}: ${text.task.ok}`);
        continue;
      }
      const key = `import-failed-${record.id}`;
      notification.error({
        key,
        title: noticeFileName(record.name),
        description: fill(text.notices.failedDescription, {
          count: record.errorCount,
          message: record.errorMessage ?? text.task.failed,
        }),
        duration: FAILED_NOTICE_SEC,
        // Ten minutes at the top would cover the header (the file manager, the profile menu).
        placement: 'bottomRight',
        actions: record.hasFileResult ? (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void saveErrors(record)}>
            {text.notices.downloadErrors}
          </Button>
        ) : undefined,
      });
    }
    // recordsKey stands for the records' states.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordsKey]);

  useEffect(() => {
    if (!pollFailed) return;
    const key = 'import-poll-failed';
    notification.warning({
      key,
      title: text.notices.pollFailed,
      description: text.notices.pollFailedDescription,
      duration: 0,
      actions: (
        <Button
          size="small"
          type="primary"
          onClick={() => {
            notification.destroy(key);
            tasks.filter((t) => t.isError).forEach((t) => void t.refetch());
          }}
        >
          {text.notices.reload}
        </Button>
      ),
    });
    // Raised once per failure episode; the retry button refers to the current queries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pollFailed]);

  const readyCount = entries.filter((e) => e.state.kind === 'ready').length;

  return (
    <div className="excel-import">
      <PageHeader title={title} />

      <Card className="excel-import__card" title={<h2 className="card-title">{text.instructions.title}</h2>}>
        <ol className="excel-import__steps">
          {text.instructions.steps.map((step) => (
            <li key={step}>{fill(step, { count: IMPORT_FILES_AT_ONCE, size: IMPORT_MAX_MB })}</li>
          ))}
        </ol>
      </Card>

      <Card className="excel-import__card" title={<h2 className="card-title">{text.templateCard}</h2>}>
        <Form layout="vertical" className="excel-import__template" requiredMark={false}>
          <Form.Item label={text.category} htmlFor="excel-category">
            <Select
              id="excel-category"
              aria-label={text.category}
              className="excel-import__category"
              placeholder={text.categoryPlaceholder}
              value={category}
              loading={categories.isLoading}
              onChange={(value: string) => setParam({ category: value })}
              options={(categories.data?.items ?? []).map((c) => ({ value: c.code, label: c.name }))}
            />
          </Form.Item>
          {modes.length > 1 ? (
            <Form.Item label={<span id="excel-mode-label">{text.mode}</span>}>
              <Radio.Group
                aria-labelledby="excel-mode-label"
                value={mode}
                onChange={(e) => setParam({ mode: e.target.value as string })}
                className="excel-import__modes"
              >
                {modes.map((m) => (
                  <Radio key={m} value={m}>
                    <b>{text.modes[m].label}</b>
                    <Typography.Text type="secondary"> — {text.modes[m].hint}</Typography.Text>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          ) : (
            <Typography.Paragraph>
              {text.mode}: <b>{text.modes[mode].label}</b>
              <Typography.Text type="secondary"> — {text.modes[mode].hint}</Typography.Text>
            </Typography.Paragraph>
          )}
          <Flex gap={12} align="center" wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!category}
              loading={downloading}
              onClick={() => void getTemplate()}
            >
              {text.download}
            </Button>
            {!category ? <Typography.Text type="secondary">{text.downloadHint}</Typography.Text> : null}
          </Flex>
        </Form>
      </Card>

      <Card className="excel-import__card" title={<h2 className="card-title">{text.uploadCard}</h2>}>
        {readOnly ? <ReadOnlyNotice className="excel-import__notice" /> : null}
        <Upload.Dragger
          multiple
          accept=".xlsx"
          showUploadList={false}
          disabled={uploading || readOnly}
          aria-label={text.filesLabel}
          beforeUpload={(file, list) => {
            // Called once per file with the whole selection: take the selection on its first file.
            if (file === list[0]) addFiles(list);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{text.drop}</p>
          <p className="ant-upload-hint">
            {fill(text.dropHint, { count: IMPORT_FILES_AT_ONCE, size: IMPORT_MAX_MB })}
          </p>
        </Upload.Dragger>

        {leftOut.length > 0 ? (
          <Alert
            className="excel-import__alert"
            type="warning"
            showIcon
            title={fill(text.checks.tooMany, { max: IMPORT_FILES_AT_ONCE, names: leftOut.join(', ') })}
          />
        ) : null}

        {entries.length > 0 ? (
          <>
            <List
              className="excel-import__entries"
              dataSource={entries}
              renderItem={(entry) => (
                <List.Item
                  key={entry.key}
                  data-file={entry.file.name}
                  actions={
                    entry.state.kind === 'uploading'
                      ? []
                      : [
                          <Button
                            key="remove"
                            type="text"
                            size="small"
                            icon={<DeleteOutlined />}
                            disabled={uploading}
                            aria-label={fill(text.remove, { name: entry.file.name })}
                            onClick={() => setEntries((prev) => prev.filter((e) => e.key !== entry.key))}
                          />,
                        ]
                  }
                >
                  <Flex vertical gap={4} className="excel-import__entry">
                    <span>
                      <FileExcelOutlined /> {entry.file.name}
                    </span>
                    <EntryStatus state={entry.state} />
                  </Flex>
                </List.Item>
              )}
            />
            <Flex gap={8} wrap>
              <Button
                type="primary"
                disabled={readyCount === 0 || uploading || readOnly}
                loading={uploading}
                onClick={() => void upload()}
              >
                {text.upload}
              </Button>
              <Button type="link" disabled={uploading} onClick={() => setEntries([])}>
                {text.clear}
              </Button>
            </Flex>
          </>
        ) : null}
      </Card>

      <Card className="excel-import__card" title={<h2 className="card-title">{text.tasksCard}</h2>}>
        <ImportTaskList
          ids={taskIds}
          tasks={tasks}
          onDismiss={dismissTask}
          onDownloadErrors={(f) => void saveErrors(f)}
          previews={previews}
        />
      </Card>

      <LayoutAside>
        <HelpCard />
      </LayoutAside>
    </div>
  );
}

function EntryStatus({ state }: { state: EntryState }) {
  switch (state.kind) {
    case 'ready':
      return <Typography.Text type="secondary">{text.fileState.ready}</Typography.Text>;
    case 'refused':
      return <Typography.Text type="danger">{state.reason}</Typography.Text>;
    case 'failed':
      return (
        <Typography.Text type="danger">
          <Tag color="red">{text.fileState.failed}</Tag>
          {state.reason}
        </Typography.Text>
      );
    case 'uploading':
      return (
        <Flex vertical>
          <Typography.Text type="secondary">
            {fill(text.fileState.uploading, { percent: state.percent })}
          </Typography.Text>
          <Progress percent={state.percent} size="small" showInfo={false} />
        </Flex>
      );
  }
}
