// The return card (spec 000 §3–§4 FBO return): tabs details (warehouse, return date, the booked window,
// status with its history, the items with asked, reserved, picked and failed quantities) and files (the
// seller's file, the warehouse's picking list and handover act, each downloadable). The seller's moves are
// the ones the server lists in `actions`: Confirm, cancel (a request once the return is being picked), and
// booking one of the windows the warehouse offers. The tab and the open dialog are in the URL.
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
  Form,
  Modal,
  Result,
  Select,
  Skeleton,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  FBO_RETURN_FILE_LABELS,
  RpcCode,
  fill,
  type FboReturnCard,
  type FboReturnFile,
  type FboReturnItem,
  type FboReturnState,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDateTime } from '../../../lib/dates';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { formatDay, warehouseName } from '../model/supply-look';
import {
  downloadReturnFile,
  useBookReturnSlot,
  useCancelReturn,
  useConfirmReturn,
  useReturn,
} from '../returns/returns-api';
import { RETURN_STATUS_COLOR, formatSlot, returnStatusName } from '../returns/return-look';
import { fboReturnsText } from '../returns/locale';

const t = fboReturnsText.card;
const TABS = ['details', 'files'] as const;
type Tab = (typeof TABS)[number];

const StatusTag = ({ status }: { status: FboReturnState }) => (
  <Tag color={RETURN_STATUS_COLOR[status]}>{returnStatusName(status)}</Tag>
);

export function ReturnCardScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const { notification, message, modal } = App.useApp();
  const { readOnly } = useReadOnly();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'details';
  const dialogOpen = params.get('dialog') === 'bookSlot';
  const setParam = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const card = useReturn(partnerId, id);
  const confirm = useConfirmReturn(partnerId);
  const cancel = useCancelReturn(partnerId);
  const book = useBookReturnSlot(partnerId);

  const failed = (title: string) => (error: unknown) =>
    notification.error({ title, description: isRpcError(error) ? error.apiMessage : undefined });
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      void message.success(done);
    } catch (error) {
      failed(t.actionFailed)(error);
    }
  };

  if (card.isPending) return <Skeleton active />;
  if (card.isError) {
    const missing = isRpcError(card.error) && card.error.code === RpcCode.NotFound;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t.notFound : t.error}
        extra={
          <Link to="/fbo/returns">
            <ArrowLeftOutlined /> {t.back}
          </Link>
        }
      />
    );
  }
  const r = card.data;
  const can = (a: FboReturnCard['actions'][number]) => !readOnly && r.actions.includes(a);
  const cancelAction = can('cancel') ? 'cancel' : can('requestCancel') ? 'requestCancel' : null;
  const askCancel = () =>
    modal.confirm({
      title: fill(t.confirmCancel, { number: r.returnId }),
      content: t.confirmCancelHint,
      okText: t.actions[cancelAction!],
      okButtonProps: { danger: true },
      cancelText: t.keep,
      onOk: () => run(cancel.mutateAsync(r.id), t.done[cancelAction!]),
    });

  const actions = readOnly ? null : (
    <Flex gap={8} wrap>
      {can('confirm') ? (
        <Button
          type="primary"
          loading={confirm.isPending}
          onClick={() => void run(confirm.mutateAsync(r.id), t.done.confirm)}
        >
          {t.actions.confirm}
        </Button>
      ) : null}
      {can('bookSlot') ? (
        <Button type={r.slot ? 'default' : 'primary'} onClick={() => setParam('dialog', 'bookSlot')}>
          {r.slot ? t.actions.changeSlot : t.actions.bookSlot}
        </Button>
      ) : null}
      {cancelAction ? (
        <Button danger onClick={() => void askCancel()}>
          {t.actions[cancelAction]}
        </Button>
      ) : null}
    </Flex>
  );

  return (
    <div className="fbo fbo-card">
      <Link to="/fbo/returns" className="fbo__section">
        <ArrowLeftOutlined /> {t.back}
      </Link>
      <PageHeader
        title={fill(t.title, { id: r.returnId })}
        subtitle={<StatusTag status={r.status} />}
        actions={actions}
      />
      {can('confirm') ? (
        <Alert className="fbo__section" type="warning" showIcon title={t.confirmHint} />
      ) : null}
      {can('bookSlot') && !r.slot ? (
        <Alert className="fbo__section" type="info" showIcon title={t.slotHint} />
      ) : null}
      {r.cancelRequested ? (
        <Alert className="fbo__section" type="info" showIcon title={t.cancelRequested} />
      ) : null}
      <Card className="fbo__section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t.warehouse}>{warehouseName(r.warehouseCode)}</Descriptions.Item>
          <Descriptions.Item label={t.returnAt}>{r.returnAt ? formatDay(r.returnAt) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t.slot}>{r.slot ? formatSlot(r.slot) : t.noSlot}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(r.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t.creator}>{r.creator ?? '—'}</Descriptions.Item>
          {r.reason ? <Descriptions.Item label={t.reason}>{r.reason}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Flex gap={8} wrap className="fbo__section">
        <ExportButton
          partnerId={partnerId}
          types={['supplier_return']}
          label={t.export}
          filter={{ id: r.id }}
        />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam('tab', k === 'details' ? undefined : k)}
        items={[
          { key: 'details', label: t.tabs.details, children: <Details card={r} /> },
          {
            key: 'files',
            label: `${t.tabs.files} (${r.files.length})`,
            children: (
              <Files
                card={r}
                onDownload={(f) =>
                  void downloadReturnFile(partnerId, r.id, f.id, f.name).catch(failed(t.files.failed))
                }
              />
            ),
          },
        ]}
      />
      {dialogOpen && can('bookSlot') ? (
        <SlotDialog
          card={r}
          saving={book.isPending}
          onClose={() => setParam('dialog', undefined)}
          onSave={async (slot) => {
            await book.mutateAsync({ id: r.id, ...slot });
            void message.success(t.done.bookSlot);
            setParam('dialog', undefined);
          }}
        />
      ) : null}
    </div>
  );
}

