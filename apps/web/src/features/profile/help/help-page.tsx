// Help and contact (spec 000 §2 /profile/help): the support request form beside the support and
// manager hours (spec 001 §9). No partner is needed to read the hours; writing needs one.
import { Card } from 'antd';
import { useCurrentPartner } from '../../../lib/session/session';
import { HelpCard } from '../../../components/help-card/help-card';
import { PageHeader } from '../../../components/page-header/page-header';
import { NoPartner } from '../components/no-partner';
import { profileText } from '../locale';
import { SupportForm } from './support-form';
import '../profile.css';

export function ProfileHelpPage() {
  const partner = useCurrentPartner();
  const text = profileText.help;
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <div className="profile-help">
        <Card title={text.form} className="profile-card">
          {partner ? <SupportForm key={partner.partnerId} partnerId={partner.partnerId} /> : <NoPartner />}
        </Card>
        <aside className="profile-help__aside">
          <HelpCard />
        </aside>
      </div>
    </>
  );
}
