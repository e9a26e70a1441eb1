// The create or edit form in a side panel opened from the URL (?action=create / ?action=edit&id=…):
// it loads the warehouse being edited, and closing or leaving with unsaved input asks first.
import { useState } from 'react';
import { App, Drawer, Grid, Result, Skeleton } from 'antd';
import { fill } from '@moda/contracts';
import { useUnsavedChangesPrompt } from '../../../components/unsaved-changes/use-unsaved-changes-prompt';
import { useWarehouseDetails } from '../api/warehouse-queries';
import type { ActiveInfo } from '../components/use-warehouse-actions';
import { serverMessage, useWarehouseNotices } from '../components/use-warehouse-notices';
import { warehousesText } from '../locale';
import type { FormDialog } from '../warehouse-list/use-warehouses-url';
import type { BasePoint } from './base-point-field';
import { WarehouseForm, type DeliveryProfile } from './warehouse-form';

const t = warehousesText;
const DRAWER_WIDTH = 820;

export interface WarehouseFormDrawerProps {
  partnerId: number;
  dialog: FormDialog;
  step: number;
  onStepChange: (step: number) => void;
  onClose: () => void;
  profile: DeliveryProfile | undefined;
  points: BasePoint[];
  activeInfo: ActiveInfo;
  now?: Date;
}

export function WarehouseFormDrawer({
  partnerId,
  dialog,
  step,
  onStepChange,
  onClose,
  profile,
  points,
  activeInfo,
  now,
}: WarehouseFormDrawerProps) {
  const { modal } = App.useApp();
  const notices = useWarehouseNotices();
  const screens = Grid.useBreakpoint();
  const editId = dialog.kind === 'edit' ? dialog.id : null;
  const details = useWarehouseDetails(partnerId, editId);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);

  const requestClose = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t.confirm.closeTitle,
      content: t.confirm.closeContent,
      okText: t.confirm.closeOk,
      cancelText: t.confirm.closeCancel,
      onOk: () => {
        setDirty(false);
        onClose();
        if (editId) notices.success(t.notices.cancelled);
      },
    });
  };

  const title =
    dialog.kind === 'create'
      ? t.form.createTitle
      : details.data
        ? fill(t.form.editTitle, { name: details.data.general.name })
        : t.actions.edit;

  let body;
  if (editId && details.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (editId && details.isError)
    body = <Result status="warning" title={t.form.loadError} subTitle={serverMessage(details.error)} />;
  else
    body = (
      <WarehouseForm
        key={editId ?? 'create'}
        partnerId={partnerId}
        warehouse={details.data ?? null}
        step={step}
        onStepChange={onStepChange}
        onDirtyChange={setDirty}
        onSaved={onClose}
        profile={profile}
        points={points}
        activeInfo={activeInfo}
        now={now}
      />
    );

  return (
    <Drawer
      open
      title={title}
      size={screens.md ? DRAWER_WIDTH : '100%'}
      onClose={requestClose}
      mask={{ closable: false }}
      className="warehouse-drawer"
    >
      {body}
    </Drawer>
  );
}
