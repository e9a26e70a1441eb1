// The invitation link's landing (/invitation?hash=…, issue 28): the link is checked, then an existing account
// accepts with its password and a new address sets one; v1.invitations.accept logs in as a login does and
// the guard leads home, where the partner switcher offers the new partner.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Result as AntResult, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TEAM_ROLE_LABELS, fill, type TeamRole } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { applyServerErrors, failureDescription } from '../../../lib/forms';
import { session } from '../../../lib/session/session';
import { cookieTokenStore } from '../../../lib/session/token-storage';
import { usePageTitle } from '../../../components/page-header/use-page-title';
import { teamText } from '../locale';
import '../team.css';

type InvitationLink = { email: string; shopName: string; role: TeamRole; hasAccount: boolean };
type State =
  { kind: 'checking' } | { kind: 'valid'; link: InvitationLink } | { kind: 'dead'; message?: string };

export function InvitationPage() {
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const [state, setState] = useState<State>({ kind: 'checking' });
  usePageTitle(teamText.invitation.title);
  useEffect(() => {
    let live = true;
    api
      .call('v1.invitations.check', { hash })
      .then((link) => live && setState({ kind: 'valid', link }))
      .catch(() => live && setState({ kind: 'dead' }));
    return () => {
      live = false;
    };
  }, [hash]);
  const text = teamText.invitation;
  if (state.kind === 'checking')
    return (
      <div role="status">
        <Spin /> {text.checking}
      </div>
    );
  if (state.kind === 'dead')
    return (
      <AntResult
        status="warning"
        title={text.dead}
        subTitle={state.message ?? text.deadText}
        extra={
          <Link to="/login">
            <Button type="primary">{text.login}</Button>
          </Link>
        }
      />
    );
  return (
    <AcceptForm hash={hash} link={state.link} onDead={(message) => setState({ kind: 'dead', message })} />
  );
}

function AcceptForm({
  hash,
  link,
  onDead,
}: {
  hash: string;
  link: InvitationLink;
  onDead: (message?: string) => void;
}) {
  const text = teamText.invitation;
  const [form] = Form.useForm<{ password: string; passwordRepeat?: string }>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  async function submit(values: { password: string; passwordRepeat?: string }) {
    setPending(true);
    setError(null);
    try {
      const tokens = await api.call(
        'v1.invitations.accept',
        link.hasAccount
          ? { kind: 'existing', hash, password: values.password }
          : { kind: 'new', hash, password: values.password, passwordRepeat: values.passwordRepeat ?? '' },
      );
      cookieTokenStore.set(tokens);
      await session.resetDictionaries();
      void navigate('/');
    } catch (e) {
      const placed = applyServerErrors(form, e, { fields: ['password', 'passwordRepeat'] });
      if (placed.byField.size === 0) {
        const message = failureDescription(e, placed);
        if (isRpcError(e) && e.data?.reason === 'invitation.invalid') onDead(message);
        else setError(message ?? teamText.actionFailed);
      }
    } finally {
      setPending(false);
    }
  }
  return (
    <Card className="invitation-card">
      <Typography.Title level={1}>{text.title}</Typography.Title>
      <Typography.Paragraph>
        {fill(text.text, { shop: link.shopName, role: TEAM_ROLE_LABELS[link.role] })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {fill(link.hasAccount ? text.existing : text.fresh, { email: link.email })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <input type="email" name="username" value={link.email} autoComplete="username" readOnly hidden />
        <Form.Item name="password" label={text.password}>
          <Input.Password autoComplete={link.hasAccount ? 'current-password' : 'new-password'} />
        </Form.Item>
        {link.hasAccount ? null : (
          <Form.Item name="passwordRepeat" label={text.passwordRepeat}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {error ? <Alert type="error" showIcon title={error} className="invitation-card__error" /> : null}
        <Button type="primary" htmlType="submit" loading={pending} block>
          {text.accept}
        </Button>
      </Form>
    </Card>
  );
}
