// The approval dialog of the cooperation terms: the version, when it takes effect, and the choice to
// sign it. Its open state lives in the address (?sign=<offer id>).
import { Modal, Typography } from 'antd';
import { fill, type Offer } from '@moda/contracts';
import { formatDate } from '../../../lib/dates';
import { profileText } from '../locale';

export function SignDialog({
  offer,
  pending,
  onSign,
  onClose,
}: {
  offer: Offer | null;
  pending: boolean;
  onSign: (offer: Offer) => void;
  onClose: () => void;
}) {
  const text = profileText.offers;
  return (
    <Modal
      open={offer !== null}
      title={offer ? fill(text.signTitle, { version: offer.version }) : null}
      okText={text.signConfirm}
      cancelText={text.signCancel}
      confirmLoading={pending}
      onOk={() => offer && onSign(offer)}
      onCancel={onClose}
      destroyOnHidden
    >
      {offer ? (
        <Typography.Paragraph>
          {fill(text.signText, { date: formatDate(offer.actDate) })}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
