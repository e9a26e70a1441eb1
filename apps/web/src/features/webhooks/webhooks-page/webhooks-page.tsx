// The profile's «Вебхуки» tab (issue 27): the partner's endpoints with their status, a dialog to add one (the
// address, the events as a tree by area, the secret shown once with a copy button), the test button, and each
// endpoint's delivery log (code, latency, attempt, the body on expanding) with replay of one delivery or of
// everything since a time. A disabled endpoint says why and what to do. The open log is in the URL.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Skeleton,
  Space,
  Table,
  Tag,
  Tree,
  Typography,
} from 'antd';
import {
  WEBHOOK_EVENT_AREAS,
  WEBHOOK_TEST_EVENT,
  WebhookUrl,
  WebhooksCreateParams,
  type WebhookEventType,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { formatDateTime } from '../../../lib/dates';
import { isRpcError } from '../../../lib/api/rpc-error';
import type { Result } from '../../../lib/api/rpc-client';
import { applyServerErrors, failureDescription, schemaRule } from '../../../lib/forms';
import { useSession } from '../../../lib/session/session';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useEnableWebhook,
  useReplayWebhook,
  useTestWebhook,
  useWebhooks,
} from '../api/webhooks-api';
import { webhooksText as text } from '../locale';
import '../webhooks.css';

type Endpoint = Result<'v1.webhooks.list'>['items'][number];
type Delivery = Result<'v1.webhooks.deliveries'>['items'][number];

const eventLabel = (type: string) =>
  type === WEBHOOK_TEST_EVENT ? text.testEvent : (text.events[type as WebhookEventType] ?? type);

export function WebhooksPage() {
  const state = useSession();
  const partner = state.status === 'ready' ? state.partner : null;
  if (!partner) {
    return (
      <>
        <PageHeader title={text.title} />
        <Alert type="info" showIcon title={text.noPartner} />
      </>
    );
  }
  return <WebhooksScreen partnerId={partner.partnerId} />;
}

function WebhooksScreen({ partnerId }: { partnerId: number }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('endpoint');
  const query = useWebhooks(partnerId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoint = open ? query.data?.items.find((e) => e.id === open) : undefined;
  const forbidden = isRpcError(query.error) && query.error.code === 50403;

  if (open && endpoint)
    return (
      <DeliveryLog
        partnerId={partnerId}
        endpoint={endpoint}
        page={Math.max(1, Number(params.get('page')) || 1)}
        onPage={(p) => setParams({ endpoint: endpoint.id, page: String(p) })}
        onBack={() => setParams({})}
      />
    );
  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          query.data ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              {text.add}
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        {forbidden ? (
          <Alert type="info" showIcon title={text.forbidden} />
        ) : query.isError ? (
          <Alert type="error" showIcon title={text.loadFailed} />
        ) : !query.data ? (
          <Skeleton active />
        ) : (
          <>
            {query.data.items
              .filter((e) => e.status === 'disabled')
              .map((e) => (
                <DisabledNotice key={e.id} endpoint={e} />
              ))}
            <Endpoints
              partnerId={partnerId}
              items={query.data.items}
              onOpen={(id) => setParams({ endpoint: id })}
            />
            <Typography.Text type="secondary">{text.docsHint}</Typography.Text>
          </>
        )}
      </Flex>
      {adding ? (
        <CreateDialog
          partnerId={partnerId}
          onClose={() => setAdding(false)}
          onCreated={(s) => {
            setAdding(false);
            setSecret(s);
          }}
        />
      ) : null}
      <Modal
        open={secret !== null}
        title={text.secret.title}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {text.secret.done}
          </Button>
        }
      >
        <Typography.Paragraph>{text.secret.text}</Typography.Paragraph>
        <Typography.Paragraph
          code
          copyable={{ text: secret ?? '', tooltips: [text.secret.copy, text.secret.copied] }}
          data-testid="webhook-secret"
        >
          {secret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

function DisabledNotice({ endpoint }: { endpoint: Endpoint }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`${text.disabledTitle}: ${endpoint.url}`}
      description={text.disabledText(formatDateTime(endpoint.disabledAt))}
    />
  );
}

