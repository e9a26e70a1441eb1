// The six-page questionnaire (spec 000 §4, spec 001 §5): the page in the URL, each page checked with the
// contract's schema and saved as a draft on «Сохранить и продолжить», the reviewer's questions under their
// fields, sending for review on the last page, and the outcome of the review at the top.
import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Card, Form, Popconfirm, Space, Spin, Steps, Typography } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router';
import { fill, SURVEY_PAGES, SurveyPage, type Role, type Survey } from '@moda/contracts';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { formatDate } from '../../../lib/dates';
import { mayCall } from '../../../lib/api/may-call';
import { schemaErrors, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { useRestartSurvey, useSavePage, useSubmitSurvey, useSurvey } from '../api/onboarding-api';
import { onboardingText } from '../locale';
import { PAGE_DEFAULTS, PageFields, type Questions } from './page-fields';

const T = onboardingText.questionnaire;
const PAGES = SurveyPage.options;
const EDITABLE: Survey['status'][] = ['empty', 'on_draft', 'on_clarification'];

/** Cleared inputs are missing values, not empty strings: optional fields stay optional. */
function clean(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object' && value !== undefined)
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => [k, clean(v)] as const)
        .filter(([, v]) => v !== undefined),
    );
  return value;
}

const toPath = (field: string) => field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

export function QuestionnairePage({ roles }: { roles: readonly Role[] }) {
  usePageTitle(T.title);
  if (!mayCall('v1.surveys.first.get', roles)) return <Navigate to="/" replace />;
  return <Questionnaire />;
}

function Questionnaire() {
  const [params, setParams] = useSearchParams();
  const survey = useSurvey();
  const save = useSavePage();
  const submit = useSubmitSurvey();
  const restart = useRestartSurvey();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const requested = params.get('page');
  const page: SurveyPage = PAGES.includes(requested as SurveyPage) ? (requested as SurveyPage) : 'company';
  const index = PAGES.indexOf(page);
  const data = survey.data;

  useEffect(() => {
    if (!data) return;
    form.resetFields();
    form.setFieldsValue(data.answers[page] ?? PAGE_DEFAULTS[page]);
  }, [data, page, form]);

  const questions = useMemo<Questions>(() => {
    const out: Questions = {};
    for (const c of data?.clarifications ?? []) out[c.field] = fill(T.question, { question: c.question });
    return out;
  }, [data]);

  if (survey.isPending) return <Spin />;
  if (survey.isError || !data) return <Alert type="error" showIcon title={T.error} />;

  const editable = EDITABLE.includes(data.status);
  const goTo = (next: SurveyPage) =>
    setParams((p) => {
      p.set('page', next);
      return p;
    });
  const showErrors = (errors: FieldErrors) =>
    form.setFields(
      Object.entries(errors).map(([name, msg]) => ({ name: toPath(name), errors: msg ? [msg] : [] })),
    );

  const onSave = async () => {
    const values = clean(form.getFieldsValue(true)) ?? {};
    form.setFields(Object.keys(form.getFieldsValue(true) as object).map((name) => ({ name, errors: [] })));
    const errors = schemaErrors(SURVEY_PAGES[page], values);
    if (Object.keys(errors).length) return showErrors(errors);
    try {
      await save.mutateAsync({ page, data: values } as Parameters<typeof save.mutateAsync>[0]);
    } catch (e) {
      const fields = serverFieldErrors(e, { prefix: 'data.' });
      if (Object.keys(fields).length) showErrors(fields);
      else void message.error((e as Error).message);
      return;
    }
    if (index < PAGES.length - 1) {
      void message.success(T.saved);
      goTo(PAGES[index + 1]!);
      return;
    }
    try {
      await submit.mutateAsync();
      void message.success(T.submitted);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const banner = (() => {
    const date = (d: string | null) => formatDate(d);
    switch (data.status) {
      case 'on_review':
        return (
          <Alert type="info" showIcon title={fill(T.status.on_review, { date: date(data.reviewDueDate) })} />
        );
      case 'on_clarification':
        return <Alert type="warning" showIcon title={T.status.on_clarification} />;
      case 'on_delayed_rejection':
        return (
          <Alert
            type="error"
            showIcon
            title={fill(T.status.on_delayed_rejection, {
              reason: data.rejectionReason ?? '',
              date: date(data.reapplyFrom),
            })}
            action={
              <Button
                onClick={() => restart.mutate(undefined, { onError: (e) => void message.error(e.message) })}
              >
                {T.restart}
              </Button>
            }
          />
        );
      case 'on_rejection':
        return (
          <Alert
            type="error"
            showIcon
            title={fill(T.status.on_rejection, { reason: data.rejectionReason ?? '' })}
          />
        );
      case 'finished':
        return <Alert type="success" showIcon title={T.status.finished} />;
      case 'locked':
        return <Alert type="error" showIcon title={T.status.locked} />;
      default:
        return data.draftExpiresOn ? (
          <Typography.Text type="secondary">
            {fill(T.draftExpires, { date: date(data.draftExpiresOn) })}
          </Typography.Text>
        ) : null;
    }
  })();

  return (
    <div className="onboarding-questionnaire">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={1}>{T.title}</Typography.Title>
        <Link to="/">{T.toRoad}</Link>
      </Space>
      {banner}
      <Steps
        style={{ margin: '16px 0' }}
        size="small"
        current={index}
        onChange={(i) => goTo(PAGES[i]!)}
        items={PAGES.map((p) => ({
          title: T.pages[p],
          status: p === page ? 'process' : data.pagesSaved.includes(p) ? 'finish' : 'wait',
        }))}
      />
      <Card title={T.pages[page]}>
        <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 720 }}>
          <PageFields page={page} questions={questions} attachments={data.attachments} />
        </Form>
        {editable ? (
          <Space wrap>
            {index > 0 ? <Button onClick={() => goTo(PAGES[index - 1]!)}>{T.back}</Button> : null}
            <Button type="primary" loading={save.isPending || submit.isPending} onClick={() => void onSave()}>
              {index === PAGES.length - 1 ? T.submit : T.next}
            </Button>
            {data.status === 'on_draft' ? (
              <Popconfirm title={T.discardConfirm} onConfirm={() => restart.mutate()}>
                <Button danger type="text">
                  {T.discard}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null}
      </Card>
    </div>
  );
}
