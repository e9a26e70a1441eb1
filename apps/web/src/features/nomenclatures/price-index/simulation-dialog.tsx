// See before saving: the simulation of price changes (v1.matching-manager.simulate) per product — the price,
// the index it would land in, the gap to the recommendation threshold, and what saving would do (critical
// change, quarantine of a sharp drop, promotions left or blocking) — then saving through the price table's
// bulk change. Nothing is saved until the seller confirms here.
import { useEffect } from 'react';
import { Alert, App, Flex, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { fill, type PriceChangeInput, type PriceSimulationItem } from '@moda/contracts';
import { formatRub } from '../../../lib/money';
import { isRpcError } from '../../../lib/api/rpc-error';
import { useApplyPrices, useSimulate } from './api/price-index-queries';
import { IndexTag } from './index-tag';
import { priceIndexText } from './locale';

const text = priceIndexText.simulation;

function Consequences({ item, threshold }: { item: PriceSimulationItem; threshold: number }) {
  const notes: { key: string; type: 'warning' | 'danger' | 'secondary'; text: string }[] = [];
  for (const e of item.errors)
    notes.push({ key: `e-${e.field}-${e.reason}`, type: 'danger', text: e.message });
  if (item.critical)
    notes.push({ key: 'critical', type: 'warning', text: fill(text.critical, { threshold }) });
  if (item.quarantine) notes.push({ key: 'quarantine', type: 'warning', text: text.quarantine });
  for (const p of item.promotions.leaves)
    notes.push({ key: `l-${p.id}`, type: 'warning', text: fill(text.leaves, { name: p.name }) });
  for (const p of item.promotions.blockedBy)
    if (!item.errors.length)
      notes.push({ key: `b-${p.id}`, type: 'danger', text: fill(text.blockedBy, { name: p.name }) });
  if (!notes.length) return <Typography.Text type="secondary">{text.none}</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {notes.map((n) => (
        <Typography.Text key={n.key} type={n.type}>
          {n.text}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function gapText(gap: number | null): string {
  if (gap === null) return '—';
  if (gap === 0) return text.gapZero;
  return fill(gap > 0 ? text.gapAbove : text.gapBelow, { amount: formatRub(Math.abs(gap)) });
}

export function SimulationDialog({
  partnerId,
  items,
  titles,
  onClose,
  onSaved,
}: {
  partnerId: number;
  /** The changes to simulate; the dialog is open while there are some. */
  items: PriceChangeInput[] | null;
  titles: Map<string, string>;
  onClose: () => void;
  /** After saving (the price table's row editor closes). */
  onSaved?: () => void;
}) {
  const { message, notification } = App.useApp();
  const simulate = useSimulate(partnerId);
  const apply = useApplyPrices(partnerId);
  const { mutate: run, reset } = simulate;

  useEffect(() => {
    if (items?.length) run(items);
    else reset();
  }, [items, run, reset]);

  const data = simulate.data;
  const savable = (data?.items ?? []).filter((i) => i.status !== 'failed');

  const onApply = () => {
    if (!items) return;
    const ids = new Set(savable.map((i) => i.id));
    apply.mutate(
      items.filter((i) => ids.has(i.id)),
      {
        onSuccess: (r) => {
          const applied = r.items.filter((i) => i.status === 'applied').length;
          const pending = r.items.filter((i) => i.status === 'pending').length;
          if (applied) void message.success(fill(text.saved, { count: applied }));
          if (pending) void message.info(fill(text.pending, { count: pending }));
          if (r.failed) void message.warning(fill(text.refused, { count: r.failed }));
          onClose();
          onSaved?.();
        },
        onError: (error) =>
          notification.error({
            title: text.saveFailed,
            description: isRpcError(error) ? error.apiMessage : undefined,
          }),
      },
    );
  };

  const columns: TableColumnsType<PriceSimulationItem> = [
    {
      key: 'product',
      title: text.columns.product,
      render: (_, i) => (
        <Flex vertical>
          <span>{titles.get(i.id) ?? i.sellerSku ?? i.id}</span>
          <Typography.Text type="secondary">{i.sellerSku}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'price',
      title: text.columns.price,
      align: 'right',
      render: (_, i) => (
        <span className="price-index__nowrap">
          {fill(text.arrow, { from: formatRub(i.currentMarketPrice), to: formatRub(i.newMarketPrice) })}
        </span>
      ),
    },
    {
      key: 'index',
      title: text.columns.index,
      render: (_, i) => (
        <Flex gap={4} align="center" wrap={false}>
          <IndexTag level={i.currentIndex} />→<IndexTag level={i.newIndex} piValue={i.newPiValue} />
        </Flex>
      ),
    },
    { key: 'gap', title: text.columns.gap, render: (_, i) => gapText(i.gapToRecommended) },
    {
      key: 'consequences',
      title: text.columns.consequences,
      render: (_, i) => <Consequences item={i} threshold={data?.thresholdPercent ?? 0} />,
    },
  ];

  return (
    <Modal
      open={Boolean(items?.length)}
      title={text.title}
      width={1000}
      onCancel={onClose}
      okText={items?.length === 1 ? text.applyOne : text.apply}
      cancelText={text.cancel}
      okButtonProps={{ disabled: !savable.length, loading: apply.isPending }}
      onOk={onApply}
      destroyOnHidden
    >
      {simulate.isError ? (
        <Alert type="error" showIcon title={text.failed} />
      ) : (
        <Flex vertical gap={12}>
          {data ? (
            <Typography.Text>
              {fill(text.summary, {
                optimal: data.counts.OPTIMAL,
                critical: data.counts.critical,
                quarantine: data.counts.quarantine,
                failed: data.counts.failed,
              })}
            </Typography.Text>
          ) : null}
          <Table<PriceSimulationItem>
            rowKey="id"
            size="small"
            loading={simulate.isPending}
            columns={columns}
            dataSource={data?.items ?? []}
            pagination={(data?.items.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
        </Flex>
      )}
    </Modal>
  );
}
