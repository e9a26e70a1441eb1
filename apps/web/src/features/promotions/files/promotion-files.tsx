// Promotion files of the current partner (spec 000 §4 Promotion file import, spec 001 §8–§9): new files are
// polled every 10 s; a file that went through shows a success notice and leaves the list; a failed one shows
// an error titled with its file name (cut at 46 characters past 49) with its error file to download, for 10
// minutes, and stays in the list for an hour or until closed. When an import of the open promotion ends, its
// page is read again. A failed poll offers to try again.
import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { fill, noticeFileName, PROMOTION_LIMITS, type PromotionFileRecord } from '@moda/contracts';
import { downloadErrorFile, promotionKeys, useCloseFile, usePromotionFiles } from '../api/promotions-api';
import { promotionsText } from '../locale';

const t = promotionsText.files;
const POLL_KEY = 'promotion-files-poll';
const age = (f: PromotionFileRecord, now: number) => now - new Date(f.updatedAt).getTime();

export function PromotionFiles({ partnerId, promotionId }: { partnerId: number; promotionId?: string }) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const files = usePromotionFiles(partnerId, (items) =>
    items.some((f) => f.status === 'new') ? PROMOTION_LIMITS.filePollMs : false,
  );
  const close = useCloseFile(partnerId);
  const notified = useRef(new Set<string>());
  const [now, setNow] = useState(() => Date.now());
  const items = (files.data?.items ?? []).filter(
    (f) => !(f.status === 'fail' && age(f, now) >= PROMOTION_LIMITS.failedFileTtlMs) && f.status !== 'ok',
  );

  const download = (f: PromotionFileRecord) =>
    void downloadErrorFile(f).catch(() => notification.error({ title: t.downloadFailed }));

  useEffect(() => {
    for (const f of files.data?.items ?? []) {
      if (f.status === 'new' || notified.current.has(f.id)) continue;
      notified.current.add(f.id);
      if (f.promotionId === promotionId)
        void client.invalidateQueries({ queryKey: promotionKeys.card(partnerId, f.promotionId) });
      if (f.status === 'ok') {
        notification.success({ key: f.id, title: fill(t.ok, { name: noticeFileName(f.name) }) });
        close.mutate(f.id);
        continue;
      }
      const left = PROMOTION_LIMITS.failedNoticeMs - age(f, Date.now());
      if (left <= 0) continue;
      notification.error({
        key: f.id,
        title: noticeFileName(f.name),
        description: f.promoFileErrorTxt,
        duration: left / 1000,
        actions: f.hasErrorFile ? (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => download(f)}>
            {t.downloadErrors}
          </Button>
        ) : undefined,
      });
    }
    // Only new answers of the list raise notices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files.data]);

  // A failed file leaves the list an hour after it failed: wake up then.
  useEffect(() => {
    const expiries = (files.data?.items ?? [])
      .filter((f) => f.status === 'fail')
      .map((f) => new Date(f.updatedAt).getTime() + PROMOTION_LIMITS.failedFileTtlMs - Date.now())
      .filter((ms) => ms > 0);
    if (!expiries.length) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...expiries) + 1);
    return () => clearTimeout(timer);
  }, [files.data, now]);

  useEffect(() => {
    if (!files.isError) return;
    notification.warning({
      key: POLL_KEY,
      title: t.pollFailed,
      duration: 0,
      actions: (
        <Button
          size="small"
          onClick={() => {
            notification.destroy(POLL_KEY);
            void files.refetch();
          }}
        >
          {t.reload}
        </Button>
      ),
    });
  }, [files.isError, files, notification]);

  if (!items.length) return null;
  return (
    <Card size="small" title={t.title} className="promotions__files">
      <ul className="promotions__file-list" aria-label={t.title}>
        {items.map((f) => (
          <li key={f.id} className="promotions__file-row">
            <Flex vertical gap={2} flex={1}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{noticeFileName(f.name)}</Typography.Text>
                <Typography.Text type="secondary">
                  {t.actions[f.action]} · {f.promotionName}
                </Typography.Text>
                {f.status === 'new' ? (
                  <Tag icon={<LoadingOutlined />} color="processing">
                    {t.processing}
                  </Tag>
                ) : (
                  <Tag color="error">{t.failed}</Tag>
                )}
              </Flex>
              {f.promoFileErrorTxt ? (
                <Typography.Text type="danger">{f.promoFileErrorTxt}</Typography.Text>
              ) : null}
            </Flex>
            {f.status === 'fail' && f.hasErrorFile ? (
              <Button size="small" icon={<DownloadOutlined />} onClick={() => download(f)}>
                {t.downloadErrors}
              </Button>
            ) : null}
            {f.status === 'fail' ? (
              <Button
                size="small"
                type="text"
                aria-label={t.close}
                icon={<CloseOutlined />}
                onClick={() => close.mutate(f.id)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
