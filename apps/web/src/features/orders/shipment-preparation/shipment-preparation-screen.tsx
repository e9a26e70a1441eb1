// Shipment preparation of one order (spec 001 §5 "Orders and labels", §7 REST, §8 labels, §9): pack numbers
// for 1 up to the order's items (all requests together), the pack barcodes, the label size 75×120 or
// 100×80 mm and the labels PDF. Server refusals (barcode does not match, no base warehouse, generation
// failed, count out of range) are shown with the server's Russian message.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Result,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, BarcodeOutlined, PrinterOutlined } from '@ant-design/icons';
import { fill, LabelSize, ORDER_LIMITS, RpcCode, type OrderCard } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { isRpcError } from '../../../lib/api/rpc-error';
import { applyServerErrors, failureDescription } from '../../../lib/forms';
import { formatDateTime } from '../../../lib/dates';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useOrder, useRefreshOrder } from '../api/order-queries';
import { createPackNumbers, printOrderLabels, type LabelSizeValue } from '../api/order-rest';
import { ordersText } from '../locale';
import '../orders.css';

const t = ordersText.shipmentPreparation;

/** How many more pack numbers the order may get: packs never outnumber items (spec 001 §5, §9). */
export function packsLeft(card: Pick<OrderCard, 'itemCount' | 'packs'>): number {
  return Math.max(0, Math.min(card.itemCount - card.packs.length, ORDER_LIMITS.packsPerRequest));
}

const pluralRu = new Intl.PluralRules('ru');

/** How many more numbers the seller may ask for, said the way a person would say it. */
function packsLeftText(card: Pick<OrderCard, 'itemCount' | 'packs'>, left: number): string {
  const l = t.packsLeft;
  const got = card.packs.length > 0;
  if (left === 1) return got ? l.one : l.firstOne;
  const numbers = pluralRu.select(left) === 'one' ? l.numbers.one : l.numbers.other;
  const template = card.itemCount - card.packs.length > left ? l.perRequest : got ? l.more : l.first;
  return fill(template, { max: left, numbers });
}

export function ShipmentPreparationScreen({ partnerId, orderNr }: { partnerId: number; orderNr: string }) {
  const order = useOrder(partnerId, orderNr);
  const title = fill(t.title, { id: orderNr });
  const back = (
    <Link to={`/orders/${encodeURIComponent(orderNr)}`}>
      <ArrowLeftOutlined /> {t.back}
    </Link>
  );

  if (order.isPending) {
    return (
      <>
        <PageHeader title={title} subtitle={back} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  }
  if (order.isError) {
    const notFound = isRpcError(order.error) && order.error.code === RpcCode.NotFound;
    return (
      <>
        <PageHeader title={title} />
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? ordersText.card.notFound : ordersText.card.error}
          subTitle={isRpcError(order.error) && !notFound ? order.error.apiMessage : undefined}
          extra={
            <Flex gap={8} justify="center" wrap>
              {notFound ? null : (
                <Button onClick={() => void order.refetch()}>{ordersText.card.retry}</Button>
              )}
              <Link to="/orders">
                <Button>{ordersText.card.back}</Button>
              </Link>
            </Flex>
          }
        />
      </>
    );
  }
  return <Preparation partnerId={partnerId} card={order.data} title={title} back={back} />;
}

