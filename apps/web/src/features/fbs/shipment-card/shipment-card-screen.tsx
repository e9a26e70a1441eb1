// The shipment card (spec 000 §3 FBS shipment): hand-over, totals (cargo spaces, packs, goods), the goods
// tab (pallet, pack, SKU, units, order and its status), the labels tab (pallets with their barcodes and the
// PDFs to print: pallet labels and the transfer act) and the history. The seller's moves are the ones the
// server lists in `actions` (FBS_SHIPMENT_MACHINE); the open tab is in the URL.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Result,
  Skeleton,
  Statistic,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { RpcCode, fill, type FbsShipmentCard, type FbsShipmentItem } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDateTime } from '../../../lib/dates';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useCancelShipment, useConfirmShipment, useShipment, useShipmentItems } from '../api/fbs-queries';
import { downloadAct, downloadPalletLabels } from '../api/fbs-rest';
import { SHIPMENT_COLOR, shipmentStatusName } from '../model/look';
import { fbsText } from '../locale';

const t = fbsText.shipmentCard;
const TABS = ['goods', 'labels', 'history'] as const;
type Tab = (typeof TABS)[number];

export function ShipmentCardScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const { notification, message, modal } = App.useApp();
  const { readOnly } = useReadOnly();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'goods';
  const shipment = useShipment(partnerId, id);
  const confirm = useConfirmShipment(partnerId);
  const cancel = useCancelShipment(partnerId);

  const failed = (error: unknown) =>
    notification.error({
      title: t.actionFailed,
      description: isRpcError(error) ? error.apiMessage : undefined,
    });

  if (shipment.isPending) return <Skeleton active />;
  if (shipment.isError) {
    const missing = isRpcError(shipment.error) && shipment.error.code === RpcCode.NotFound;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t.notFound : t.error}
        extra={
          <Link to="/fbs/shipments">
            <ArrowLeftOutlined /> {t.back}
          </Link>
        }
      />
    );
  }
  const s = shipment.data;
  const can = (a: string) => !readOnly && (s.actions as string[]).includes(a);
  const cancelAction = can('cancel') ? 'cancel' : can('requestCancel') ? 'requestCancel' : null;
  const askCancel = () =>
    modal.confirm({
      title: t.confirmCancel.title,
      content: t.confirmCancel[cancelAction!],
      okText: t.confirmCancel.ok,
      cancelText: t.confirmCancel.keep,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(s.id);
          void message.success(t.done[cancelAction!]);
        } catch (error) {
          failed(error);
        }
      },
    });
  const doConfirm = async () => {
    try {
      await confirm.mutateAsync(s.id);
      void message.success(t.done.confirm);
    } catch (error) {
      failed(error);
    }
  };

  const actions =
    can('confirm') || cancelAction ? (
      <Flex gap={8} wrap>
        {can('confirm') ? (
          <Button type="primary" loading={confirm.isPending} onClick={() => void doConfirm()}>
            {t.actions.confirm}
          </Button>
        ) : null}
        {cancelAction ? (
          <Button
            danger
            loading={cancel.isPending}
            onClick={() => {
              askCancel();
            }}
          >
            {t.actions[cancelAction]}
          </Button>
        ) : null}
      </Flex>
    ) : null;

  return (
    <div className="fbs fbs-card">
      <Link to="/fbs/shipments" className="fbs__section">
        <ArrowLeftOutlined /> {t.back}
      </Link>
      <PageHeader
        title={fill(t.title, { id: s.shipmentId })}
        subtitle={<Tag color={SHIPMENT_COLOR[s.status]}>{shipmentStatusName(s.status)}</Tag>}
        actions={actions}
      />
      <Card className="fbs__section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t.shippedAt}>{formatDateTime(s.shippedAt)}</Descriptions.Item>
          <Descriptions.Item label={t.handover}>{t.handoverTypes[s.handover.type]}</Descriptions.Item>
          <Descriptions.Item label={t.warehouse}>{s.handover.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t.destination}>{s.handover.destination}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(s.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="fbs__section">
        <Flex gap={32} wrap>
          {(['cargoSpaceNmb', 'packagesNmb', 'goodsNmb'] as const).map((k) => (
            <Statistic key={k} title={t.totals[k]} value={s[k]} />
          ))}
        </Flex>
      </Card>
      <Tabs
        activeKey={tab}
        onChange={(k) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (k === 'goods') next.delete('tab');
            else next.set('tab', k);
            return next;
          })
        }
        items={[
          { key: 'goods', label: t.tabs.goods, children: <Goods partnerId={partnerId} id={s.id} /> },
          { key: 'labels', label: t.tabs.labels, children: <Labels partnerId={partnerId} shipment={s} /> },
          { key: 'history', label: t.tabs.history, children: <History shipment={s} /> },
        ]}
      />
    </div>
  );
}

