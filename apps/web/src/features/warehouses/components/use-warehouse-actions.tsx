// The card actions with the confirmations of spec 000 §4: activating another warehouse asks and names
// the one that will be deactivated, deactivation and deletion ask, support approves or sends back.
import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { fill, type Warehouse } from '@moda/contracts';
import {
  useActivateWarehouse,
  useApproveWarehouse,
  useDeactivateWarehouse,
  useDeleteWarehouse,
  useSendBackWarehouse,
} from '../api/warehouse-mutations';
import { warehousesText } from '../locale';
import { SendBackDialog } from './send-back-dialog';
import { useWarehouseNotices } from './use-warehouse-notices';

const t = warehousesText;

export interface ActiveInfo {
  /** The partner's active warehouse, when known. */
  active: Warehouse | null;
  /** Whether the partner has an active warehouse at all (counted by the server). */
  hasActive: boolean;
}

/** The confirmation text for activating a warehouse while another one is active, or null. */
export function replacementNotice(targetId: string | null, info: ActiveInfo): string | null {
  if (targetId !== null && info.active?.id === targetId) return null;
  if (info.active) return fill(t.confirm.activateReplaces, { current: info.active.general.name });
  return info.hasActive ? t.confirm.activateReplacesUnknown : null;
}

export function useWarehouseActions(info: ActiveInfo): {
  activate: (w: Warehouse) => void;
  deactivate: (w: Warehouse) => void;
  remove: (w: Warehouse) => void;
  approve: (w: Warehouse) => void;
  sendBack: (w: Warehouse) => void;
  pending: boolean;
  dialogs: ReactNode;
} {
  const { modal } = App.useApp();
  const notices = useWarehouseNotices();
  const activateMutation = useActivateWarehouse();
  const deactivateMutation = useDeactivateWarehouse();
  const deleteMutation = useDeleteWarehouse();
  const approveMutation = useApproveWarehouse();
  const sendBackMutation = useSendBackWarehouse();
  const [sendBackTarget, setSendBackTarget] = useState<Warehouse | null>(null);

  const ref = (w: Warehouse) => ({ partnerId: w.partnerId, id: w.id });

  const activate = (w: Warehouse) => {
    const replaced = info.active && info.active.id !== w.id ? info.active : null;
    const run = () =>
      activateMutation.mutateAsync(ref(w)).then(
        (res) =>
          void notices.success(
            t.notices.activated,
            res.deactivatedId
              ? replaced?.id === res.deactivatedId
                ? fill(t.notices.previousDeactivated, { name: replaced.general.name })
                : t.notices.previousDeactivatedUnknown
              : undefined,
          ),
        (error: unknown) => void notices.failure(error),
      );
    const replaces = replacementNotice(w.id, info);
    if (!replaces) {
      void run();
      return;
    }
    modal.confirm({
      title: fill(t.confirm.activateTitle, { name: w.general.name }),
      content: replaces,
      okText: t.confirm.activateOk,
      cancelText: t.confirm.cancel,
      onOk: run,
    });
  };

  const deactivate = (w: Warehouse) =>
    void modal.confirm({
      title: fill(t.confirm.deactivateTitle, { name: w.general.name }),
      content: t.confirm.deactivateContent,
      okText: t.confirm.deactivateOk,
      cancelText: t.confirm.cancel,
      onOk: () =>
        deactivateMutation.mutateAsync(ref(w)).then(
          () => void notices.success(t.notices.deactivated),
          (error: unknown) => void notices.failure(error),
        ),
    });

  const remove = (w: Warehouse) =>
    void modal.confirm({
      title: fill(t.confirm.deleteTitle, { name: w.general.name }),
      content: t.confirm.deleteContent,
      okText: t.confirm.deleteOk,
      okButtonProps: { danger: true },
      cancelText: t.confirm.cancel,
      onOk: () =>
        deleteMutation.mutateAsync(ref(w)).then(
          () => void notices.success(t.notices.deleted),
          (error: unknown) => void notices.failure(error),
        ),
    });

  const approve = (w: Warehouse) =>
    void approveMutation.mutateAsync(ref(w)).then(
      () => void notices.success(t.notices.approved),
      (error: unknown) => void notices.failure(error),
    );

  const submitSendBack = async (comment: string) => {
    if (!sendBackTarget) return;
    try {
      await sendBackMutation.mutateAsync({ ...ref(sendBackTarget), comment });
      notices.success(t.notices.sentBack);
    } catch (error) {
      notices.failure(error);
      throw error;
    }
  };

  return {
    activate,
    deactivate,
    remove,
    approve,
    sendBack: setSendBackTarget,
    pending:
      activateMutation.isPending ||
      deactivateMutation.isPending ||
      deleteMutation.isPending ||
      approveMutation.isPending,
    dialogs: (
      <SendBackDialog
        warehouse={sendBackTarget}
        onSubmit={submitSendBack}
        onClose={() => setSendBackTarget(null)}
      />
    ),
  };
}
