// The home page (spec 000 §2 "/"): a greeting, the current partner's shop and business model, and
// links to the areas this user may open for it, the action inbox, and the latest changes.
import type { ReactNode } from 'react';
import { Button } from 'antd';
import {
  BarChartOutlined,
  CarOutlined,
  GiftOutlined,
  HomeOutlined,
  InboxOutlined,
  MessageOutlined,
  PercentageOutlined,
  ShoppingOutlined,
  SkinOutlined,
  SolutionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { NoticeBar } from '../../../components/notice-bar/notice-bar';
import type { Partner } from '@moda/contracts';
import { fill } from '@moda/contracts/messages';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { HomeCard } from './home-card';
import { homeText, type HomeAreaKey } from '../locale';
import { RecentChanges } from '../recent-changes/recent-changes';
import { ActionInbox } from '../inbox/action-inbox';
import './home-page.css';

export interface HomeArea {
  key: HomeAreaKey;
  to: string;
}

export interface HomePageProps {
  email: string;
  /** The user's name; the greeting goes without it when empty. */
  name?: string;
  partner: Partner | null;
  businessModelName: string | null;
  areas: readonly HomeArea[];
  isNewSeller: boolean;
  /** Where a new seller writes to support, when that page is open to them. */
  supportTo?: string | undefined;
  showChanges: boolean;
  /** The action inbox of the partner: what needs the seller now (v1.inbox.list). */
  showInbox?: boolean;
  /** The partner search, shown when nobody is chosen yet (internal roles). */
  partnerPicker?: ReactNode;
  /** The road of onboarding, for an applicant who has not finished it. */
  onboarding?: ReactNode;
  now?: Date;
}

const ICONS: Record<HomeAreaKey, ReactNode> = {
  orders: <ShoppingOutlined />,
  fboShipments: <InboxOutlined />,
  fbsShipments: <CarOutlined />,
  products: <SkinOutlined />,
  prices: <PercentageOutlined />,
  promotions: <GiftOutlined />,
  analytics: <BarChartOutlined />,
  questions: <MessageOutlined />,
  warehouses: <HomeOutlined />,
  profile: <UserOutlined />,
  onboardingReview: <SolutionOutlined />,
};

export function greetingFor(date: Date): string {
  const h = date.getHours();
  const g = homeText.greeting;
  if (h >= 5 && h < 12) return g.morning;
  if (h >= 12 && h < 18) return g.day;
  if (h >= 18 && h < 23) return g.evening;
  return g.night;
}

export function HomePage({
  email,
  name,
  partner,
  businessModelName,
  areas,
  isNewSeller,
  supportTo,
  showChanges,
  showInbox = false,
  partnerPicker,
  onboarding,
  now,
}: HomePageProps) {
  usePageTitle(homeText.title);
  return (
    <div className="home">
      <header className="home__greeting">
        <h1 className="home__title">
          {greetingFor(now ?? new Date())}
          {name ? `, ${name.split(' ')[0]}` : ''}!
        </h1>
        <span className="home__secondary">{fill(homeText.signedInAs, { email })}</span>
      </header>

      {isNewSeller ? (
        <NoticeBar
          className="home__new-seller"
          type="info"
          title={homeText.newSeller.title}
          description={homeText.newSeller.description}
          action={
            supportTo ? (
              <Link to={supportTo}>
                <Button type="primary">{homeText.newSeller.support}</Button>
              </Link>
            ) : undefined
          }
        />
      ) : null}

      {onboarding}

      {partner ? (
        <HomeCard className="home__partner" testId="home-partner">
          <h2 className="home__shop">{partner.shopName}</h2>
          <div className="home__tags">
            {businessModelName ? (
              <span className="home__tag home__tag--model" data-testid="home-model">
                {homeText.partner.modelLabel}: {businessModelName}
              </span>
            ) : null}
            <span className="home__tag">
              {homeText.partner.idLabel}: {partner.partnerId}
            </span>
          </div>
        </HomeCard>
      ) : partnerPicker ? (
        <HomeCard title={homeText.partner.choose} className="home__partner">
          <p className="home__secondary home__hint">{homeText.partner.chooseHint}</p>
          {partnerPicker}
        </HomeCard>
      ) : null}

      {showInbox && partner ? <ActionInbox partnerId={partner.partnerId} now={now} /> : null}

      {areas.length > 0 ? (
        <section className="home__areas" aria-labelledby="home-areas-title">
          <h2 id="home-areas-title" className="home__section-title">
            {homeText.areasTitle}
          </h2>
          <div className="home__area-grid">
            {areas.map((area) => (
              <Link key={area.key} to={area.to} className="home-area" data-area={area.key}>
                <span className="home-area__icon" aria-hidden>
                  {ICONS[area.key]}
                </span>
                <span className="home-area__text">
                  <span className="home-area__title">{homeText.areas[area.key].title}</span>
                  <span className="home-area__description">{homeText.areas[area.key].description}</span>
                </span>
              </Link>
            ))}
          </div>
        </section>
      ) : null}

      {showChanges && partner ? <RecentChanges partnerId={partner.partnerId} /> : null}
    </div>
  );
}