function Preparation({
  partnerId,
  card,
  title,
  back,
}: {
  partnerId: number;
  card: OrderCard;
  title: string;
  back: ReactNode;
}) {
  const { message, notification } = App.useApp();
  const { readOnly } = useReadOnly();
  const refresh = useRefreshOrder(partnerId, card.orderNr);
  const [form] = Form.useForm<{ packQuantity: number | null }>();
  const [creating, setCreating] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [size, setSize] = useState<LabelSizeValue>('75x120');
  const left = packsLeft(card);

  const failed = (title: string, error: unknown) =>
    notification.error({ title, description: failureDescription(error) });

  const submit = async ({ packQuantity }: { packQuantity: number | null }) => {
    if (packQuantity === null) return;
    setCreating(true);
    try {
      const answer = await createPackNumbers(partnerId, card.orderNr, packQuantity);
      void message.success(fill(t.packsCreated, { count: answer.packBarcodes.length }));
      form.resetFields();
      await refresh();
    } catch (error) {
      if (applyServerErrors(form, error, { fields: ['packQuantity'] }).byField.size === 0)
        failed(t.packsFailed, error);
    } finally {
      setCreating(false);
    }
  };

  const print = async () => {
    setPrinting(true);
    try {
      const name = await printOrderLabels(partnerId, card.orderNr, size);
      void message.success(fill(t.labelsSaved, { name }));
    } catch (error) {
      failed(t.labelsFailed, error);
    } finally {
      setPrinting(false);
    }
  };

  const range = fill(t.packQuantityRange, { max: left });

  return (
    <div className="shipment-prep">
      <PageHeader title={title} subtitle={back} />
      {readOnly ? <Alert className="order-card__section" type="info" showIcon title={t.readOnly} /> : null}
      {card.status === 'new' || card.status === 'confirmed' ? (
        <Alert className="order-card__section" type="info" showIcon title={t.notReady} />
      ) : null}

      <Card className="order-card__section" size="small" title={t.packs}>
        <Typography.Paragraph type="secondary">
          {fill(t.packsCount, { count: card.packs.length, max: card.itemCount })}
          {!readOnly && left > 0 ? ` — ${t.packsLimit}. ${packsLeftText(card, left)}` : null}
        </Typography.Paragraph>
        {readOnly ? null : left === 0 ? (
          <Alert className="shipment-prep__form" type="success" showIcon title={t.packsFull} />
        ) : (
          <Form
            form={form}
            layout="inline"
            className="shipment-prep__form"
            requiredMark={false}
            initialValues={{ packQuantity: null }}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item
              name="packQuantity"
              label={t.packQuantity}
              rules={[
                { required: true, message: t.packQuantityRequired },
                {
                  validator: (_, v: number | null) =>
                    v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= left)
                      ? Promise.resolve()
                      : Promise.reject(new Error(range)),
                },
              ]}
            >
              <InputNumber className="shipment-prep__quantity" aria-label={t.packQuantity} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<BarcodeOutlined />} loading={creating}>
                {t.createPacks}
              </Button>
            </Form.Item>
          </Form>
        )}
        <Table
          rowKey="barcode"
          size="small"
          pagination={false}
          dataSource={card.packs}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noPacks} /> }}
          columns={[
            {
              key: 'barcode',
              dataIndex: 'barcode',
              title: t.packColumns.barcode,
              render: (v: string) => <span className="order-card__mono">{v}</span>,
            },
            {
              key: 'createdAt',
              dataIndex: 'createdAt',
              title: t.packColumns.createdAt,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>

      <Card className="order-card__section" size="small" title={t.labels}>
        <Flex vertical gap={12} align="flex-start">
          <Flex gap={8} align="center" wrap>
            <Typography.Text id="label-size-label">{t.labelSize}</Typography.Text>
            <Radio.Group
              aria-labelledby="label-size-label"
              optionType="button"
              value={size}
              onChange={(e) => setSize(e.target.value as LabelSizeValue)}
              options={LabelSize.options.map((s) => ({ value: s, label: t.labelSizes[s] }))}
            />
          </Flex>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={printing}
            disabled={card.packs.length === 0}
            title={card.packs.length === 0 ? t.needPacks : undefined}
            onClick={() => void print()}
          >
            {t.printLabels}
          </Button>
          {card.packs.length === 0 ? <Typography.Text type="secondary">{t.needPacks}</Typography.Text> : null}
        </Flex>
      </Card>
    </div>
  );
}
