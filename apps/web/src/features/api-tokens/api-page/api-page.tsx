// The profile's «API» tab (issue 27): the partner's tokens with their scopes, expiry and last use; issuing one
// (scopes as a table of areas × нет/чтение/чтение и запись, expiry, IP ranges) with the secret shown once;
// revoking after a confirmation; each token's usage (calls per day, methods, last failures); the docs' links.
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  ACCESS_AREA_LABELS,
  API_SCOPE_AREAS,
  API_TOKEN_LIMITS,
  ApiTokenIssueParams,
  fill,
  type AccessLevel,
  type ApiScopeArea,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { formatDate, formatDateTime } from '../../../lib/dates';
import type { Result } from '../../../lib/api/rpc-client';
import { applyServerErrors, failureDescription, schemaRule } from '../../../lib/forms';
import { useSession } from '../../../lib/session/session';
import { useApiTokenUsage, useApiTokens, useIssueToken, useRevokeToken } from '../api/api-tokens-api';
import { apiTokensText as text } from '../locale';
import { UsageChart } from './usage-chart';

type Token = Result<'v1.api-tokens.list'>['items'][number];
type Level = AccessLevel | 'none';

const EXPIRY_OPTIONS = [7, 30, 90, API_TOKEN_LIMITS.maxDays];
const SOON_MS = API_TOKEN_LIMITS.remindDaysBefore * 86_400_000;

export function ApiTokensPage() {
  const state = useSession();
  if (state.status !== 'ready' || !state.partner) {
    return (
      <>
        <PageHeader title={text.title} />
        <Alert type="info" showIcon title={text.noPartner} />
      </>
    );
  }
  return <ApiScreen partnerId={state.partner.partnerId} />;
}

function scopesText(scopes: Token['scopes']): string {
  return (Object.entries(scopes) as [ApiScopeArea, AccessLevel][])
    .map(([area, level]) => `${ACCESS_AREA_LABELS[area]}: ${text.levelShort[level]}`)
    .join(', ');
}

