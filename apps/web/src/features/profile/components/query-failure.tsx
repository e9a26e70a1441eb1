// A failed load of a profile screen: what failed with the cause appended, and a way to try again.
import { Alert, Button } from 'antd';
import { failureText } from '../model/failure';
import { profileText } from '../locale';

export function QueryFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={failureText(what, error)}
      action={
        <Button size="small" onClick={retry}>
          {profileText.retry}
        </Button>
      }
    />
  );
}