function StatusTag({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.status === 'disabled') return <Tag color="red">{text.status.disabled}</Tag>;
  if (endpoint.failingSince) return <Tag color="orange">{text.status.failing}</Tag>;
  return <Tag color="green">{text.status.active}</Tag>;
}

function useFailure() {
  const { notification } = App.useApp();
  return (e: unknown) => notification.error({ title: failureDescription(e) ?? text.actionFailed });
}

function Endpoints({
  partnerId,
  items,
  onOpen,
}: {
  partnerId: number;
  items: Endpoint[];
  onOpen: (id: string) => void;
}) {
  const { notification, modal } = App.useApp();
  const failed = useFailure();
  const test = useTestWebhook();
  const enable = useEnableWebhook();
  const remove = useDeleteWebhook();
  return (
    <Card>
      <Table<Endpoint>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={items}
        locale={{ emptyText: text.empty }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: text.columns.url,
            dataIndex: 'url',
            render: (url: string, e) => (
              <Flex vertical>
                <Typography.Text style={{ wordBreak: 'break-all' }}>{url}</Typography.Text>
                {e.description ? <Typography.Text type="secondary">{e.description}</Typography.Text> : null}
                {e.status === 'active' && e.failingSince ? (
                  <Typography.Text type="warning">
                    {text.failingText(formatDateTime(e.failingSince))}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            title: text.columns.events,
            dataIndex: 'events',
            width: 110,
            render: (events: string[]) => (
              <span title={events.map(eventLabel).join(', ')}>{text.eventsCount(events.length)}</span>
            ),
          },
          {
            title: text.columns.lastDelivery,
            dataIndex: 'lastDelivery',
            width: 190,
            render: (d: Endpoint['lastDelivery']) =>
              d ? (
                <span>
                  {formatDateTime(d.at)}{' '}
                  <Tag color={d.ok ? 'green' : 'red'}>{d.responseCode ?? text.deliveries.noAnswer}</Tag>
                </span>
              ) : (
                <Typography.Text type="secondary">{text.never}</Typography.Text>
              ),
          },
          {
            title: text.columns.status,
            key: 'status',
            width: 150,
            fixed: 'right',
            render: (_: unknown, e) => <StatusTag endpoint={e} />,
          },
          {
            title: text.columns.actions,
            key: 'actions',
            width: 290,
            fixed: 'right',
            render: (_: unknown, e) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => onOpen(e.id)}>
                  {text.log}
                </Button>
                {e.status === 'disabled' ? (
                  <Button
                    type="link"
                    disabled={enable.isPending}
                    onClick={() =>
                      enable.mutate(
                        { partnerId, id: e.id },
                        { onSuccess: () => notification.success({ title: text.enabled }), onError: failed },
                      )
                    }
                  >
                    {text.enable}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    disabled={test.isPending}
                    onClick={() =>
                      test.mutate(
                        { partnerId, id: e.id },
                        { onSuccess: () => notification.success({ title: text.testSent }), onError: failed },
                      )
                    }
                  >
                    {text.test}
                  </Button>
                )}
                <Button
                  type="link"
                  danger
                  onClick={() =>
                    void modal.confirm({
                      title: text.removeConfirm,
                      okText: text.remove,
                      okButtonProps: { danger: true },
                      cancelText: text.cancel,
                      onOk: () =>
                        remove
                          .mutateAsync({ partnerId, id: e.id })
                          .then(() => void notification.success({ title: text.removed }), failed),
                    })
                  }
                >
                  {text.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

const EVENT_TREE = Object.entries(WEBHOOK_EVENT_AREAS).map(([area, types]) => ({
  key: `area:${area}`,
  title: text.areas[area as keyof typeof WEBHOOK_EVENT_AREAS],
  children: types.map((type) => ({ key: type, title: text.events[type] })),
}));

function CreateDialog({
  partnerId,
  onClose,
  onCreated,
}: {
  partnerId: number;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const failed = useFailure();
  const [form] = Form.useForm<{ url: string; description: string; events: string[] }>();
  const create = useCreateWebhook();
  const checked = Form.useWatch('events', form) ?? [];
  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const events = values.events.filter((k) => !k.startsWith('area:')) as WebhookEventType[];
    create.mutate(
      { partnerId, url: values.url, description: values.description ?? '', events },
      {
        onSuccess: (r) => onCreated(r.secret),
        onError: (e) => {
          const placed = applyServerErrors(form, e, { fields: ['url', 'events', 'description'] });
          if (!placed.byField.size) failed(e);
        },
      },
    );
  }
  return (
    <Modal
      open
      title={text.dialog.title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={text.dialog.save}
      cancelText={text.cancel}
      confirmLoading={create.isPending}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ events: [], description: '' }}>
        <Form.Item name="url" label={text.dialog.url} rules={[schemaRule(WebhookUrl)]}>
          <Input placeholder={text.dialog.urlPlaceholder} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={text.dialog.description}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="events"
          label={text.dialog.events}
          valuePropName="checkedKeys"
          trigger="onCheck"
          rules={[
            {
              validator: async (_r, v: string[] | undefined) => {
                const chosen = (v ?? []).filter((k) => !k.startsWith('area:'));
                const parsed = WebhooksCreateParams.shape.events.safeParse(chosen);
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <EventTree checked={checked} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EventTree({
  checked,
  onCheck,
}: {
  checked: string[];
  checkedKeys?: string[];
  onCheck?: (keys: string[]) => void;
}) {
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      treeData={EVENT_TREE}
      checkedKeys={checked}
      onCheck={(keys) => onCheck?.((Array.isArray(keys) ? keys : keys.checked).map(String))}
    />
  );
}

function DeliveryLog({
  partnerId,
  endpoint,
  page,
  onPage,
  onBack,
}: {
  partnerId: number;
  endpoint: Endpoint;
  page: number;
  onPage: (page: number) => void;
  onBack: () => void;
}) {
  const { notification } = App.useApp();
  const failed = useFailure();
  const query = useDeliveries(partnerId, endpoint.id, page);
  const replay = useReplayWebhook();
  const test = useTestWebhook();
  const [since, setSince] = useState<Dayjs | null>(null);
  const [askSince, setAskSince] = useState(false);
  const active = endpoint.status === 'active';
  return (
    <>
      <PageHeader
        title={text.deliveries.title}
        subtitle={endpoint.url}
        actions={
          <Space wrap>
            <Button onClick={onBack}>{text.deliveries.back}</Button>
            <Button
              disabled={!active || test.isPending}
              onClick={() =>
                test.mutate(
                  { partnerId, id: endpoint.id },
                  { onSuccess: () => notification.success({ title: text.testSent }), onError: failed },
                )
              }
            >
              {text.test}
            </Button>
            <Button disabled={!active} onClick={() => setAskSince(true)}>
              {text.deliveries.replaySince}
            </Button>
          </Space>
        }
      />
      <Flex vertical gap={16}>
        {!active ? <DisabledNotice endpoint={endpoint} /> : null}
        <Card>
          {query.isError ? (
            <Alert type="error" showIcon title={text.loadFailed} />
          ) : (
            <Table<Delivery>
              rowKey="id"
              size="middle"
              loading={!query.data}
              dataSource={query.data?.items ?? []}
              locale={{ emptyText: text.deliveries.empty }}
              scroll={{ x: 860 }}
              pagination={{
                current: page,
                pageSize: 20,
                total: query.data?.total ?? 0,
                showSizeChanger: false,
                onChange: onPage,
              }}
              expandable={{
                expandedRowRender: (d) => <DeliveryDetails delivery={d} />,
              }}
              columns={[
                {
                  title: text.deliveries.time,
                  dataIndex: 'createdAt',
                  width: 150,
                  render: (v: string) => formatDateTime(v),
                },
                {
                  title: text.deliveries.event,
                  dataIndex: 'type',
                  render: (type: string, d) => (
                    <Flex vertical>
                      <span>
                        {eventLabel(type)} {d.replay ? <Tag>{text.deliveries.replayTag}</Tag> : null}
                      </span>
                      <Typography.Text type="secondary">
                        {type} · {d.objectId}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: text.deliveries.code,
                  dataIndex: 'responseCode',
                  width: 110,
                  render: (code: number | null, d) =>
                    d.attempt === 0 ? (
                      '—'
                    ) : (
                      <Tag color={code !== null && code >= 200 && code < 300 ? 'green' : 'red'}>
                        {code ?? text.deliveries.noAnswer}
                      </Tag>
                    ),
                },
                {
                  title: text.deliveries.latency,
                  dataIndex: 'latencyMs',
                  width: 120,
                  render: (ms: number | null) => (ms === null ? '—' : text.deliveries.ms(ms)),
                },
                { title: text.deliveries.attempt, dataIndex: 'attempt', width: 90 },
                {
                  title: text.deliveries.status,
                  dataIndex: 'status',
                  width: 130,
                  fixed: 'right',
                  render: (s: Delivery['status']) => (
                    <Tag color={s === 'succeeded' ? 'green' : s === 'failed' ? 'red' : 'blue'}>
                      {text.deliveryStatus[s]}
                    </Tag>
                  ),
                },
                {
                  title: text.deliveries.actions,
                  key: 'actions',
                  width: 120,
                  fixed: 'right',
                  render: (_: unknown, d) => (
                    <Button
                      type="link"
                      disabled={!active || replay.isPending}
                      onClick={() =>
                        replay.mutate(
                          { partnerId, id: endpoint.id, deliveryId: d.id },
                          {
                            onSuccess: () => notification.success({ title: text.deliveries.replayed }),
                            onError: failed,
                          },
                        )
                      }
                    >
                      {text.deliveries.replay}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </Flex>
      <Modal
        open={askSince}
        title={text.deliveries.replaySinceTitle}
        okText={text.deliveries.replaySinceOk}
        cancelText={text.cancel}
        okButtonProps={{ disabled: !since }}
        onCancel={() => setAskSince(false)}
        onOk={() =>
          since &&
          replay.mutate(
            { partnerId, id: endpoint.id, since: since.toISOString() },
            {
              onSuccess: (r) => {
                setAskSince(false);
                notification.success({ title: text.deliveries.replayedMany(r.count) });
              },
              onError: failed,
            },
          )
        }
      >
        <Typography.Paragraph>{text.deliveries.replaySinceText}</Typography.Paragraph>
        <DatePicker
          showTime
          format="DD.MM.YY HH:mm"
          value={since}
          onChange={setSince}
          disabledDate={(d) => d.isAfter(dayjs())}
        />
      </Modal>
    </>
  );
}

function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  return (
    <Flex vertical gap={8}>
      {delivery.nextAttemptAt ? (
        <Typography.Text>
          {text.deliveries.nextAttempt(formatDateTime(delivery.nextAttemptAt))}
        </Typography.Text>
      ) : null}
      <Typography.Text strong>{text.deliveries.attempts}</Typography.Text>
      {delivery.attempts.map((a) => (
        <Typography.Text key={a.attempt}>
          {a.attempt}. {formatDateTime(a.at)} — {a.responseCode ?? a.error ?? text.deliveries.noAnswer}
          {a.latencyMs !== null ? `, ${text.deliveries.ms(a.latencyMs)}` : ''}
        </Typography.Text>
      ))}
      <Typography.Text strong>{text.deliveries.body}</Typography.Text>
      <pre className="webhook-body" data-testid="webhook-body">
        {JSON.stringify(JSON.parse(delivery.body), null, 2)}
      </pre>
    </Flex>
  );
}