function Goods({ partnerId, id }: { partnerId: number; id: string }) {
  const [page, setPage] = useState(1);
  const items = useShipmentItems(partnerId, id, page);
  const columns: TableColumnsType<FbsShipmentItem> = [
    {
      key: 'palletBarcode',
      dataIndex: 'palletBarcode',
      title: t.columns.palletBarcode,
      render: (v: string) => <span className="fbs__mono">{v}</span>,
    },
    {
      key: 'packBarcode',
      dataIndex: 'packBarcode',
      title: t.columns.packBarcode,
      render: (v: string) => <span className="fbs__mono">{v}</span>,
    },
    { key: 'sku', dataIndex: 'sku', title: t.columns.sku },
    { key: 'unitload', dataIndex: 'unitload', title: t.columns.unitload, align: 'right' },
    {
      key: 'orderNr',
      dataIndex: 'orderNr',
      title: t.columns.orderNr,
      render: (v: string) => (
        <Link to={`/orders/${encodeURIComponent(v)}`} className="fbs__nowrap">
          {v}
        </Link>
      ),
    },
    { key: 'orderStatus', dataIndex: 'orderStatus', title: t.columns.orderStatus, fixed: 'right' },
  ];
  return (
    <Table<FbsShipmentItem>
      rowKey={(r) => `${r.packBarcode}:${r.sku}`}
      size="small"
      columns={columns}
      dataSource={items.data?.items ?? []}
      loading={items.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: items.isPending ? ' ' : <Empty description={t.goodsEmpty} /> }}
      pagination={{
        current: page,
        pageSize: 50,
        total: items.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => fill(t.total, { total }),
        onChange: setPage,
      }}
    />
  );
}

function Labels({ partnerId, shipment }: { partnerId: number; shipment: FbsShipmentCard }) {
  const { notification, message } = App.useApp();
  const print = async (what: 'act' | 'pallets') => {
    try {
      const name =
        what === 'act'
          ? await downloadAct(partnerId, shipment.id)
          : await downloadPalletLabels(partnerId, shipment.id);
      void message.success(fill(t.print.saved, { name }));
    } catch (error) {
      notification.error({
        title: t.print.failed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };
  return (
    <>
      <Flex gap={8} wrap className="fbs__section">
        <Button
          icon={<PrinterOutlined />}
          disabled={!shipment.palletList.length}
          onClick={() => void print('pallets')}
        >
          {t.print.pallets}
        </Button>
        <Button icon={<FilePdfOutlined />} onClick={() => void print('act')}>
          {t.print.act}
        </Button>
      </Flex>
      <Table
        rowKey="barcode"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={shipment.palletList}
        locale={{ emptyText: <Empty description={t.pallets.empty} /> }}
        columns={[
          { key: 'cargoSpace', dataIndex: 'cargoSpace', title: t.pallets.cargoSpace },
          {
            key: 'barcode',
            dataIndex: 'barcode',
            title: t.pallets.barcode,
            render: (v: string) => <span className="fbs__mono">{v}</span>,
          },
          { key: 'packs', dataIndex: 'packs', title: t.pallets.packs, align: 'right' },
          { key: 'items', dataIndex: 'items', title: t.pallets.items, align: 'right' },
        ]}
      />
    </>
  );
}

function History({ shipment }: { shipment: FbsShipmentCard }) {
  return (
    <Table
      rowKey={(r) => `${r.at}:${r.to}`}
      size="small"
      pagination={false}
      dataSource={[...shipment.history].reverse()}
      columns={[
        { key: 'at', dataIndex: 'at', title: t.history.at, render: (v: string) => formatDateTime(v) },
        {
          key: 'from',
          dataIndex: 'from',
          title: t.history.from,
          render: (v: FbsShipmentCard['status'] | null) => (v ? shipmentStatusName(v) : fbsText.none),
        },
        {
          key: 'to',
          dataIndex: 'to',
          title: t.history.to,
          render: (v: FbsShipmentCard['status']) => (
            <Tag color={SHIPMENT_COLOR[v]}>{shipmentStatusName(v)}</Tag>
          ),
        },
        { key: 'actor', dataIndex: 'actor', title: t.history.actor },
      ]}
    />
  );
}
