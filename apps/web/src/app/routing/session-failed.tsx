// What the app shows when the session cannot start: no partner linked to a partner user
// ('Empty partners list', spec 001 §8) or the dictionary could not be loaded.
import { Button, Result } from 'antd';
import { session } from '../../lib/session/session';
import { EMPTY_PARTNERS_MESSAGE } from '../../lib/session/session-store';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { AntdProvider } from '../../components/theme/antd-provider';
import { appText } from '../locale';

export function SessionFailed({ error }: { error: Error }) {
  const text = appText.session;
  usePageTitle(text.failedTitle);
  const noPartners = error.message === EMPTY_PARTNERS_MESSAGE;
  return (
    <AntdProvider>
      <main className="session-failed" id="main">
        <Result
          status={noPartners ? 'warning' : 'error'}
          title={<h1 className="error-view__title">{text.failedTitle}</h1>}
          subTitle={
            <>
              <p>{noPartners ? text.emptyPartners : text.failedDescription}</p>
              <p className="session-failed__code">{error.message}</p>
            </>
          }
          extra={[
            noPartners ? null : (
              <Button key="retry" type="primary" onClick={() => void session.start()}>
                {text.retry}
              </Button>
            ),
            <Button key="logout" onClick={() => void session.logout()}>
              {text.logout}
            </Button>,
          ]}
        />
      </main>
    </AntdProvider>
  );
}
