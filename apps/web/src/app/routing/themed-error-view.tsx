// The error view with Ant Design around it, for error boundaries that may sit outside any layout.
import { AntdProvider } from '../../components/theme/antd-provider';
import { ErrorView, type ErrorViewProps } from '../../components/error-view/error-view';

export function ThemedErrorView(props: ErrorViewProps) {
  return (
    <AntdProvider>
      <ErrorView {...props} />
    </AntdProvider>
  );
}
