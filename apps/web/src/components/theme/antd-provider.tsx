// Ant Design in Russian with the brand theme. Every part of the app that draws Ant Design components
// sits inside it; the login page draws none, so its route loads no component library at all.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
// Date pickers and calendars read dayjs's global locale: Russian wherever Ant Design is drawn.
import '../../lib/dates';
import { theme } from './theme';

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={ruRU} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
