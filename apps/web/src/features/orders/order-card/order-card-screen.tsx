// The order card (spec 000 §4 Order, spec 001 §8): the order, delivery, payment, items and discrepancy
// acts, and the actions the server lists in `actions` — collect, confirm / reject, cancel the order or the
// selected items (irreversible, confirmed in a dialog). A read-only cabinet shows no actions.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, CheckOutlined, InboxOutlined, StopOutlined } from '@ant-design/icons';
import {
  fill,
  ORDER_MACHINE,
  RpcCode,
  type OrderCard,
  type OrderItem,
  type OrderState,
} from '@moda/contracts';
import { ExternalLink } from '../../../components/external-link/external-link';
import { namedSelection } from '../../../components/list-table/row-selection';
import { PageHeader } from '../../../components/page-header/page-header';
import { downloadFile } from '../../../lib/api/transfer';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDateTime } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  useCancelItems,
  useCancelOrder,
  useCollectOrder,
  useConfirmation,
  useOrder,
  type CancelAction,
} from '../api/order-queries';
import { CancelDialog, type CancelTarget } from '../components/cancel-dialog';
import { STATUS_COLOR } from '../model/order-look';
import { cancelActionNames, ordersText, paymentNames, statusNames } from '../locale';
import '../orders.css';

const t = ordersText.card;
const CANCELLABLE: readonly OrderState[] = ORDER_MACHINE.transitions.cancel.from;

const StatusTag = ({ status }: { status: OrderState }) => (
  <Tag color={STATUS_COLOR[status]}>{statusNames[status]}</Tag>
);
const Money = ({ value }: { value: number }) => (
  <span className="order-list__nowrap">{formatRub(value)}</span>
);
/**
 * A file of a discrepancy act: one of ours (under /rest) is fetched with the bearer token and saved; any
 * other address opens as an external link, which the allow list of spec 000 §2 guards.
 */
function ActFile({ file }: { file: { name: string; url: string } }) {
  const { notification } = App.useApp();
  if (!file.url.startsWith('/rest/')) return <ExternalLink href={file.url}>{file.name}</ExternalLink>;
  return (
    <Button
      type="link"
      className="order-card__file"
      onClick={() =>
        void downloadFile(file.url.replace(/^\/rest(?=\/)/, ''), file.name).catch((error: unknown) =>
          notification.error({
            title: t.fileFailed,
            description: isRpcError(error) ? error.apiMessage : undefined,
          }),
        )
      }
    >
      {file.name}
    </Button>
  );
}

const orDash = (v: string | null | undefined) => (v ? v : t.none);

export function OrderCardScreen({ partnerId, orderNr }: { partnerId: number; orderNr: string }) {
  const order = useOrder(partnerId, orderNr);
  const title = fill(t.title, { id: orderNr });

  if (order.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Skeleton active paragraph={{ rows: 8 }} />
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
          title={notFound ? t.notFound : t.error}
          subTitle={notFound ? t.notFoundHint : isRpcError(order.error) ? order.error.apiMessage : undefined}
          extra={
            <Flex gap={8} justify="center" wrap>
              {notFound ? null : <Button onClick={() => void order.refetch()}>{t.retry}</Button>}
              <Link to="/orders">
                <Button type={notFound ? 'primary' : 'default'}>{t.back}</Button>
              </Link>
            </Flex>
          }
        />
      </>
    );
  }
  return <OrderCardView partnerId={partnerId} card={order.data} title={title} />;
}