function Details({ card }: { card: FboReturnCard }) {
  const c = t.items;
  const columns: TableColumnsType<FboReturnItem> = [
    { key: 'supplierSku', dataIndex: 'supplierSku', title: c.supplierSku, fixed: 'left' },
    { key: 'modaSku', dataIndex: 'modaSku', title: c.modaSku },
    { key: 'title', dataIndex: 'title', title: c.title },
    { key: 'quantity', dataIndex: 'quantity', title: c.quantity, align: 'right' },
    { key: 'reservedQuantity', dataIndex: 'reservedQuantity', title: c.reservedQuantity, align: 'right' },
    { key: 'exportedQuantity', dataIndex: 'exportedQuantity', title: c.exportedQuantity, align: 'right' },
    {
      key: 'exportedFailQuantity',
      dataIndex: 'exportedFailQuantity',
      title: c.exportedFailQuantity,
      align: 'right',
      render: (v: number) => (v > 0 ? <Tag color="error">{v}</Tag> : v),
    },
  ];
  const h = t.history;
  return (
    <Flex vertical gap={16}>
      <Table<FboReturnItem>
        rowKey="supplierSku"
        size="small"
        columns={columns}
        dataSource={card.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Table
        rowKey={(e) => `${e.at}:${e.to}:${e.reason ?? ''}`}
        size="small"
        pagination={false}
        dataSource={card.history}
        columns={[
          {
            key: 'to',
            title: h.status,
            render: (_: unknown, e: FboReturnCard['history'][number]) => <StatusTag status={e.to} />,
          },
          { key: 'at', dataIndex: 'at', title: h.at, render: (v: string) => formatDateTime(v) },
          { key: 'actor', dataIndex: 'actor', title: h.actor },
          { key: 'reason', dataIndex: 'reason', title: h.reason, render: (v: string | null) => v ?? '' },
        ]}
      />
    </Flex>
  );
}

function Files({ card, onDownload }: { card: FboReturnCard; onDownload: (f: FboReturnFile) => void }) {
  const f = t.files;
  if (!card.files.length) return <Empty description={f.empty} />;
  return (
    <Table<FboReturnFile>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={card.files}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'name',
          title: f.name,
          render: (_: unknown, file) => (
            <Button type="link" className="fbo__file" onClick={() => onDownload(file)}>
              {file.name}
            </Button>
          ),
        },
        {
          key: 'kind',
          dataIndex: 'kind',
          title: f.kind,
          render: (k: FboReturnFile['kind']) => FBO_RETURN_FILE_LABELS[k],
        },
        { key: 'warehouse', dataIndex: 'warehouseCode', title: f.warehouse, render: warehouseName },
        { key: 'count', dataIndex: 'count', title: f.count, align: 'right' },
        {
          key: 'status',
          dataIndex: 'status',
          title: f.status,
          render: (s: FboReturnState) => <StatusTag status={s} />,
        },
        {
          key: 'occurredAt',
          dataIndex: 'occurredAt',
          title: f.occurredAt,
          render: (v: string) => formatDateTime(v),
        },
      ]}
    />
  );
}

function SlotDialog({
  card,
  saving,
  onClose,
  onSave,
}: {
  card: FboReturnCard;
  saving: boolean;
  onClose: () => void;
  onSave: (slot: { date: string; fromHour: number }) => Promise<void>;
}) {
  const key = (s: { date: string; fromHour: number }) => `${s.date}@${s.fromHour}`;
  const [value, setValue] = useState<string | undefined>(card.slot ? key(card.slot) : undefined);
  const [error, setError] = useState<string>();
  const d = t.slotDialog;
  const save = async () => {
    const slot = card.slots.find((s) => key(s) === value);
    if (!slot) return;
    try {
      await onSave({ date: slot.date, fromHour: slot.fromHour });
    } catch (e) {
      setError(isRpcError(e) ? e.apiMessage : t.actionFailed);
    }
  };
  return (
    <Modal
      open
      title={d.title}
      okText={d.save}
      cancelText={fboReturnsText.create.cancel}
      okButtonProps={{ disabled: !value, loading: saving }}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item
          label={d.label}
          htmlFor="fbo-return-slot"
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Select
            id="fbo-return-slot"
            aria-label={d.label}
            placeholder={d.placeholder}
            value={value}
            onChange={(v: string) => {
              setValue(v);
              setError(undefined);
            }}
            options={card.slots.map((s) => ({ value: key(s), label: formatSlot(s) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
