// Seller info (spec 000 §2 /profile/main, §3 Seller info): the shop and its contract, the contact
// person (editable), the CEO and the bank account, which the marketplace keeps and shows read-only.
import { Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { PageHeader } from '../../../components/page-header/page-header';
import { useSellerProfile } from '../api/profile-queries';
import { NoPartner } from '../components/no-partner';
import { QueryFailure } from '../components/query-failure';
import { dateOrDash, orDash } from '../model/format';
import { profileText } from '../locale';
import { ContactsCard } from './contacts-card';
import '../profile.css';

export function ProfileMainPage() {
  const partner = useCurrentPartner();
  const text = profileText.main;
  if (!partner) {
    return (
      <>
        <PageHeader title={text.title} />
        <NoPartner />
      </>
    );
  }
  return <MainScreen partnerId={partner.partnerId} shopName={partner.shopName} />;
}

function MainScreen({ partnerId, shopName }: { partnerId: number; shopName: string }) {
  const text = profileText.main;
  const query = useSellerProfile(partnerId);
  const profile = query.data;
  return (
    <>
      <PageHeader title={text.title} subtitle={`${shopName} · ${profileText.idPrefix} ${partnerId}`} />
      {query.isError ? (
        <QueryFailure what={text.loadFailed} error={query.error} retry={() => void query.refetch()} />
      ) : !profile ? (
        <Card className="profile-card">
          <Skeleton active />
        </Card>
      ) : (
        <div className="profile-cards">
          <Card title={text.shop} className="profile-card">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'shopName', label: text.shopName, children: profile.shopName },
                { key: 'partnerId', label: text.partnerId, children: profile.partnerId },
                {
                  key: 'start',
                  label: text.partnershipStart,
                  children: dateOrDash(profile.partnershipStart),
                },
                { key: 'contract', label: text.contractNumber, children: orDash(profile.contractNumber) },
              ]}
            />
          </Card>
          <ContactsCard partnerId={partnerId} contacts={profile.contacts} />
          <Card title={text.ceo} className="profile-card">
            <Descriptions
              column={1}
              size="small"
              items={[{ key: 'ceo', label: text.ceoName, children: orDash(profile.ceoName) }]}
            />
          </Card>
          <Card title={text.bank} className="profile-card">
            {profile.bankAccount ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'rating', label: text.rating, children: orDash(profile.bankAccount.rating) },
                  { key: 'account', label: text.accountNumber, children: profile.bankAccount.accountNumber },
                  { key: 'name', label: text.recipient, children: profile.bankAccount.name },
                  { key: 'code', label: text.bankCode, children: profile.bankAccount.bankCode },
                  { key: 'bank', label: text.bankName, children: profile.bankAccount.bankName },
                  { key: 'inn', label: text.inn, children: profile.bankAccount.inn },
                ]}
              />
            ) : (
              <Typography.Paragraph type="secondary">{text.noBank}</Typography.Paragraph>
            )}
            <Typography.Paragraph type="secondary" className="profile-card__note">
              {text.ownedByMarketplace}
            </Typography.Paragraph>
            <Link to="/profile/help">
              <Button>{text.writeSupport}</Button>
            </Link>
          </Card>
        </div>
      )}
    </>
  );
}
