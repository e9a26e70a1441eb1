// The supply card (spec 000 §3 FBO supply): warehouse, created, uploader, planned day, status with its
// history; totals; the items with declared and counted quantities (and the goods that lack marking); the
// boxes with declared against received and a one-click dispute of a box's shortage; the uploaded file and
// the acceptance report; box and pallet labels; the export. The seller's moves are the ones the server
// lists in `actions` (FBO_SUPPLY_MACHINE); the tab and the open dialog are in the URL.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  InputNumber,
  Modal,
  Popover,
  Result,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, PrinterOutlined, WarningOutlined } from '@ant-design/icons';
import {
  FBO_DISPUTE_LABELS,
  RpcCode,
  fill,
  type FboSupplyCard,
  type FboSupplyItem,
  type FboSupplyState,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDateTime } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useReadOnly } from '../../../lib/session/use-read-only';
import {
  useBookSlot,
  useCancelSupply,
  useChangeWarehouse,
  useDisputeBox,
  useJoinWaitlist,
  useLeaveWaitlist,
  useReviseSupply,
  useSubmitSupply,
  useSupply,
  useSupplyItems,
} from '../api/fbo-queries';
import { downloadAcceptanceReport, downloadUploadedFile, printSupplyLabels } from '../api/fbo-rest';
import { formatCount, formatDay, STATUS_COLOR, statusName, warehouseName } from '../model/supply-look';
import { fboText } from '../locale';
import { SlotDialog, type SlotDialogKind } from './slot-dialog';

const t = fboText.card;
const TABS = ['items', 'boxes', 'history'] as const;
type Tab = (typeof TABS)[number];
const DIALOGS = ['bookSlot', 'changeWarehouse', 'waitlist'] as const;
/** A slot is chosen anew by the seller before the warehouse plans the supply. */
const SLOT_STATES: readonly FboSupplyState[] = ['draft', 'validation', 'validationError', 'readyForShipment'];

const StatusTag = ({ status }: { status: FboSupplyState }) => (
  <Tag color={STATUS_COLOR[status]}>{statusName(status)}</Tag>
);
const num = (v: number | null) => (v === null ? '—' : v);

