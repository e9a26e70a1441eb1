// The uploaded files as tasks: state, rows done out of the total, the outcome with the first error and
// the error file. An open task shows its progress; a finished one can be taken off the list.
import { Button, Empty, Flex, List, Progress, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fill, type FileRecord } from '@moda/contracts';
import { formatSize } from '../../../components/file-tasks/format';
import { fileTasksText } from '../../../components/file-tasks/locale';
import { formatDateTime } from '../../../lib/dates';
import { isOpenTask } from './excel-api';
import { excelText } from './locale';
import { updatesText } from '../import-updates/locale';

const text = excelText.task;

const STATUS_COLOR: Record<FileRecord['status'], string> = {
  new: 'default',
  executing: 'processing',
  ok: 'success',
  fail: 'error',
};

export function ImportTaskList({
  ids,
  tasks,
  onDismiss,
  onDownloadErrors,
  previews,
}: {
  ids: string[];
  tasks: UseQueryResult<FileRecord>[];
  onDismiss: (id: string) => void;
  onDownloadErrors: (file: FileRecord) => void;
  /** The tasks that are update files with a preview (issue 28). */
  previews?: Set<string>;
}) {
  if (ids.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={excelText.empty} />;
  return (
    <List
      className="excel-import__tasks"
      dataSource={ids.map((id, i) => ({ id, query: tasks[i] }))}
      renderItem={({ id, query }) => {
        const file = query?.data;
        if (!file)
          return (
            <List.Item key={id}>
              <Spin size="small" />
            </List.Item>
          );
        return (
          <List.Item
            key={id}
            data-task={file.name}
            actions={
              isOpenTask(file)
                ? []
                : [
                    <Button key="dismiss" type="link" size="small" onClick={() => onDismiss(id)}>
                      {text.dismiss}
                    </Button>,
                  ]
            }
          >
            <Flex vertical gap={4} className="excel-import__task">
              <Flex gap={8} wrap align="center">
                <b className="excel-import__task-name">{file.name}</b>
                <Tag color={STATUS_COLOR[file.status]}>{fileTasksText.taskStatus[file.status]}</Tag>
              </Flex>
              <Typography.Text type="secondary">
                {fill(text.uploadedAt, { time: formatDateTime(file.createdAt) })} · {formatSize(file.size)}
              </Typography.Text>
              {previews?.has(file.id) ? (
                <Flex vertical gap={2} align="flex-start">
                  <Typography.Text type="success">{updatesText.taskReady}</Typography.Text>
                  <Link to={`/nomenclatures/updates?file=${file.id}`}>{updatesText.taskLink}</Link>
                </Flex>
              ) : (
                <TaskOutcome file={file} onDownloadErrors={onDownloadErrors} />
              )}
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

function TaskOutcome({
  file,
  onDownloadErrors,
}: {
  file: FileRecord;
  onDownloadErrors: (f: FileRecord) => void;
}) {
  if (isOpenTask(file)) {
    if (file.status === 'new' && file.rowsDone === 0)
      return <Typography.Text>{text.waiting}</Typography.Text>;
    const total = file.rowsTotal;
    return (
      <Flex vertical className="excel-import__progress">
        <span>
          {total
            ? fill(text.progress, { done: file.rowsDone, total })
            : fill(text.progressUnknown, { done: file.rowsDone })}
        </span>
        <Progress
          percent={total ? Math.min(100, Math.floor((file.rowsDone / total) * 100)) : 0}
          size="small"
          status="active"
          aria-label={text.progressLabel}
        />
      </Flex>
    );
  }
  const errorLink = file.hasFileResult ? (
    <Button
      type="link"
      size="small"
      className="excel-import__link"
      icon={<DownloadOutlined />}
      onClick={() => onDownloadErrors(file)}
    >
      {text.errorFile}
    </Button>
  ) : null;
  if (file.result === 'ok' || (file.status === 'ok' && file.result === null))
    return (
      <Typography.Text type="success">
        {file.rowsDone > 0 ? fill(text.okRows, { count: file.rowsDone }) : text.ok}
      </Typography.Text>
    );
  const headline = file.result === 'error' ? fill(text.error, { count: file.errorCount }) : text.failed;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Typography.Text type="danger">{headline}</Typography.Text>
      {file.errorMessage ? <Typography.Text>{file.errorMessage}</Typography.Text> : null}
      {errorLink}
    </Flex>
  );
}
