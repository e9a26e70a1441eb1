// The new seller's road on the home page (spec 000 §4 form statuses): each step with its state, what to
// do next, the committee's questions, the draft's deadline warning, and the welcome modal on first visit.
import { useEffect } from 'react';
import { Alert, App, Button, Card, Modal, Space, Spin, Steps, Tag, Typography } from 'antd';
import type { StepsProps } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fill, type OnboardingRoad as Road } from '@moda/contracts';
import { formatDate } from '../../../lib/dates';
import { useActNotification, useFinishOnboarding, useRoad } from '../api/onboarding-api';
import { onboardingText } from '../locale';
import { CommitteeCard } from './committee-card';

const T = onboardingText.road;
export const QUESTIONNAIRE_PATH = '/onboarding';
const WELCOME_PARAM = 'welcome';

type StepState = Road['steps'][number]['state'];
const STATUS: Record<StepState, NonNullable<StepsProps['items']>[number]['status']> = {
  notStarted: 'wait',
  locked: 'wait',
  started: 'process',
  underConsideration: 'process',
  clarificationRequired: 'error',
  notAgreed: 'error',
  complete: 'finish',
};
const TAG: Record<StepState, string> = {
  notStarted: 'default',
  locked: 'default',
  started: 'processing',
  underConsideration: 'processing',
  clarificationRequired: 'warning',
  notAgreed: 'error',
  complete: 'success',
};

export interface OnboardingRoadProps {
  /** Partners the session knows: a partner made by the legal check is not among them until it reloads. */
  knownPartnerIds: readonly number[];
  /** Reload the user's roles and partners (after the legal check, and after the last step). */
  reloadSession: () => Promise<void>;
}

function stepAction(road: Road, key: Road['steps'][number]['key']) {
  const { survey } = road;
  const state = road.steps.find((s) => s.key === key)!.state;
  if (key === 'initialSeller') {
    const lines = [];
    if (survey.status === 'on_review' && survey.reviewDueDate)
      lines.push(fill(T.reviewDue, { date: formatDate(survey.reviewDueDate) }));
    if (survey.status === 'on_delayed_rejection' && survey.reapplyFrom)
      lines.push(fill(T.reapplyFrom, { date: formatDate(survey.reapplyFrom) }));
    return (
      <Space direction="vertical" size={4}>
        {lines.map((l) => (
          <Typography.Text key={l}>{l}</Typography.Text>
        ))}
        <Link to={QUESTIONNAIRE_PATH}>
          <Button type={state === 'notStarted' || state === 'started' ? 'primary' : 'default'} size="small">
            {state === 'notStarted' ? T.fillQuestionnaire : T.openQuestionnaire}
          </Button>
        </Link>
      </Space>
    );
  }
  if (state === 'locked' || state === 'complete') return null;
  if (key === 'contract')
    return (
      <Link to="/profile/offers">
        <Button type="primary" size="small">
          {T.signTerms}
        </Button>
      </Link>
    );
  if (key === 'productCards')
    return (
      <Space direction="vertical" size={4}>
        <Typography.Text>
          {fill(T.products, { count: road.productCount, min: road.minSkuCount })}
        </Typography.Text>
        <Link to="/nomenclatures">
          <Button size="small">{T.addProducts}</Button>
        </Link>
      </Space>
    );
  if (key === 'logistics') {
    const fbs = road.logisticsNeeds === 'activeWarehouse';
    return (
      <Space direction="vertical" size={4}>
        <Typography.Text>{fbs ? T.needsWarehouse : T.needsSupply}</Typography.Text>
        <Link to={fbs ? '/warehouses' : '/fbo/shipments'}>
          <Button size="small">{fbs ? T.warehouse : T.supply}</Button>
        </Link>
      </Space>
    );
  }
  return null;
}

export function OnboardingRoad({ knownPartnerIds, reloadSession }: OnboardingRoadProps) {
  const road = useRoad();
  const act = useActNotification();
  const finish = useFinishOnboarding();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const data = road.data;
  const partnerId = data?.partnerId ?? null;
  const unknownPartner = partnerId !== null && !knownPartnerIds.includes(partnerId);

  useEffect(() => {
    // The legal check made a partner: the session learns it (and the partner role) to open its pages.
    if (unknownPartner) void reloadSession();
  }, [unknownPartner, reloadSession]);

  if (road.isPending) return <Spin />;
  if (road.isError || !data) return <Alert type="error" showIcon title={T.error} />;

  const welcome = data.survey.status === 'empty' && params.get(WELCOME_PARAM) !== 'closed';
  const closeWelcome = () =>
    setParams(
      (p) => {
        p.set(WELCOME_PARAM, 'closed');
        return p;
      },
      { replace: true },
    );

  return (
    <Card className="onboarding-road" data-testid="onboarding-road">
      <Typography.Title level={2}>{T.title}</Typography.Title>
      {data.notifications
        .filter((n) => !n.acted)
        .map((n) => (
          <Alert
            key={n.id}
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={fill(T.deadline, { date: formatDate(n.expiresOn) })}
            action={
              <Button size="small" loading={act.isPending} onClick={() => act.mutate(n.id)}>
                {T.deadlineAck}
              </Button>
            }
          />
        ))}
      <Steps
        direction="vertical"
        items={data.steps.map((s) => ({
          key: s.key,
          status: STATUS[s.state],
          title: (
            <Space size={8} wrap>
              <span>{T.steps[s.key]}</span>
              <Tag color={TAG[s.state]} data-testid={`step-${s.key}`}>
                {T.states[s.state]}
              </Tag>
            </Space>
          ),
          description: stepAction(data, s.key),
        }))}
      />
      {data.committee && data.committee.status !== 'approved' ? (
        <CommitteeCard committee={data.committee} />
      ) : null}
      {data.allComplete ? (
        <Alert
          type="success"
          showIcon
          title={T.finished}
          action={
            <Button
              type="primary"
              loading={finish.isPending}
              onClick={() =>
                finish.mutate(undefined, {
                  onSuccess: () => void reloadSession().then(() => navigate('/')),
                  onError: (e) => void message.error(e.message),
                })
              }
            >
              {T.finish}
            </Button>
          }
        />
      ) : null}
      <Modal
        open={welcome}
        title={onboardingText.welcome.title}
        onCancel={closeWelcome}
        footer={[
          <Button key="later" onClick={closeWelcome}>
            {onboardingText.welcome.later}
          </Button>,
          <Button key="start" type="primary" onClick={() => void navigate(QUESTIONNAIRE_PATH)}>
            {onboardingText.welcome.start}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{onboardingText.welcome.body}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}
