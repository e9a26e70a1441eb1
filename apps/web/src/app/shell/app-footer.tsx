// The footer of logged-in layouts: when support answers.
import { Layout } from 'antd';
import { appText } from '../locale';

export function AppFooter() {
  return <Layout.Footer className="app-footer">{appText.footer}</Layout.Footer>;
}
