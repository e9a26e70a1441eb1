// The profile's «Команда» tab (issue 28; spec 000 §2's roles screen): the partner's members with their roles,
// invitations waiting for an answer, an invite dialog, role changes, removal with a confirmation, and the
// permission table (roles × areas) read from contracts — the same table the server enforces.
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  ACCESS_AREAS,
  ACCESS_AREA_LABELS,
  TEAM_LIMITS,
  TEAM_ROLE_LABELS,
  TeamRole,
  fill,
  roleGrant,
  teamInvite,
  type AccessArea,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { formatDate } from '../../../lib/dates';
import { isRpcError } from '../../../lib/api/rpc-error';
import type { Result } from '../../../lib/api/rpc-client';
import { applyServerErrors, failureDescription, schemaRule } from '../../../lib/forms';
import { useSession } from '../../../lib/session/session';
import { useCancelInvitation, useChangeRole, useInvite, useRemoveMember, useTeam } from '../api/team-api';
import { teamText } from '../locale';
import '../team.css';

type Team = Result<'v1.team.list'>;
type Member = Team['members'][number];
type Invitation = Team['invitations'][number];

const ROLE_OPTIONS = TeamRole.options.map((r) => ({ value: r, label: TEAM_ROLE_LABELS[r] }));

export function TeamPage() {
  const state = useSession();
  const partner = state.status === 'ready' ? state.partner : null;
  if (!partner || state.status !== 'ready') {
    return (
      <>
        <PageHeader title={teamText.title} />
        <Alert type="info" showIcon title={teamText.noPartner} />
      </>
    );
  }
  return <TeamScreen partnerId={partner.partnerId} myId={state.user.id} />;
}

