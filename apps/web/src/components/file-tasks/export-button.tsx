// A list's export action: a menu of the export types it offers; choosing one starts v1.exports.create
// with the list's current filters and shows the shared "export started" notice.
import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { ExportType } from '@moda/contracts';
import { api } from '../../lib/api/client';
import { isRpcError } from '../../lib/api/rpc-error';
import { fileTasksText } from './locale';
import { useExportStartedNotice } from './use-export-started';

export interface ExportButtonProps {
  partnerId: number;
  types: readonly ExportType[];
  /** The list's filters as the export type's schema expects them; undefined values are left out. */
  filter: Record<string, unknown>;
  label?: string;
}

export function ExportButton({
  partnerId,
  types,
  filter,
  label = fileTasksText.exportToExcel,
}: ExportButtonProps) {
  const { notification } = App.useApp();
  const started = useExportStartedNotice();
  const [pending, setPending] = useState(false);

  const start = async (type: ExportType) => {
    setPending(true);
    try {
      await api.call('v1.exports.create', { partnerId, type, filter });
      started();
    } catch (error) {
      notification.error({
        title: fileTasksText.exportFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: types.map((type) => ({ key: type, label: fileTasksText.exportTypes[type] })),
        onClick: ({ key }) => void start(key as ExportType),
      }}
    >
      <Button icon={<FileExcelOutlined />} loading={pending}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
