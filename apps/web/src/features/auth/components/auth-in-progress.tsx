// A login-area screen whose issue has not landed yet: the work-in-progress page with a way back to
// login. The auth layout brings no component library (the login page needs none), so this one does.
import { Button } from 'antd';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/theme/antd-provider';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { authText } from '../locale';

export function AuthInProgress({ title }: { title: string }) {
  return (
    <AntdProvider>
      <WorkInProgress
        title={title}
        action={
          <Link to="/login">
            <Button type="primary">{authText.backToLogin}</Button>
          </Link>
        }
      />
    </AntdProvider>
  );
}