function TeamScreen({ partnerId, myId }: { partnerId: number; myId: string }) {
  const query = useTeam(partnerId);
  const [inviting, setInviting] = useState(false);
  // Only the owner reads the team: anyone else is told so and still sees what each role may do.
  const forbidden = isRpcError(query.error) && query.error.code === 50403;
  return (
    <>
      <PageHeader
        title={teamText.title}
        subtitle={teamText.subtitle}
        actions={
          query.data ? (
            <Button type="primary" onClick={() => setInviting(true)}>
              {teamText.invite}
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        {forbidden ? (
          <Alert type="info" showIcon title={teamText.ownerOnly} />
        ) : query.isError ? (
          <Alert
            type="error"
            showIcon
            title={teamText.loadFailed}
            description={failureDescription(query.error)}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {teamText.retry}
              </Button>
            }
          />
        ) : !query.data ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : (
          <>
            <Members partnerId={partnerId} myId={myId} members={query.data.members} />
            <Invitations partnerId={partnerId} invitations={query.data.invitations} />
          </>
        )}
        <PermissionTable />
      </Flex>
      {inviting ? <InviteDialog partnerId={partnerId} onClose={() => setInviting(false)} /> : null}
    </>
  );
}

function Members({ partnerId, myId, members }: { partnerId: number; myId: string; members: Member[] }) {
  const { notification, modal } = App.useApp();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const failed = (error: unknown) =>
    notification.error({ title: failureDescription(error) ?? teamText.actionFailed });
  return (
    <Card title={teamText.members}>
      <Table<Member>
        rowKey="userId"
        size="middle"
        pagination={false}
        dataSource={members}
        scroll={{ x: 720 }}
        columns={[
          {
            title: teamText.columns.email,
            dataIndex: 'email',
            render: (email: string, m) => (
              <>
                {email} {m.userId === myId ? <Tag>{teamText.you}</Tag> : null}
              </>
            ),
          },
          { title: teamText.columns.name, dataIndex: 'displayName' },
          {
            title: teamText.columns.role,
            dataIndex: 'role',
            width: 240,
            render: (role: TeamRole, m) => (
              <Select
                aria-label={`${teamText.columns.role} ${m.email}`}
                className="team-role-select"
                value={role}
                options={ROLE_OPTIONS}
                disabled={changeRole.isPending}
                onChange={(next) =>
                  changeRole.mutate(
                    { partnerId, userId: m.userId, role: next },
                    {
                      onSuccess: () => notification.success({ title: teamText.roleChanged }),
                      onError: failed,
                    },
                  )
                }
              />
            ),
          },
          {
            title: teamText.columns.actions,
            key: 'actions',
            fixed: 'right',
            width: 120,
            render: (_: unknown, m) => (
              <Button
                danger
                type="link"
                onClick={() =>
                  void modal.confirm({
                    title: fill(teamText.removeTitle, { email: m.email }),
                    content: teamText.removeText,
                    okText: teamText.removeOk,
                    okButtonProps: { danger: true },
                    cancelText: teamText.cancel,
                    onOk: () =>
                      remove
                        .mutateAsync({ partnerId, userId: m.userId })
                        .then(() => void notification.success({ title: teamText.removed }), failed),
                  })
                }
              >
                {teamText.remove}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Invitations({ partnerId, invitations }: { partnerId: number; invitations: Invitation[] }) {
  const { notification } = App.useApp();
  const cancel = useCancelInvitation();
  const now = Date.now();
  return (
    <Card title={teamText.invitations}>
      {invitations.length === 0 ? (
        <Typography.Text type="secondary">{teamText.noInvitations}</Typography.Text>
      ) : (
        <Table<Invitation>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={invitations}
          scroll={{ x: 720 }}
          columns={[
            { title: teamText.columns.email, dataIndex: 'email' },
            { title: teamText.columns.role, dataIndex: 'role', render: (r: TeamRole) => TEAM_ROLE_LABELS[r] },
            {
              title: teamText.columns.invitedAt,
              dataIndex: 'createdAt',
              render: (v: string) => formatDate(v),
            },
            {
              title: teamText.columns.expiresAt,
              dataIndex: 'expiresAt',
              render: (v: string) =>
                Date.parse(v) <= now ? <Tag color="red">{teamText.expired}</Tag> : formatDate(v),
            },
            { title: teamText.columns.invitedBy, dataIndex: 'invitedBy' },
            {
              title: teamText.columns.actions,
              key: 'actions',
              fixed: 'right',
              width: 120,
              render: (_: unknown, inv) => (
                <Button
                  type="link"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(
                      { partnerId, id: inv.id },
                      {
                        onSuccess: () => notification.success({ title: teamText.invitationCancelled }),
                        onError: (e) =>
                          notification.error({ title: failureDescription(e) ?? teamText.actionFailed }),
                      },
                    )
                  }
                >
                  {teamText.cancelInvitation}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function InviteDialog({ partnerId, onClose }: { partnerId: number; onClose: () => void }) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ email: string; role: TeamRole }>();
  const invite = useInvite();
  const text = teamText.inviteDialog;
  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const sent = await invite.mutateAsync({ partnerId, email: values.email, role: values.role });
      notification.success({ title: fill(text.sent, { email: sent.email }) });
      onClose();
    } catch (error) {
      const placed = applyServerErrors(form, error, { fields: ['email', 'role'] });
      if (placed.byField.size === 0)
        notification.error({ title: failureDescription(error, placed) ?? teamText.actionFailed });
    }
  }
  return (
    <Modal
      open
      title={text.title}
      okText={text.submit}
      cancelText={teamText.cancel}
      confirmLoading={invite.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ role: 'analyst' }} requiredMark={false}>
        <Form.Item
          name="email"
          label={text.email}
          rules={[{ required: true, message: text.emailRequired }, schemaRule(teamInvite.params.shape.email)]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={text.role}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <Typography.Text type="secondary">
          {fill(text.hint, { days: TEAM_LIMITS.invitationTtlDays })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}

function PermissionTable() {
  const text = teamText.permissions;
  const cell = (role: TeamRole, area: AccessArea) => {
    const grant = roleGrant(role, area);
    return grant === 'write' ? (
      <Tag color="green">{text.write}</Tag>
    ) : grant === 'read' ? (
      <Tag color="blue">{text.read}</Tag>
    ) : (
      <Typography.Text type="secondary">{text.none}</Typography.Text>
    );
  };
  return (
    <Card title={text.title}>
      <Table<{ area: AccessArea }>
        rowKey="area"
        size="small"
        pagination={false}
        tableLayout="fixed"
        dataSource={ACCESS_AREAS.map((area) => ({ area }))}
        columns={[
          {
            title: text.area,
            dataIndex: 'area',
            width: 170,
            render: (a: AccessArea) => ACCESS_AREA_LABELS[a],
          },
          ...TeamRole.options.map((role) => ({
            title: TEAM_ROLE_LABELS[role],
            key: role,
            render: (_: unknown, row: { area: AccessArea }) => cell(role, row.area),
          })),
        ]}
      />
    </Card>
  );
}
