// Whether the seller may answer now, above the list and in the settings: the block strikes caused with its
// end, the warning one rejection before a block, or the seller's own answers switched off.
import { Link } from 'react-router';
import { Alert } from 'antd';
import { fill, STRIKE_RULES, type AnsweringState } from '@moda/contracts';
import { formatDateTime } from '../../../lib/dates';
import { questionsText } from '../locale';

const text = questionsText.block;

export function AnsweringBanner({
  state,
  settingsLink = true,
}: {
  state: AnsweringState;
  settingsLink?: boolean;
}) {
  const link = settingsLink ? <Link to="/profile/settings">{text.settings}</Link> : null;
  if (state.block === 'permanent')
    return (
      <Alert
        type="error"
        showIcon
        className="questions__banner"
        title={text.permanent}
        description={text.permanentText}
      />
    );
  if (state.block === 'temporary')
    return (
      <Alert
        type="error"
        showIcon
        className="questions__banner"
        title={fill(text.temporary, { until: formatDateTime(state.blockedUntil) })}
        description={text.temporaryText}
        action={link}
      />
    );
  if (!state.sellerAnswers)
    return (
      <Alert
        type="info"
        showIcon
        className="questions__banner"
        title={text.off}
        description={text.offText}
        action={link}
      />
    );
  if (state.strikes === STRIKE_RULES.temporaryBlockAt - 1)
    return (
      <Alert
        type="warning"
        showIcon
        className="questions__banner"
        title={text.warning}
        description={text.warningText}
        action={link}
      />
    );
  if (state.strikes === STRIKE_RULES.permanentBlockAt - 1)
    return (
      <Alert type="warning" showIcon className="questions__banner" title={text.lastWarning} action={link} />
    );
  return null;
}
