// The profile's first page (spec 000 §2 /profile): the account, its partners (the current one marked)
// and adding another seller account, disabled while the cabinet is read-only.
import { Button, Card, Descriptions, Flex, List, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { mayCall } from '../../../lib/api/may-call';
import { useReadySession } from '../../../lib/session/session';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { PageHeader } from '../../../components/page-header/page-header';
import { ReadOnlyNote } from '../components/read-only-note';
import { orDash } from '../model/format';
import { profileText } from '../locale';
import { AddAccountDialog } from './add-account-dialog';
import '../profile.css';

const ACTION_PARAM = 'action';
const ADD_ACCOUNT = 'add-account';

export function ProfileOverviewPage() {
  const text = profileText.overview;
  const { user, partner, dictionaries } = useReadySession();
  const { readOnly } = useReadOnly();
  const [params, setParams] = useSearchParams();
  const mayAdd = mayCall('v1.accounts.add', user.roles);
  const dialogOpen = mayAdd && !readOnly && params.get(ACTION_PARAM) === ADD_ACCOUNT;
  const modelName = (code: string) => dictionaries.businessModels.find((m) => m.code === code)?.name ?? code;

  const setDialog = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set(ACTION_PARAM, ADD_ACCOUNT);
        else next.delete(ACTION_PARAM);
        return next;
      },
      { replace: !open },
    );

  return (
    <>
      <PageHeader title={text.title} subtitle={user.email} />
      <div className="profile-cards">
        <Card title={text.account} className="profile-card">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'email', label: text.email, children: user.email },
              { key: 'name', label: text.name, children: orDash(user.name) },
            ]}
          />
        </Card>
        <Card
          title={text.partners}
          className="profile-card"
          extra={
            mayAdd ? (
              <Button icon={<PlusOutlined aria-hidden />} disabled={readOnly} onClick={() => setDialog(true)}>
                {text.addAccount}
              </Button>
            ) : null
          }
        >
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">
              {mayAdd ? text.addAccountHint : text.partnersHint}
            </Typography.Text>
            <List
              size="small"
              bordered
              dataSource={dictionaries.partners}
              locale={{ emptyText: text.noPartners }}
              renderItem={(p) => (
                <List.Item>
                  <Flex vertical gap={2} className="profile-partner">
                    <Typography.Text strong>
                      {p.shopName}{' '}
                      {p.partnerId === partner?.partnerId ? <Tag color="orange">{text.current}</Tag> : null}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {profileText.idPrefix} {p.partnerId} · {modelName(p.businessModel)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
            {mayAdd && readOnly ? <ReadOnlyNote /> : null}
          </Flex>
        </Card>
      </div>
      {mayAdd ? <AddAccountDialog open={dialogOpen} onClose={() => setDialog(false)} /> : null}
    </>
  );
}