function ApiScreen({ partnerId }: { partnerId: number }) {
  const query = useApiTokens(partnerId);
  const revoke = useRevokeToken();
  const { notification, modal } = App.useApp();
  const [issuing, setIssuing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [usageOf, setUsageOf] = useState<Token | null>(null);
  const items = query.data?.items ?? [];
  const active = items.filter((i) => i.status === 'active').length;
  const now = Date.now();

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <Button
            type="primary"
            disabled={!query.data || active >= API_TOKEN_LIMITS.activePerPartner}
            onClick={() => setIssuing(true)}
          >
            {text.issue}
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex gap={16} align="center" wrap justify="space-between">
            <Typography.Text type="secondary">{text.docsHint}</Typography.Text>
            <Flex gap={8}>
              <Button href="/docs" target="_blank">
                {text.docs}
              </Button>
              <Button href="/jsonrpc/openrpc.json" download="openrpc.json">
                {text.openRpc}
              </Button>
            </Flex>
          </Flex>
        </Card>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={text.loadFailed}
            description={failureDescription(query.error)}
            action={<Button onClick={() => void query.refetch()}>{text.retry}</Button>}
          />
        ) : query.isPending ? (
          <Skeleton active />
        ) : (
          <Card
            size="small"
            title={fill(text.activeCount, { count: active, max: API_TOKEN_LIMITS.activePerPartner })}
          >
            <Table<Token>
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={items}
              locale={{ emptyText: text.empty }}
              scroll={{ x: 890 }}
              columns={[
                {
                  title: text.columns.name,
                  dataIndex: 'name',
                  fixed: 'left',
                  width: 180,
                  render: (name: string, t) => (
                    <Flex vertical>
                      <Typography.Text strong>{name}</Typography.Text>
                      <Typography.Text type="secondary" code>
                        {t.hint}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {fill(text.issuedOn, { date: formatDate(t.createdAt) })}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: text.columns.scopes,
                  key: 'scopes',
                  render: (_: unknown, t) => scopesText(t.scopes),
                },
                {
                  title: text.columns.expiresAt,
                  dataIndex: 'expiresAt',
                  width: 110,
                  render: (v: string, t) => (
                    <Flex vertical>
                      {formatDate(v)}
                      {t.status === 'active' && Date.parse(v) - now <= SOON_MS ? (
                        <Tag color="orange">{text.expiresSoon}</Tag>
                      ) : null}
                    </Flex>
                  ),
                },
                {
                  title: text.columns.lastUsed,
                  key: 'lastUsed',
                  width: 140,
                  render: (_: unknown, t) =>
                    t.lastUsedAt ? (
                      <Flex vertical>
                        {formatDateTime(t.lastUsedAt)}
                        <Typography.Text type="secondary">{t.lastUsedIp}</Typography.Text>
                      </Flex>
                    ) : (
                      <Typography.Text type="secondary">{text.never}</Typography.Text>
                    ),
                },
                {
                  title: text.columns.status,
                  dataIndex: 'status',
                  fixed: 'right',
                  width: 100,
                  render: (s: Token['status']) => (
                    <Tag color={s === 'active' ? 'green' : 'default'}>{text.status[s]}</Tag>
                  ),
                },
                {
                  title: text.columns.actions,
                  key: 'actions',
                  fixed: 'right',
                  width: 220,
                  render: (_: unknown, t) => (
                    <Flex gap={4}>
                      <Button type="link" size="small" onClick={() => setUsageOf(t)}>
                        {text.usage}
                      </Button>
                      {t.status === 'active' ? (
                        <Button
                          type="link"
                          size="small"
                          danger
                          onClick={() =>
                            void modal.confirm({
                              title: fill(text.revokeConfirm.title, { name: t.name }),
                              content: text.revokeConfirm.content,
                              okText: text.revokeConfirm.ok,
                              okButtonProps: { danger: true },
                              cancelText: text.revokeConfirm.cancel,
                              onOk: () =>
                                revoke
                                  .mutateAsync({ partnerId, id: t.id })
                                  .then(() => notification.success({ title: text.revoked }))
                                  .catch((e: unknown) =>
                                    notification.error({ title: failureDescription(e) ?? text.actionFailed }),
                                  ),
                            })
                          }
                        >
                          {text.revoke}
                        </Button>
                      ) : null}
                    </Flex>
                  ),
                },
              ]}
            />
          </Card>
        )}
      </Flex>
      {issuing ? (
        <IssueDialog
          partnerId={partnerId}
          onClose={() => setIssuing(false)}
          onIssued={(s) => {
            setIssuing(false);
            setSecret(s);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {usageOf ? (
        <UsageDrawer partnerId={partnerId} token={usageOf} onClose={() => setUsageOf(null)} />
      ) : null}
    </>
  );
}

interface IssueForm {
  name: string;
  expiresInDays: number;
  ipRanges: string;
  scopes: Record<ApiScopeArea, Level>;
}

function IssueDialog({
  partnerId,
  onClose,
  onIssued,
}: {
  partnerId: number;
  onClose: () => void;
  onIssued: (secret: string) => void;
}) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<IssueForm>();
  const issue = useIssueToken();
  const [scopeError, setScopeError] = useState<string | null>(null);
  const t = text.issueDialog;

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const scopes = Object.fromEntries(
      Object.entries(values.scopes).filter(([, level]) => level !== 'none'),
    ) as Partial<Record<ApiScopeArea, AccessLevel>>;
    const ipRanges = values.ipRanges
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    const params = { partnerId, name: values.name, expiresInDays: values.expiresInDays, scopes, ipRanges };
    // The contract's own check first: the same messages the server would give, on their fields.
    const checked = ApiTokenIssueParams.safeParse(params);
    setScopeError(
      checked.success ? null : (checked.error.issues.find((i) => i.path[0] === 'scopes')?.message ?? null),
    );
    const ipIssue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'ipRanges');
    if (ipIssue) {
      const line = typeof ipIssue.path[1] === 'number' ? `${ipRanges[ipIssue.path[1]]}: ` : '';
      form.setFields([{ name: 'ipRanges', errors: [`${line}${ipIssue.message}`] }]);
    }
    if (!checked.success) return;
    try {
      const issued = await issue.mutateAsync(params);
      onIssued(issued.secret);
    } catch (error) {
      const placed = applyServerErrors(form, error, { fields: ['name', 'expiresInDays', 'ipRanges'] });
      if (placed.byField.size === 0)
        notification.error({ title: failureDescription(error, placed) ?? text.actionFailed });
    }
  }

  return (
    <Modal
      open
      title={t.title}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={issue.isPending}
      width={640}
    >
      <Form<IssueForm>
        form={form}
        layout="vertical"
        initialValues={{
          expiresInDays: 90,
          ipRanges: '',
          scopes: Object.fromEntries(API_SCOPE_AREAS.map((a) => [a, 'none'])),
        }}
      >
        <Form.Item name="name" label={t.name} rules={[schemaRule(ApiTokenIssueParams.shape.name)]}>
          <Input placeholder={t.namePlaceholder} maxLength={API_TOKEN_LIMITS.name.max} />
        </Form.Item>
        <Form.Item label={t.scopes} validateStatus={scopeError ? 'error' : undefined} help={scopeError}>
          <Table<{ area: ApiScopeArea }>
            rowKey="area"
            size="small"
            pagination={false}
            dataSource={API_SCOPE_AREAS.map((area) => ({ area }))}
            columns={[
              { title: t.area, dataIndex: 'area', render: (a: ApiScopeArea) => ACCESS_AREA_LABELS[a] },
              {
                title: t.level,
                key: 'level',
                render: (_: unknown, row) => (
                  <Form.Item name={['scopes', row.area]} noStyle>
                    <Radio.Group
                      size="small"
                      optionType="button"
                      aria-label={ACCESS_AREA_LABELS[row.area]}
                      options={(['none', 'read', 'write'] as const).map((l) => ({
                        value: l,
                        label: text.levels[l],
                      }))}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t.expires}>
          <Select options={EXPIRY_OPTIONS.map((d) => ({ value: d, label: fill(t.days, { days: d }) }))} />
        </Form.Item>
        <Form.Item name="ipRanges" label={t.ipRanges} extra={t.ipRangesHint}>
          <Input.TextArea rows={3} placeholder="203.0.113.0/24" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Modal
      open
      title={text.secret.title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {text.secret.done}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={text.secret.warning} />
        <Typography.Paragraph
          code
          copyable={{ text: secret, tooltips: [text.secret.copy, text.secret.copied] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="api-token-secret"
        >
          {secret}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{text.secret.usage}</Typography.Text>
      </Flex>
    </Modal>
  );
}

function UsageDrawer({
  partnerId,
  token,
  onClose,
}: {
  partnerId: number;
  token: Token;
  onClose: () => void;
}) {
  const query = useApiTokenUsage(partnerId, token.id);
  const u = text.usageDrawer;
  const data = query.data;
  const total = data?.days.reduce((n, d) => n + d.calls, 0) ?? 0;
  return (
    <Drawer open width={860} title={fill(u.title, { name: token.name })} onClose={onClose}>
      {query.isError ? (
        <Alert type="error" showIcon title={text.loadFailed} description={failureDescription(query.error)} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {total === 0 ? <Alert type="info" showIcon title={u.noCalls} /> : <UsageChart days={data.days} />}
          <Typography.Title level={5}>{u.methods}</Typography.Title>
          <Table
            rowKey="method"
            size="small"
            pagination={false}
            dataSource={data.methods}
            columns={[
              {
                title: u.method,
                dataIndex: 'method',
                render: (m: string) => <Typography.Text code>{m}</Typography.Text>,
              },
              { title: u.calls, dataIndex: 'calls', width: 100 },
              { title: u.errors, dataIndex: 'errors', width: 100 },
              { title: u.limited, dataIndex: 'limited', width: 160 },
            ]}
          />
          <Typography.Title level={5}>{u.failures}</Typography.Title>
          <Table
            rowKey={(f) => `${f.at}-${f.method}-${f.code}`}
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={data.failures}
            locale={{ emptyText: u.noFailures }}
            scroll={{ x: 760 }}
            columns={[
              { title: u.at, dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
              { title: u.method, dataIndex: 'method', width: 220 },
              { title: u.code, dataIndex: 'code', width: 80 },
              { title: u.message, dataIndex: 'message' },
              { title: u.ip, dataIndex: 'ip', width: 130 },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
