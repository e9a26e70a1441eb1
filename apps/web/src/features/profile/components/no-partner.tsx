// What a partner page shows when no partner is chosen (internal roles choose one on the home page).
import { Alert } from 'antd';
import { profileText } from '../locale';

export function NoPartner() {
  return <Alert type="info" showIcon title={profileText.noPartner} />;
}
