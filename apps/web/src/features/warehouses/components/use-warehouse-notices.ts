// The area's notifications through the app's notice service (Ant Design's App, 10 s by default):
// successes in Russian, failures titled «Не удалось внести изменения» with the server's own message.
import { useMemo } from 'react';
import { App } from 'antd';
import { NOTIFICATION_DURATION_SEC } from '../../../lib/constants';
import { failureDescription } from '../../../lib/forms';
import { warehousesText } from '../locale';

/** The server's Russian message, or a plain request to retry when the server said nothing usable. */
export function serverMessage(error: unknown): string {
  return failureDescription(error) ?? warehousesText.notices.tryLater;
}

export function useWarehouseNotices() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) =>
        notification.success({ title, description, duration: NOTIFICATION_DURATION_SEC }),
      failure: (error: unknown, description?: string) =>
        notification.error({
          title: warehousesText.notices.error,
          description: description ?? serverMessage(error),
          duration: NOTIFICATION_DURATION_SEC,
        }),
    }),
    [notification],
  );
}