function OrderCardView({ partnerId, card, title }: { partnerId: number; card: OrderCard; title: string }) {
  const { message, modal, notification } = App.useApp();
  const { readOnly } = useReadOnly();
  const collect = useCollectOrder(partnerId, card.orderNr);
  const confirmation = useConfirmation(partnerId, card.orderNr);
  const cancelOrder = useCancelOrder(partnerId, card.orderNr);
  const cancelItems = useCancelItems(partnerId, card.orderNr);
  const [selected, setSelected] = useState<string[]>([]);
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);

  const can = (action: OrderCard['actions'][number]) => !readOnly && card.actions.includes(action);
  const busy = collect.isPending || confirmation.isPending || cancelOrder.isPending || cancelItems.isPending;
  const failed = (error: unknown) =>
    notification.error({ title: t.failed, description: isRpcError(error) ? error.apiMessage : undefined });

  const onCollect = () =>
    collect.mutate(undefined, { onSuccess: () => void message.success(t.done.collect), onError: failed });
  const onConfirm = () =>
    confirmation.mutate('confirm', {
      onSuccess: () => void message.success(t.done.confirm),
      onError: failed,
    });
  const onReject = () =>
    void modal.confirm({
      title: fill(t.rejectConfirm.title, { id: card.orderNr }),
      content: t.rejectConfirm.content,
      okText: t.rejectConfirm.ok,
      okButtonProps: { danger: true },
      cancelText: t.rejectConfirm.cancel,
      onOk: () =>
        confirmation.mutateAsync('reject').then(
          () => void message.success(t.done.reject),
          (error: unknown) => failed(error),
        ),
    });

  const submitCancel = (action: CancelAction) => {
    if (!cancelTarget) return;
    const close = () => setCancelTarget(null);
    if (cancelTarget.itemIds) {
      const count = cancelTarget.itemIds.length;
      cancelItems.mutate(
        { itemIds: cancelTarget.itemIds, action },
        {
          onSuccess: () => {
            void message.success(fill(t.done.cancelItems, { count }));
            setSelected([]);
            close();
          },
          onError: (error) => {
            failed(error);
            close();
          },
        },
      );
    } else {
      cancelOrder.mutate(action, {
        onSuccess: () => {
          void message.success(t.done.cancel);
          close();
        },
        onError: (error) => {
          failed(error);
          close();
        },
      });
    }
  };

  const itemsCancellable = can('cancel') && card.items.some((i) => CANCELLABLE.includes(i.status));
  const itemColumns: TableColumnsType<OrderItem> = useMemo(
    () => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t.itemColumns.name,
        render: (name: string, item) => (
          <Flex vertical gap={2}>
            <span>{name}</span>
            {item.cancelAction ? (
              <Typography.Text type="secondary">{cancelActionNames[item.cancelAction].label}</Typography.Text>
            ) : null}
          </Flex>
        ),
      },
      { key: 'sellerSku', dataIndex: 'sellerSku', title: t.itemColumns.sellerSku },
      { key: 'modaSku', dataIndex: 'modaSku', title: t.itemColumns.modaSku },
      {
        key: 'basePrice',
        dataIndex: 'basePrice',
        title: t.itemColumns.basePrice,
        align: 'right',
        render: (v: number) => <span className="order-list__nowrap">{formatRub(v)}</span>,
      },
      {
        key: 'totalDiscount',
        dataIndex: 'totalDiscount',
        title: t.itemColumns.totalDiscount,
        align: 'right',
        render: (v: number) => <span className="order-list__nowrap">{formatRub(v)}</span>,
      },
      {
        key: 'paidPrice',
        dataIndex: 'paidPrice',
        title: t.itemColumns.paidPrice,
        align: 'right',
        render: (v: number) => <span className="order-list__nowrap">{formatRub(v)}</span>,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.itemColumns.status,
        render: (s: OrderState) => <StatusTag status={s} />,
      },
    ],
    [],
  );

  const actionButtons = [
    can('collect') ? (
      <Button
        key="collect"
        type="primary"
        icon={<InboxOutlined />}
        loading={collect.isPending}
        disabled={busy}
        onClick={onCollect}
      >
        {t.actions.collect}
      </Button>
    ) : null,
    can('confirm') ? (
      <Button
        key="confirm"
        icon={<CheckOutlined />}
        loading={confirmation.isPending}
        disabled={busy}
        onClick={onConfirm}
      >
        {t.actions.confirm}
      </Button>
    ) : null,
    can('reject') ? (
      <Button key="reject" danger disabled={busy} onClick={onReject}>
        {t.actions.reject}
      </Button>
    ) : null,
    can('cancel') ? (
      <Button
        key="cancel"
        danger
        icon={<StopOutlined />}
        disabled={busy}
        onClick={() => setCancelTarget({ orderNr: card.orderNr })}
      >
        {t.actions.cancel}
      </Button>
    ) : null,
  ].filter(Boolean);

  const preparable = !readOnly && card.status === 'awaiting_shipment';

  return (
    <div className="order-card">
      <PageHeader
        title={title}
        subtitle={
          <Link to="/orders">
            <ArrowLeftOutlined /> {t.back}
          </Link>
        }
        actions={
          preparable ? (
            <Link to={`/orders/${encodeURIComponent(card.orderNr)}/shipment-preparation`}>
              <Button type="primary">{t.actions.prepare}</Button>
            </Link>
          ) : undefined
        }
      />

      {readOnly ? <Alert className="order-card__section" type="info" showIcon title={t.readOnly} /> : null}
      {actionButtons.length > 0 ? (
        <Flex className="order-card__actions" gap={8} wrap role="toolbar" aria-label={t.summary}>
          {actionButtons}
        </Flex>
      ) : null}

      <Card className="order-card__section" title={t.summary} size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'orderNr', label: t.fields.orderNr, children: card.orderNr },
            { key: 'status', label: t.fields.status, children: <StatusTag status={card.status} /> },
            { key: 'createdAt', label: t.fields.createdAt, children: formatDateTime(card.createdAt) },
            {
              key: 'cutOffAt',
              label: t.fields.cutOffAt,
              children: card.isOverdue ? (
                <Typography.Text type="danger" strong>
                  {formatDateTime(card.cutOffAt)} · {ordersText.list.overdue}
                </Typography.Text>
              ) : (
                formatDateTime(card.cutOffAt)
              ),
            },
            { key: 'sum', label: t.fields.sum, children: <Money value={card.sum} /> },
            { key: 'itemCount', label: t.fields.itemCount, children: card.itemCount },
            { key: 'country', label: t.fields.country, children: ordersText.countries[card.country] },
            {
              key: 'tracking',
              label: t.fields.tracking,
              children: card.trackingNumbers.length ? (
                <span className="order-card__mono">{card.trackingNumbers.join(', ')}</span>
              ) : (
                t.none
              ),
            },
            { key: 'comment', label: t.fields.comment, children: orDash(card.comment) },
          ]}
        />
      </Card>

      <Flex gap={16} wrap className="order-card__sections">
        <Card className="order-card__section order-card__half" title={t.delivery} size="small">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'address', label: t.deliveryFields.address, children: card.delivery.address },
              { key: 'method', label: t.deliveryFields.method, children: card.delivery.method },
              { key: 'level', label: t.deliveryFields.serviceLevel, children: card.delivery.serviceLevel },
            ]}
          />
        </Card>
        <Card className="order-card__section order-card__half" title={t.payment} size="small">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'product',
                label: t.paymentFields.productCost,
                children: <Money value={card.payment.productCost} />,
              },
              {
                key: 'delivery',
                label: t.paymentFields.deliveryCost,
                children: <Money value={card.payment.deliveryCost} />,
              },
              {
                key: 'discount',
                label: t.paymentFields.totalDiscount,
                children: <Money value={card.payment.totalDiscount} />,
              },
              {
                key: 'agreed',
                label: t.paymentFields.partnerAgreedPrice,
                children: <Money value={card.payment.partnerAgreedPrice} />,
              },
              { key: 'currency', label: t.paymentFields.currency, children: card.payment.currency },
              {
                key: 'method',
                label: t.paymentFields.paymentMethod,
                children: paymentNames[card.payment.paymentMethod],
              },
            ]}
          />
        </Card>
      </Flex>

      <Card className="order-card__section" title={t.items} size="small">
        {itemsCancellable && selected.length > 0 ? (
          <Flex className="order-card__items-toolbar" gap={8} align="center" wrap>
            <Button
              danger
              icon={<StopOutlined />}
              disabled={busy}
              onClick={() => setCancelTarget({ orderNr: card.orderNr, itemIds: selected })}
            >
              {fill(t.actions.cancelItems, { count: selected.length })}
            </Button>
          </Flex>
        ) : null}
        <Table<OrderItem>
          rowKey="id"
          size="small"
          columns={itemColumns}
          dataSource={card.items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={
            itemsCancellable
              ? namedSelection(
                  {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String)),
                    getCheckboxProps: (item) => ({
                      disabled: !CANCELLABLE.includes(item.status),
                      'aria-label': item.name,
                    }),
                  },
                  { all: t.selectAllItems },
                )
              : undefined
          }
        />
      </Card>

      <Card className="order-card__section" title={t.acts} size="small">
        {card.discrepancyActs.length === 0 ? (
          <Typography.Text type="secondary">{t.noActs}</Typography.Text>
        ) : (
          <Flex vertical gap={12}>
            {card.discrepancyActs.map((act) => (
              <Descriptions
                key={act.id}
                size="small"
                bordered
                column={1}
                items={[
                  { key: 'reason', label: t.actFields.reason, children: act.reason },
                  { key: 'comment', label: t.actFields.comment, children: orDash(act.comment) },
                  { key: 'createdAt', label: t.actFields.createdAt, children: formatDateTime(act.createdAt) },
                  {
                    key: 'files',
                    label: t.actFields.files,
                    children: act.files.length ? (
                      <Flex vertical gap={2}>
                        {act.files.map((f) => (
                          <ActFile key={f.url} file={f} />
                        ))}
                      </Flex>
                    ) : (
                      t.none
                    ),
                  },
                ]}
              />
            ))}
          </Flex>
        )}
      </Card>

      <CancelDialog
        target={cancelTarget}
        pending={cancelOrder.isPending || cancelItems.isPending}
        onSubmit={submitCancel}
        onClose={() => setCancelTarget(null)}
      />
    </div>
  );
}