export function ShipmentCardScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const { notification, message, modal } = App.useApp();
  const { readOnly } = useReadOnly();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'items';
  const dialog = (DIALOGS as readonly string[]).includes(params.get('dialog') ?? '')
    ? (params.get('dialog') as SlotDialogKind)
    : undefined;
  const setParam = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const supply = useSupply(partnerId, id);
  const submit = useSubmitSupply(partnerId);
  const revise = useReviseSupply(partnerId);
  const cancel = useCancelSupply(partnerId);
  const bookSlot = useBookSlot(partnerId);
  const changeWarehouse = useChangeWarehouse(partnerId);
  const join = useJoinWaitlist(partnerId);
  const leave = useLeaveWaitlist(partnerId);

  const failed = (error: unknown) =>
    notification.error({
      title: t.actionFailed,
      description: isRpcError(error) ? error.apiMessage : undefined,
    });
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      void message.success(done);
    } catch (error) {
      failed(error);
    }
  };

  if (supply.isPending) return <Skeleton active />;
  if (supply.isError) {
    const missing = isRpcError(supply.error) && supply.error.code === RpcCode.NotFound;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t.notFound : t.error}
        extra={
          <Link to="/fbo/shipments">
            <ArrowLeftOutlined /> {t.back}
          </Link>
        }
      />
    );
  }
  const s = supply.data;
  const can = (a: string) => !readOnly && (s.actions as string[]).includes(a);
  const cancelAction = can('cancel') ? 'cancel' : can('requestCancel') ? 'requestCancel' : null;
  const confirmCancel = () =>
    modal.confirm({
      title: fill(t.confirmCancel, { number: s.number }),
      content: t.confirmCancelHint,
      okText: t.actions[cancelAction!],
      okButtonProps: { danger: true },
      cancelText: fboText.create.cancel,
      onOk: () => run(cancel.mutateAsync({ id: s.id }), t.done[cancelAction!]),
    });

  const actions = readOnly ? null : (
    <Flex gap={8} wrap>
      {can('submit') ? (
        <Button
          type="primary"
          loading={submit.isPending}
          onClick={() => void run(submit.mutateAsync({ id: s.id }), t.done.submit)}
        >
          {t.actions.submit}
        </Button>
      ) : null}
      {can('revise') ? (
        <Button onClick={() => void run(revise.mutateAsync({ id: s.id }), t.done.revise)}>
          {t.actions.revise}
        </Button>
      ) : null}
      {SLOT_STATES.includes(s.status) ? (
        <Button onClick={() => setParam('dialog', 'bookSlot')}>{t.actions.bookSlot}</Button>
      ) : null}
      {can('changeWarehouse') || s.status === 'draft' ? (
        <Button onClick={() => setParam('dialog', 'changeWarehouse')}>{t.actions.changeWarehouse}</Button>
      ) : null}
      {(s.status === 'draft' || s.status === 'validationError') && !s.waitlist ? (
        <Button onClick={() => setParam('dialog', 'waitlist')}>{t.actions.waitlist}</Button>
      ) : null}
      {s.waitlist ? (
        <Button onClick={() => void run(leave.mutateAsync({ id: s.id }), t.done.leaveWaitlist)}>
          {t.actions.leaveWaitlist}
        </Button>
      ) : null}
      {cancelAction ? (
        <Button danger onClick={() => void confirmCancel()}>
          {t.actions[cancelAction]}
        </Button>
      ) : null}
    </Flex>
  );

  const saveSlot =
    (kind: SlotDialogKind) =>
    async (v: { warehouseCode: FboSupplyCard['warehouseCode']; plannedDate: string }) => {
      if (kind === 'bookSlot') await bookSlot.mutateAsync({ id: s.id, plannedDate: v.plannedDate });
      if (kind === 'changeWarehouse') await changeWarehouse.mutateAsync({ id: s.id, ...v });
      if (kind === 'waitlist') await join.mutateAsync({ id: s.id, ...v });
      void message.success(
        kind === 'changeWarehouse' && s.status === 'draft' ? t.done.movedDraft : t.done[kind],
      );
    };

  return (
    <div className="fbo fbo-card">
      <Link to="/fbo/shipments" className="fbo__section">
        <ArrowLeftOutlined /> {t.back}
      </Link>
      <PageHeader
        title={fill(t.title, { id: s.number })}
        subtitle={<StatusTag status={s.status} />}
        actions={actions}
      />
      {s.validationErrors.length ? (
        <Alert
          className="fbo__section"
          type="error"
          showIcon
          title={t.validationErrors}
          description={
            <ul>
              {s.validationErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {s.requestedWarehouse ? (
        <Alert
          className="fbo__section"
          type="info"
          showIcon
          title={fill(t.requested, {
            warehouse: warehouseName(s.requestedWarehouse),
            date: formatDay(s.requestedDate),
          })}
        />
      ) : null}
      {s.waitlist ? (
        <Alert
          className="fbo__section"
          type="info"
          showIcon
          title={fill(t.waitlist, {
            warehouse: warehouseName(s.waitlist.warehouseCode),
            date: formatDay(s.waitlist.date),
          })}
        />
      ) : null}
      <Card className="fbo__section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t.warehouse}>{s.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t.plannedDate}>
            {s.plannedDate ? formatDay(s.plannedDate) : fboText.shipments.noSlot}
          </Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(s.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t.uploader}>{s.uploader ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t.file}>
            {s.fileId ? (
              <Button
                type="link"
                className="fbo__file"
                onClick={() =>
                  void downloadUploadedFile(s.fileId!, s.fileName ?? 'supply.xlsx').catch(failed)
                }
              >
                {s.fileName}
              </Button>
            ) : (
              t.noFile
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t.acceptanceReport}>
            {s.hasAcceptanceReport ? (
              <Button
                type="link"
                className="fbo__file"
                onClick={() => void downloadAcceptanceReport(partnerId, s.id).catch(failed)}
              >
                {t.downloadReport}
              </Button>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="fbo__section fbo__totals">
        <Flex gap={32} wrap>
          {(Object.keys(t.totals) as (keyof FboSupplyCard['totals'])[]).map((k) => (
            <Statistic
              key={k}
              title={t.totals[k]}
              value={k === 'totalCost' ? formatRub(s.totals[k]) : formatCount(s.totals[k])}
            />
          ))}
        </Flex>
      </Card>
      <Flex gap={8} wrap className="fbo__section">
        <Labels partnerId={partnerId} supply={s} />
        <ExportButton
          partnerId={partnerId}
          types={['fulfilment_shipment']}
          label={t.export}
          filter={{ id: s.id }}
        />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam('tab', k === 'items' ? undefined : k)}
        items={[
          { key: 'items', label: t.tabs.items, children: <Items partnerId={partnerId} id={s.id} /> },
          {
            key: 'boxes',
            label: t.tabs.boxes,
            children: <Boxes partnerId={partnerId} supply={s} readOnly={readOnly} />,
          },
          { key: 'history', label: t.tabs.history, children: <History supply={s} /> },
        ]}
      />
      {dialog && !readOnly ? (
        <SlotDialog
          partnerId={partnerId}
          supply={s}
          kind={dialog}
          onClose={() => setParam('dialog', undefined)}
          onSave={saveSlot(dialog)}
        />
      ) : null}
    </div>
  );
}

function Labels({ partnerId, supply }: { partnerId: number; supply: FboSupplyCard }) {
  const { notification, message } = App.useApp();
  const [count, setCount] = useState<number | null>(1);
  const print = async (kind: 'box' | 'pallet', n?: number) => {
    try {
      const name = await printSupplyLabels(partnerId, supply.id, kind, n);
      void message.success(fill(t.labels.saved, { name }));
    } catch (error) {
      notification.error({
        title: t.labels.failed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };
  const counter = (kind: 'box' | 'pallet') => (
    <Space>
      <InputNumber
        aria-label={t.labels.count}
        min={1}
        max={200}
        precision={0}
        value={count}
        onChange={setCount}
      />
      <Button type="primary" disabled={!count} onClick={() => void print(kind, count ?? 1)}>
        {t.labels.print}
      </Button>
    </Space>
  );
  return (
    <>
      {supply.boxes.length ? (
        <Button icon={<PrinterOutlined />} onClick={() => void print('box')}>
          {t.labels.boxes}
        </Button>
      ) : (
        <Popover trigger="click" content={counter('box')} title={t.labels.boxes}>
          <Button icon={<PrinterOutlined />}>{t.labels.boxes}</Button>
        </Popover>
      )}
      <Popover trigger="click" content={counter('pallet')} title={t.labels.pallets}>
        <Button icon={<PrinterOutlined />}>{t.labels.pallets}</Button>
      </Popover>
    </>
  );
}

function Items({ partnerId, id }: { partnerId: number; id: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const items = useSupplyItems(partnerId, id, page, search);
  const columns: TableColumnsType<FboSupplyItem> = [
    {
      key: 'sellerSku',
      title: t.items.sellerSku,
      render: (_: unknown, i) => (
        <Flex vertical>
          <span className="fbo__mono">{i.sellerSku}</span>
          {i.lacksMarking ? (
            <Tooltip title={fboText.stocks.lacksMarkingHint}>
              <Tag color="red" icon={<WarningOutlined />}>
                {t.items.lacksMarking}
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'modaSku',
      dataIndex: 'modaSku',
      title: t.items.modaSku,
      render: (v: string) => <span className="fbo__mono">{v}</span>,
    },
    { key: 'ean', dataIndex: 'ean', title: t.items.ean, render: (v: string | null) => v ?? '—' },
    { key: 'title', dataIndex: 'title', title: t.items.title },
    {
      key: 'price',
      dataIndex: 'price',
      title: t.items.price,
      align: 'right',
      render: (v: number) => <span className="fbo__nowrap">{formatRub(v)}</span>,
    },
    { key: 'declared', dataIndex: 'declared', title: t.items.declared, align: 'right' },
    { key: 'received', dataIndex: 'received', title: t.items.received, align: 'right', render: num },
    { key: 'surplus', dataIndex: 'surplus', title: t.items.surplus, align: 'right', render: num },
    {
      key: 'missing',
      dataIndex: 'missing',
      title: t.items.missing,
      align: 'right',
      render: (v: number | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : num(v)),
    },
    { key: 'damaged', dataIndex: 'damaged', title: t.items.damaged, align: 'right', render: num },
  ];
  return (
    <>
      <Input.Search
        className="fbo__search fbo__section"
        aria-label={t.items.search}
        placeholder={t.items.search}
        allowClear
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
      />
      <Table<FboSupplyItem>
        rowKey={(i) => i.sellerSku}
        size="small"
        columns={columns}
        dataSource={items.data?.items ?? []}
        loading={items.isFetching}
        locale={{ emptyText: <Empty description={t.items.empty} /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 50,
          total: items.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => fill(t.items.total, { total }),
          onChange: setPage,
        }}
      />
    </>
  );
}

function Boxes({
  partnerId,
  supply,
  readOnly,
}: {
  partnerId: number;
  supply: FboSupplyCard;
  readOnly: boolean;
}) {
  const { message, notification } = App.useApp();
  const dispute = useDisputeBox(partnerId);
  const [open, setOpen] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  if (!supply.boxes.length) return <Empty description={t.boxes.none} />;
  type Box = FboSupplyCard['boxes'][number];
  const send = async () => {
    try {
      await dispute.mutateAsync({
        id: supply.id,
        box: open!,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      void message.success(fill(t.boxes.disputeSent, { box: open! }));
      setOpen(null);
      setComment('');
    } catch (error) {
      notification.error({
        title: t.actionFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };
  const columns: TableColumnsType<Box> = [
    { key: 'box', dataIndex: 'box', title: t.boxes.box },
    { key: 'declared', dataIndex: 'declared', title: t.boxes.declared, align: 'right' },
    {
      key: 'received',
      title: t.boxes.received,
      align: 'right',
      render: (_: unknown, b) =>
        b.received === null ? (
          <Typography.Text type="secondary">{t.boxes.notCounted}</Typography.Text>
        ) : b.received < b.declared ? (
          <Typography.Text type="danger">{b.received}</Typography.Text>
        ) : (
          b.received
        ),
    },
    {
      key: 'dispute',
      title: t.boxes.dispute,
      render: (_: unknown, b) =>
        b.dispute ? (
          <Flex vertical>
            <Tag
              color={
                b.dispute.status === 'open'
                  ? 'processing'
                  : b.dispute.status === 'accepted'
                    ? 'success'
                    : 'default'
              }
            >
              {FBO_DISPUTE_LABELS[b.dispute.status]}
            </Tag>
            {b.dispute.answer ? <Typography.Text type="secondary">{b.dispute.answer}</Typography.Text> : null}
          </Flex>
        ) : supply.status === 'closed' && b.received !== null && b.received < b.declared && !readOnly ? (
          <Button size="small" onClick={() => setOpen(b.box)}>
            {t.boxes.disputeAction}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Table<Box>
        rowKey="box"
        size="small"
        columns={columns}
        dataSource={supply.boxes}
        pagination={false}
        expandable={{
          expandedRowRender: (b) => (
            <Table
              rowKey="sellerSku"
              size="small"
              pagination={false}
              dataSource={b.items}
              columns={[
                { key: 'sku', dataIndex: 'sellerSku', title: t.items.sellerSku },
                { key: 'declared', dataIndex: 'declared', title: t.items.declared, align: 'right' },
                {
                  key: 'received',
                  dataIndex: 'received',
                  title: t.items.received,
                  align: 'right',
                  render: num,
                },
              ]}
            />
          ),
        }}
      />
      <Modal
        open={open !== null}
        title={open ? fill(t.boxes.disputeTitle, { box: open }) : ''}
        okText={t.boxes.disputeSend}
        cancelText={fboText.create.cancel}
        confirmLoading={dispute.isPending}
        onOk={() => void send()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t.boxes.disputeComment}
          placeholder={t.boxes.disputeComment}
          maxLength={1000}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Modal>
    </>
  );
}

function History({ supply }: { supply: FboSupplyCard }) {
  type Event = FboSupplyCard['history'][number];
  const columns: TableColumnsType<Event> = [
    {
      key: 'at',
      dataIndex: 'at',
      title: t.history.at,
      render: (v: string) => <span className="fbo__nowrap">{formatDateTime(v)}</span>,
    },
    {
      key: 'from',
      dataIndex: 'from',
      title: t.history.from,
      render: (v: FboSupplyState | null) => (v ? <StatusTag status={v} /> : '—'),
    },
    {
      key: 'to',
      dataIndex: 'to',
      title: t.history.to,
      render: (v: FboSupplyState) => <StatusTag status={v} />,
    },
    { key: 'actor', dataIndex: 'actor', title: t.history.actor },
    { key: 'reason', dataIndex: 'reason', title: t.history.reason, render: (v: string | null) => v ?? '' },
  ];
  return (
    <Table<Event>
      rowKey={(e) => `${e.at}-${e.to}-${e.reason ?? ''}`}
      size="small"
      columns={columns}
      dataSource={[...supply.history].reverse()}
      pagination={false}
    />
  );
}
