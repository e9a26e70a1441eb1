// One warehouse on the list: name and status tag, what support or the server has to say about it, its
// address, methods and days, and the buttons the state machine allows this user (availableActions).
import { useId, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import {
  availableActions,
  fill,
  WarehouseStateMachine,
  type Role,
  type Warehouse,
  type WarehouseAction,
} from '@moda/contracts';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { warehousesText } from '../locale';
import { formatPhone, storedPhone } from '../model/warehouse-form-model';
import { addressLine, deliverySummary, returnSummary } from '../model/warehouse-format';

const t = warehousesText;

const STATUS_COLOR: Record<Warehouse['status'], string> = {
  active: 'success',
  inactive: 'default',
  draft: 'warning',
  action_required: 'processing',
};

export function StatusTag({ status }: { status: Warehouse['status'] }) {
  return (
    <Tag color={STATUS_COLOR[status]} className="warehouse-card__status" data-status={status}>
      {t.status[status]}
    </Tag>
  );
}

/** The transitions a card offers as buttons; submitting a draft happens through the form. */
const CARD_ACTIONS: readonly WarehouseAction[] = ['activate', 'deactivate', 'approve', 'sendBack'];

export interface WarehouseCardHandlers {
  onEdit?: (w: Warehouse) => void;
  onDelete?: (w: Warehouse) => void;
  onAction: (action: WarehouseAction, w: Warehouse) => void;
}

export interface WarehouseCardProps extends WarehouseCardHandlers {
  warehouse: Warehouse;
  roles: readonly Role[];
  pointName: (code: string) => string;
  /** A line above the name (the shop, in support's review queue). */
  overline?: ReactNode;
  busy?: boolean;
  now?: Date;
}

export function WarehouseCard({
  warehouse: w,
  roles,
  pointName,
  overline,
  busy = false,
  now = new Date(),
  onEdit,
  onDelete,
  onAction,
}: WarehouseCardProps) {
  const headingId = useId();
  const actions = availableActions(WarehouseStateMachine, w.status, roles).filter((a) =>
    CARD_ACTIONS.includes(a),
  );
  const g = w.general;
  const empty = <Typography.Text type="secondary">{t.card.notFilled}</Typography.Text>;
  const pendingSchedule =
    w.scheduleEffectiveFrom && new Date(w.scheduleEffectiveFrom).getTime() > now.getTime()
      ? w.scheduleEffectiveFrom
      : null;

  const items = [
    { key: 'address', label: t.card.address, children: addressLine(g.address) || empty },
    { key: 'phone', label: t.card.phone, children: storedPhone(g) ? formatPhone(storedPhone(g)) : empty },
    {
      key: 'delivery',
      label: t.card.delivery,
      children: w.deliveryMethod ? deliverySummary(w.deliveryMethod, pointName) : empty,
    },
    {
      key: 'return',
      label: t.card.return,
      children: w.returnMethod ? returnSummary(w.returnMethod, pointName) : empty,
    },
    ...(g.nonWorkingDays?.length
      ? [
          {
            key: 'days',
            label: t.card.nonWorkingDays,
            children: g.nonWorkingDays.map((d) => formatDate(d)).join(', '),
          },
        ]
      : []),
    ...(g.comment ? [{ key: 'comment', label: t.card.comment, children: g.comment }] : []),
  ];

  const label: Record<WarehouseAction, string> = {
    activate: t.actions.activate,
    deactivate: t.actions.deactivate,
    approve: t.actions.approve,
    sendBack: t.actions.sendBack,
    submitForApproval: t.actions.continue,
    submitReady: t.actions.continue,
  };

  return (
    <article className="warehouse-card" aria-labelledby={headingId} data-warehouse-id={w.id}>
      <Card size="small">
        {overline ? <div className="warehouse-card__overline">{overline}</div> : null}
        <Flex className="warehouse-card__head" align="center" gap={8} wrap>
          <h3 id={headingId} className="warehouse-card__name">
            {g.name}
          </h3>
          <StatusTag status={w.status} />
        </Flex>

        <div className="warehouse-card__notes">
          {w.status === 'draft' && w.reviewComment ? (
            <Alert type="warning" showIcon title={t.card.reviewComment} description={w.reviewComment} />
          ) : null}
          {w.status === 'draft' ? <Alert type="info" showIcon title={t.card.draftHint} /> : null}
          {w.status === 'action_required' ? <Alert type="info" showIcon title={t.card.awaitingHint} /> : null}
          {w.warnings.includes('doubleLogisticsCost') ? (
            <Alert type="warning" showIcon title={t.card.doubleLogisticsCost} />
          ) : null}
          {pendingSchedule ? (
            <Alert
              type="info"
              showIcon
              title={fill(t.card.scheduleEffectiveFrom, { date: formatDateTime(pendingSchedule) })}
            />
          ) : null}
        </div>

        <Descriptions className="warehouse-card__details" size="small" column={1} items={items} />

        <Flex className="warehouse-card__actions" gap={8} wrap>
          {actions.map((a) => (
            <Button
              key={a}
              type={a === 'activate' || a === 'approve' ? 'primary' : 'default'}
              disabled={busy}
              onClick={() => onAction(a, w)}
            >
              {label[a]}
            </Button>
          ))}
          {onEdit ? (
            <Button onClick={() => onEdit(w)} disabled={busy}>
              {w.status === 'draft' ? t.actions.continue : t.actions.edit}
            </Button>
          ) : null}
          {onDelete && w.status !== 'active' ? (
            <Button danger type="text" onClick={() => onDelete(w)} disabled={busy}>
              {t.actions.delete}
            </Button>
          ) : null}
        </Flex>
      </Card>
    </article>
  );
}

export const formatSentAt = (w: Warehouse) => fill(t.card.sentAt, { date: formatDate(w.updatedAt) });
