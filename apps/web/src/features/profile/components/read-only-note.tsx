// The note beside an action the read-only cabinet disables: why it is unavailable.
import { Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { profileText } from '../locale';

export function ReadOnlyNote() {
  return (
    <Typography.Text type="secondary" className="profile-read-only-note">
      <LockOutlined aria-hidden /> {profileText.readOnlyHint}
    </Typography.Text>
  );
}
