// The notice every export start shows (one wording across the app), with a button that opens the file
// manager; it also tells open file lists to refresh.
import { useCallback } from 'react';
import { App, Button } from 'antd';
import { fileManagerEvents } from '../../lib/file-manager-events';
import { fileTasksText } from './locale';

export function useExportStartedNotice() {
  const { notification } = App.useApp();
  return useCallback(() => {
    fileManagerEvents.changed();
    const key = `export-started-${Date.now()}`;
    notification.info({
      key,
      title: fileTasksText.exportStarted.title,
      description: fileTasksText.exportStarted.description,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            fileManagerEvents.open('export');
          }}
        >
          {fileTasksText.exportStarted.open}
        </Button>
      ),
    });
  }, [notification]);
}
