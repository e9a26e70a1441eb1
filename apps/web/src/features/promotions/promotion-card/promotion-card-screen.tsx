// A promotion (spec 000 §3–§4 Promotion): its conditions, dates with a countdown to the end of registration
// (12:00 Moscow), the partner's results, the template and the promotion file, and the products: those in it and
// those that could join, with what each sells at, the margin left and the critical threshold.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Select,
  Skeleton,
  Statistic,
  Tag,
  Upload,
} from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { fill, type PromotionCard } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { downloadTemplate, promotionKeys, uploadPromotionFile, usePromotion } from '../api/promotions-api';
import { PromotionFiles } from '../files/promotion-files';
import { promotionsText } from '../locale';
import { STATUS_COLOR, countdown, day, formatName, period, statusName, typeName } from '../promotion-look';
import { PromotionProducts } from './promotion-products';

const t = promotionsText.card;
const f = promotionsText.files;

function Countdown({ card }: { card: PromotionCard }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left =
    card.state === 'idle' || card.state === 'open' ? countdown(card.registrationDeadline, now) : null;
  return (
    <Flex vertical>
      <span>{period(card.registrationStart, card.registrationEnd)}</span>
      <span>{fill(t.deadline, { date: day(card.registrationEnd) })}</span>
      <strong className={left ? 'promotions__warn' : undefined}>
        {left ? fill(t.countdown, { left }) : t.registrationOver}
      </strong>
    </Flex>
  );
}

function FileActions({ partnerId, card }: { partnerId: number; card: PromotionCard }) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const [action, setAction] = useState<'add' | 'remove'>('add');
  const [busy, setBusy] = useState(false);
  return (
    <Flex gap={8} wrap align="center">
      <Button
        icon={<DownloadOutlined />}
        onClick={() =>
          void downloadTemplate(partnerId, card.id).catch(() =>
            notification.error({ title: f.templateFailed }),
          )
        }
      >
        {f.template}
      </Button>
      {card.canAdd || card.canRemove ? (
        <>
          <Select
            aria-label={f.action}
            value={action}
            onChange={setAction}
            options={[
              { value: 'add', label: f.actions.add, disabled: !card.canAdd },
              { value: 'remove', label: f.actions.remove, disabled: !card.canRemove },
            ]}
            style={{ width: 180 }}
          />
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={({ file }) => {
              setBusy(true);
              uploadPromotionFile(partnerId, card.id, action, file as File)
                .then((rec) => {
                  notification.info({ title: fill(f.uploaded, { name: rec.name }) });
                  return client.invalidateQueries({ queryKey: promotionKeys.files(partnerId) });
                })
                .catch((err: unknown) =>
                  notification.error({
                    title: f.uploadFailed,
                    description: isRpcError(err) ? err.apiMessage : undefined,
                  }),
                )
                .finally(() => setBusy(false));
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {f.upload}
            </Button>
          </Upload>
          <span className="promotions__hint">{f.maxSize}</span>
        </>
      ) : null}
    </Flex>
  );
}

export function PromotionCardScreen({ partnerId, promotionId }: { partnerId: number; promotionId: string }) {
  const card = usePromotion(partnerId, promotionId);
  const { readOnly } = useReadOnly();
  if (card.isPending) return <Skeleton active />;
  if (card.isError || !card.data) {
    const missing = isRpcError(card.error) && card.error.code === 50404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t.notFound : t.error}
        extra={<Link to="/promotions">{t.back}</Link>}
      />
    );
  }
  const c = card.data;
  const cats = promotionsText.categories;
  return (
    <div className="promotions">
      <Link to="/promotions">
        <ArrowLeftOutlined /> {t.back}
      </Link>
      <PageHeader
        title={c.name}
        subtitle={c.description}
        actions={<Tag color={STATUS_COLOR[c.sellerStatus]}>{statusName(c.sellerStatus)}</Tag>}
      />
      <PromotionFiles partnerId={partnerId} promotionId={c.id} />
      <Card size="small" title={t.conditions}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t.type}>{typeName(c.type)}</Descriptions.Item>
          <Descriptions.Item label={t.discount}>{c.discountPercent} %</Descriptions.Item>
          <Descriptions.Item label={t.format}>{formatName(c.format)}</Descriptions.Item>
          <Descriptions.Item label={t.categories}>
            {c.categories.length ? c.categories.map((x) => cats[x]).join(', ') : t.allCategories}
          </Descriptions.Item>
          <Descriptions.Item label={t.gender}>
            {c.gender ? promotionsText.genders[c.gender] : t.anyGender}
          </Descriptions.Item>
          <Descriptions.Item label={t.period}>{period(c.startDate, c.endDate)}</Descriptions.Item>
          <Descriptions.Item label={t.registration} span={2}>
            <Countdown card={c} />
          </Descriptions.Item>
        </Descriptions>
        {c.results ? (
          <Flex gap={48} className="promotions__card-actions">
            <Statistic title={t.sold} value={c.results.soldQuantity} />
            <Statistic title={t.salesSum} value={formatRub(c.results.salesSum)} />
          </Flex>
        ) : null}
        {readOnly ? null : (
          <div className="promotions__card-actions">
            <FileActions partnerId={partnerId} card={c} />
          </div>
        )}
      </Card>
      <PromotionProducts partnerId={partnerId} card={c} readOnly={readOnly} />
    </div>
  );
}
