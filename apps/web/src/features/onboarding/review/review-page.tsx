// Staff review of new sellers (support engineer, admin): the queue of questionnaires or committee cases
// (tab in the URL), the case open in a drawer (?id=), and its decisions — approve, ask for clarification per
// field, decline with a reason; the committee decides per brand or category. Each decision is audited.
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { fill, SURVEY_FIELDS, type Committee, type Role, type Survey } from '@moda/contracts';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { formatDate } from '../../../lib/dates';
import { mayCall } from '../../../lib/api/may-call';
import { serverFieldErrors } from '../../../lib/forms';
import { useDecideCommittee, useReviewCase, useReviewQueue, useReviewSurvey } from '../api/onboarding-api';
import { itemName } from '../road/committee-card';
import { openDocument } from '../questionnaire/trademark-documents';
import { onboardingText } from '../locale';

const T = onboardingText.review;
const Q = onboardingText.questionnaire;
type Queue = 'survey' | 'committee';

export function ReviewPage({ roles }: { roles: readonly Role[] }) {
  usePageTitle(T.title);
  if (!mayCall('v1.surveys.list', roles)) return <Navigate to="/" replace />;
  return <Review isAdmin={roles.includes('admin')} />;
}

function Review({ isAdmin }: { isAdmin: boolean }) {
  const [params, setParams] = useSearchParams();
  const queue: Queue = params.get('queue') === 'committee' ? 'committee' : 'survey';
  const id = params.get('id');
  const list = useReviewQueue(queue);
  const set = (key: string, value: string | null) =>
    setParams((p) => {
      if (value === null) p.delete(key);
      else p.set(key, value);
      return p;
    });
  return (
    <div>
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Tabs
        activeKey={queue}
        onChange={(k) => setParams({ queue: k })}
        items={(['survey', 'committee'] as const).map((k) => ({ key: k, label: T.tabs[k] }))}
      />
      {list.isError ? (
        <Alert type="error" showIcon title={T.error} />
      ) : (
        <Table
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: T.empty }}
          onRow={(r) => ({ onClick: () => set('id', r.id), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'email', title: T.columns.email, dataIndex: 'email' },
            { key: 'org', title: T.columns.organization, dataIndex: 'organizationName' },
            { key: 'submitted', title: T.columns.submitted, render: (_, r) => formatDate(r.submittedAt) },
            { key: 'due', title: T.columns.due, render: (_, r) => formatDate(r.reviewDueDate) },
            {
              key: 'open',
              title: '',
              render: (_, r) => (
                <Button size="small" onClick={() => set('id', r.id)}>
                  {T.open}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer open={id !== null} width={720} onClose={() => set('id', null)} title={T.title} destroyOnHidden>
        {id ? <CaseView id={id} isAdmin={isAdmin} onDone={() => set('id', null)} /> : null}
      </Drawer>
    </div>
  );
}

function answersRows(survey: Survey): { label: string; value: string }[] {
  const a = survey.answers;
  const rows: { label: string; value: string }[] = [];
  const push = (label: string, value: string | number | undefined) =>
    value !== undefined && value !== '' && rows.push({ label, value: String(value) });
  if (a.company) {
    push(Q.fields.country, Q.countries[a.company.country]);
    push(Q.fields.legalForm, Q.legalForms[a.company.legalForm]);
    push(Q.fields.inn[a.company.country], a.company.inn);
    push(Q.fields.ogrn, a.company.ogrn);
    push(Q.fields.kpp, a.company.kpp);
    push(Q.fields.organizationName, a.company.organizationName);
    push(Q.fields.phone, a.company.phone);
  }
  if (a.contacts) {
    push(Q.fields.ceoName, a.contacts.ceoName);
    push(Q.fields.contactName, a.contacts.contactName);
    push(Q.fields.contactPhone, a.contacts.contactPhone);
  }
  if (a.cooperation) {
    push(Q.fields.model, Q.models[a.cooperation.model]);
    push(Q.fields.warehouseAddress, a.cooperation.warehouseAddress);
  }
  for (const b of a.brands?.brands ?? [])
    push(
      Q.fields.brandName,
      `${b.name} (${b.country}; ${Q.ownership[b.ownership]}; ${b.averagePrice} ₽, −${b.averageDiscount}%)`,
    );
  for (const c of a.categories?.categories ?? [])
    push(Q.fields.category, `${Q.categories[c.category]}: ${c.skuCount}`);
  if (a.channels)
    for (const [k, v] of Object.entries(a.channels)) push(Q.fields[k as keyof typeof a.channels], v);
  return rows;
}

/** Each brand's trademark documents, each opened through the attachments' download route. */
function BrandDocuments({ survey }: { survey: Survey }) {
  const known = new Map(survey.attachments.map((a) => [a.id, a] as const));
  const brands = (survey.answers.brands?.brands ?? []).filter((b) => b.documents?.length);
  if (!brands.length) return null;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title={Q.fields.documents}
      items={brands.map((b, i) => ({
        key: i,
        label: b.name,
        children: (
          <Space direction="vertical" size={0}>
            {(b.documents ?? []).map((id) => {
              const doc = known.get(id);
              return doc ? (
                <Button key={id} type="link" size="small" onClick={() => openDocument(doc)}>
                  {doc.name}
                </Button>
              ) : null;
            })}
          </Space>
        ),
      }))}
    />
  );
}

function CaseView({ id, isAdmin, onDone }: { id: string; isAdmin: boolean; onDone: () => void }) {
  const details = useReviewCase(id);
  if (details.isPending) return null;
  if (details.isError || !details.data) return <Alert type="error" showIcon title={T.error} />;
  const { survey, committee } = details.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Space wrap>
        <Typography.Text strong>{details.data.case.email}</Typography.Text>
        <Tag>{T.surveyStatus[survey.status]}</Tag>
        {committee ? <Tag>{T.committeeStatus[committee.status]}</Tag> : null}
      </Space>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={answersRows(survey).map((r, i) => ({ key: i, label: r.label, children: r.value }))}
      />
      <BrandDocuments survey={survey} />
      {survey.status === 'on_review' ? <SurveyDecision id={id} isAdmin={isAdmin} onDone={onDone} /> : null}
      {committee?.status === 'onReview' ? (
        <CommitteeDecision id={id} committee={committee} onDone={onDone} />
      ) : null}
    </Space>
  );
}

function SurveyDecision({ id, isAdmin, onDone }: { id: string; isAdmin: boolean; onDone: () => void }) {
  const review = useReviewSurvey();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const decide = (params: Parameters<typeof review.mutate>[0]) =>
    review.mutate(params, {
      onSuccess: () => {
        void message.success(T.done);
        onDone();
      },
      onError: (e) => {
        const fields = serverFieldErrors(e);
        const entries = Object.entries(fields);
        if (entries.length)
          form.setFields(
            entries.map(([name, msg]) => ({
              name: name.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
              errors: [msg ?? ''],
            })),
          );
        else void message.error(e.message);
      },
    });
  const questions = () =>
    (form.getFieldValue('questions') as { field?: string; question?: string }[] | undefined) ?? [];
  return (
    <Form form={form} layout="vertical" initialValues={{ questions: [{}] }}>
      <Button type="primary" loading={review.isPending} onClick={() => decide({ id, decision: 'approve' })}>
        {T.approve}
      </Button>
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {T.clarify}
      </Typography.Title>
      <Form.List name="questions">
        {(list, { add }) => (
          <>
            {list.map(({ key, name }) => (
              <Space key={key} align="start" wrap>
                <Form.Item name={[name, 'field']} label={T.field}>
                  <Select
                    aria-label={`${T.field} ${name + 1}`}
                    style={{ minWidth: 220 }}
                    options={SURVEY_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))}
                  />
                </Form.Item>
                <Form.Item name={[name, 'question']} label={T.question}>
                  <Input aria-label={`${T.question} ${name + 1}`} style={{ minWidth: 280 }} />
                </Form.Item>
              </Space>
            ))}
            <Space>
              <Button onClick={() => add({})}>{T.addQuestion}</Button>
              <Button
                onClick={() =>
                  decide({
                    id,
                    decision: 'askClarification',
                    questions: questions().map((q) => ({
                      field: q.field as (typeof SURVEY_FIELDS)[number],
                      question: q.question ?? '',
                    })),
                  })
                }
              >
                {T.send}
              </Button>
            </Space>
          </>
        )}
      </Form.List>
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {T.decline}
      </Typography.Title>
      <Form.Item name="reason" label={T.reason}>
        <Input.TextArea aria-label={T.reason} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Space wrap>
        <Button
          danger
          onClick={() =>
            decide({ id, decision: 'decline', reason: (form.getFieldValue('reason') as string) ?? '' })
          }
        >
          {T.decline}
        </Button>
        {isAdmin ? (
          <Button
            danger
            type="text"
            onClick={() =>
              decide({
                id,
                decision: 'declineForGood',
                reason: (form.getFieldValue('reason') as string) ?? '',
              })
            }
          >
            {T.declineForGood}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}

/** `company.inn` → «Компания: ИНН». */
function fieldLabel(field: (typeof SURVEY_FIELDS)[number]): string {
  const [page, name] = field.split('.') as [keyof typeof Q.pages, string];
  const labels = Q.fields as Record<string, unknown>;
  const own =
    name === 'inn'
      ? Q.fields.inn.RU
      : name === 'brands'
        ? Q.pages.brands
        : name === 'categories'
          ? Q.pages.categories
          : labels[name];
  return `${Q.pages[page]}: ${typeof own === 'string' ? own : name}`;
}

function CommitteeDecision({
  id,
  committee,
  onDone,
}: {
  id: string;
  committee: Committee;
  onDone: () => void;
}) {
  const decide = useDecideCommittee();
  const { message } = App.useApp();
  const [items, setItems] = useState<Record<string, { ask: boolean; comment: string }>>({});
  const [comment, setComment] = useState('');
  const send = (decision: 'APPROVED' | 'DECLINED' | 'NEED_CLARIFICATION') =>
    decide.mutate(
      {
        id,
        decision,
        ...(comment.trim() ? { comment } : {}),
        items: Object.entries(items)
          .filter(([, v]) => v.ask || v.comment.trim())
          .map(([itemId, v]) => ({
            itemId,
            decision: v.ask
              ? 'NEED_CLARIFICATION'
              : decision === 'NEED_CLARIFICATION'
                ? 'APPROVED'
                : decision,
            ...(v.comment.trim() ? { comment: v.comment } : {}),
          })),
      },
      {
        onSuccess: () => {
          void message.success(T.done);
          onDone();
        },
        onError: (e) => void message.error(e.message),
      },
    );
  const row = (itemId: string) => items[itemId] ?? { ask: false, comment: '' };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {committee.items.map((i) => (
        <Space key={i.id} wrap align="start">
          <Typography.Text strong style={{ minWidth: 160, display: 'inline-block' }}>
            {onboardingText.committee.kinds[i.kind]}: {itemName(i)}
          </Typography.Text>
          {i.answer ? (
            <Typography.Text type="secondary">{fill(T.answer, { answer: i.answer })}</Typography.Text>
          ) : null}
          <Select
            aria-label={`${T.itemNeedsClarification}: ${itemName(i)}`}
            value={row(i.id).ask ? 'ask' : 'ok'}
            style={{ minWidth: 160 }}
            options={[
              { value: 'ok', label: onboardingText.committee.decisions.APPROVED },
              { value: 'ask', label: T.itemNeedsClarification },
            ]}
            onChange={(v) => setItems((s) => ({ ...s, [i.id]: { ...row(i.id), ask: v === 'ask' } }))}
          />
          <Input
            aria-label={`${T.itemComment}: ${itemName(i)}`}
            placeholder={T.itemComment}
            value={row(i.id).comment}
            onChange={(e) => setItems((s) => ({ ...s, [i.id]: { ...row(i.id), comment: e.target.value } }))}
          />
        </Space>
      ))}
      <Input.TextArea
        aria-label={T.reason}
        placeholder={T.reason}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Space wrap>
        <Button type="primary" loading={decide.isPending} onClick={() => send('APPROVED')}>
          {T.committeeApprove}
        </Button>
        <Button onClick={() => send('NEED_CLARIFICATION')}>{T.committeeClarify}</Button>
        <Button danger onClick={() => send('DECLINED')}>
          {T.committeeDecline}
        </Button>
      </Space>
    </Space>
  );
}
