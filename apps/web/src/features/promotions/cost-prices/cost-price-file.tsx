// Cost and floor prices by file, beside the products whose floors the seller sets (issue 21): the template with
// the partner's products and their current prices, the upload (a shared file task, type product_cost_prices),
// and the state of the latest file — being checked (read again every 10 s), saved, or refused with its first
// error and the error file of every refused row.
import { useEffect, useRef, useState } from 'react';
import { App, Alert, Button, Flex, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { fill, type FileRecord } from '@moda/contracts';
import { fileTasksText } from '../../../components/file-tasks/locale';
import { isRpcError } from '../../../lib/api/rpc-error';
import {
  downloadCostTemplate,
  downloadErrorFile,
  promotionKeys,
  uploadCostFile,
  useLastCostFile,
} from '../api/promotions-api';
import { promotionsText } from '../locale';

const t = promotionsText.costFile;
const COLOR: Record<FileRecord['status'], string> = {
  new: 'processing',
  executing: 'processing',
  ok: 'success',
  fail: 'error',
};

function LastFile({ file }: { file: FileRecord }) {
  const { notification } = App.useApp();
  return (
    <Flex vertical gap={4} className="promotions__cost-file-state">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{fill(t.last, { name: file.name })}</Typography.Text>
        <Tag color={COLOR[file.status]}>{fileTasksText.taskStatus[file.status]}</Tag>
        {file.status === 'ok' ? (
          <Typography.Text type="secondary">{fill(t.saved, { count: file.rowsTotal ?? 0 })}</Typography.Text>
        ) : null}
      </Flex>
      {file.status === 'fail' ? (
        <Alert
          type="error"
          showIcon
          title={file.errorMessage ?? fileTasksText.importResult.failed}
          description={file.errorCount > 1 ? fill(t.errors, { count: file.errorCount }) : undefined}
          action={
            file.hasFileResult ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void downloadErrorFile(file).catch(() =>
                    notification.error({ title: fileTasksText.downloadFailed }),
                  )
                }
              >
                {t.downloadErrors}
              </Button>
            ) : undefined
          }
        />
      ) : null}
    </Flex>
  );
}

export function CostPriceFile({ partnerId, readOnly }: { partnerId: number; readOnly: boolean }) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const last = useLastCostFile(partnerId);
  const [busy, setBusy] = useState(false);
  const status = last.data?.status;
  const previous = useRef(status);
  // A file just saved changes the floors and margins the card shows: its products are read again.
  useEffect(() => {
    if (status === 'ok' && previous.current && previous.current !== 'ok')
      void client.invalidateQueries({
        queryKey: promotionKeys.all(partnerId),
        predicate: (q) => q.queryKey[2] === 'card',
      });
    previous.current = status;
  }, [status, client, partnerId]);

  return (
    <section className="promotions__cost-file" aria-label={t.title}>
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{t.title}</Typography.Text>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadCostTemplate(partnerId).catch(() => notification.error({ title: t.templateFailed }))
          }
        >
          {t.template}
        </Button>
        {readOnly ? null : (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={({ file }) => {
              setBusy(true);
              uploadCostFile(partnerId, file as File)
                .then(() => client.invalidateQueries({ queryKey: promotionKeys.costFile(partnerId) }))
                .catch((err: unknown) =>
                  notification.error({
                    title: t.uploadFailed,
                    description: isRpcError(err) ? err.apiMessage : undefined,
                  }),
                )
                .finally(() => setBusy(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {t.upload}
            </Button>
          </Upload>
        )}
        <span className="promotions__hint">{t.hint}</span>
      </Flex>
      {last.isError ? (
        <Typography.Text type="danger">{t.stateFailed}</Typography.Text>
      ) : last.data ? (
        <LastFile file={last.data} />
      ) : null}
    </section>
  );
}
