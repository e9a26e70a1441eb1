// The offer documents (spec 000 §3 Offer "as listed"): version, effective date, review date, user,
// status and file; only the first unsigned (newest) version has the sign button. A table on wide
// screens, one card per document on narrow ones.
import { Button, Card, Descriptions, Flex, Grid, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { fill, type Offer } from '@moda/contracts';
import { dateOrDash, orDash } from '../model/format';
import { profileText } from '../locale';

const STATUS_COLORS: Record<Offer['status'], string> = {
  new: 'orange',
  agreed: 'green',
  superseded: 'default',
};

/** Spec 000 §4 Offers: the first unapproved offer of the newest-first list is the one to sign. */
export function signableOffer(items: readonly Offer[]): Offer | null {
  return items.find((o) => o.status === 'new') ?? null;
}

export interface OffersListProps {
  items: readonly Offer[];
  /** The user may sign (a seller's user); staff see the list without the button. */
  canSign: boolean;
  onSign: (offer: Offer) => void;
  onDownload: (offer: Offer) => void;
  downloadingId?: string | null;
  signingId?: string | null;
}

export function OffersList(props: OffersListProps) {
  const wide = Grid.useBreakpoint().md ?? true;
  return wide ? <OffersTable {...props} /> : <OffersCards {...props} />;
}

function StatusTag({ offer }: { offer: Offer }) {
  return <Tag color={STATUS_COLORS[offer.status]}>{profileText.offers.statuses[offer.status]}</Tag>;
}

function DownloadButton({
  offer,
  onDownload,
  downloadingId,
}: Pick<OffersListProps, 'onDownload' | 'downloadingId'> & { offer: Offer }) {
  return (
    <Button
      type="link"
      className="offer-download"
      icon={<DownloadOutlined aria-hidden />}
      loading={downloadingId === offer.id}
      onClick={() => onDownload(offer)}
      aria-label={fill(profileText.offers.downloadNamed, { name: offer.fileName })}
    >
      {profileText.offers.download}
    </Button>
  );
}

function SignButton({
  offer,
  onSign,
  signingId,
}: Pick<OffersListProps, 'onSign' | 'signingId'> & { offer: Offer }) {
  return (
    <Button
      type="primary"
      loading={signingId === offer.id}
      onClick={() => onSign(offer)}
      aria-label={fill(profileText.offers.signVersion, { version: offer.version })}
    >
      {profileText.offers.sign}
    </Button>
  );
}

function OffersTable({ items, canSign, onSign, onDownload, downloadingId, signingId }: OffersListProps) {
  const text = profileText.offers;
  const signable = canSign ? signableOffer(items) : null;
  return (
    <Table<Offer>
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={[...items]}
      locale={{ emptyText: text.none }}
      columns={[
        { key: 'version', title: text.version, dataIndex: 'version' },
        { key: 'actDate', title: text.actDate, render: (_, o) => dateOrDash(o.actDate) },
        {
          key: 'reviewDate',
          title: text.reviewDate,
          render: (_, o) => dateOrDash(o.approvalInformation.date),
        },
        { key: 'user', title: text.user, render: (_, o) => orDash(o.approvalInformation.email) },
        // Status, file and the sign button stay in view when the columns are wider than the page.
        { key: 'status', title: text.status, fixed: 'right', render: (_, o) => <StatusTag offer={o} /> },
        {
          key: 'file',
          title: text.file,
          fixed: 'right',
          render: (_, o) => (
            <DownloadButton offer={o} onDownload={onDownload} downloadingId={downloadingId} />
          ),
        },
        {
          key: 'actions',
          title: text.actions,
          fixed: 'right',
          render: (_, o) =>
            o.id === signable?.id ? <SignButton offer={o} onSign={onSign} signingId={signingId} /> : null,
        },
      ]}
    />
  );
}

function OffersCards({ items, canSign, onSign, onDownload, downloadingId, signingId }: OffersListProps) {
  const text = profileText.offers;
  const signable = canSign ? signableOffer(items) : null;
  if (items.length === 0) return <Card className="profile-card">{text.none}</Card>;
  return (
    <Flex vertical gap={12} role="list">
      {items.map((o) => (
        <Card
          key={o.id}
          size="small"
          className="profile-card offer-card"
          role="listitem"
          title={`${text.version} ${o.version}`}
          extra={<StatusTag offer={o} />}
        >
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'actDate', label: text.actDate, children: dateOrDash(o.actDate) },
              { key: 'reviewDate', label: text.reviewDate, children: dateOrDash(o.approvalInformation.date) },
              { key: 'user', label: text.user, children: orDash(o.approvalInformation.email) },
            ]}
          />
          <Flex gap={8} wrap align="center" className="offer-card__actions">
            {o.id === signable?.id ? <SignButton offer={o} onSign={onSign} signingId={signingId} /> : null}
            <DownloadButton offer={o} onDownload={onDownload} downloadingId={downloadingId} />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
