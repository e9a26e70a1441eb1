// The contact person of the seller (spec 000 §3 Seller info): the only part of the profile the seller
// edits. Editing is in the address (?edit=contacts), asks before leaving with unsaved changes, is
// checked with the contract's schema, and is disabled while the cabinet is read-only.
import { useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { SellerContacts } from '@moda/contracts';
import { mayCall } from '../../../lib/api/may-call';
import { applyServerErrors, schemaRule } from '../../../lib/forms';
import type { Result } from '../../../lib/api/rpc-client';
import { useReadySession } from '../../../lib/session/session';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { useUnsavedChangesPrompt } from '../../../components/unsaved-changes/use-unsaved-changes-prompt';
import { useUpdateContacts } from '../api/profile-mutations';
import { ReadOnlyNote } from '../components/read-only-note';
import { causeOf } from '../model/failure';
import { formatPhone, orDash } from '../model/format';
import { profileText } from '../locale';

type Contacts = NonNullable<Result<'v1.seller.profile.get'>['contacts']>;
type FormValues = { name: string; phone: string; email: string };

const EDIT_PARAM = 'edit';
const EDIT_VALUE = 'contacts';
const FIELDS = ['name', 'phone', 'email'] as const;

export function ContactsCard({ partnerId, contacts }: { partnerId: number; contacts: Contacts | null }) {
  const text = profileText.main;
  const { user } = useReadySession();
  const { readOnly } = useReadOnly();
  const [params, setParams] = useSearchParams();
  const mayEdit = mayCall('v1.seller.profile.update-contacts', user.roles);
  const editing = params.get(EDIT_PARAM) === EDIT_VALUE && mayEdit && !readOnly;

  const setEditing = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set(EDIT_PARAM, EDIT_VALUE);
        else next.delete(EDIT_PARAM);
        return next;
      },
      { replace: !on },
    );

  return (
    <Card
      title={text.contacts}
      className="profile-card"
      extra={
        mayEdit && !editing ? (
          <Button icon={<EditOutlined aria-hidden />} disabled={readOnly} onClick={() => setEditing(true)}>
            {text.edit}
          </Button>
        ) : null
      }
    >
      {editing ? (
        <ContactsForm partnerId={partnerId} contacts={contacts} onDone={() => setEditing(false)} />
      ) : (
        <>
          {contacts ? (
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: text.contactName, children: orDash(contacts.name) },
                { key: 'phone', label: text.contactPhone, children: formatPhone(contacts.phone) },
                { key: 'email', label: text.contactEmail, children: orDash(contacts.email) },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">{text.noContacts}</Typography.Text>
          )}
          {mayEdit && readOnly ? <ReadOnlyNote /> : null}
        </>
      )}
    </Card>
  );
}

function ContactsForm({
  partnerId,
  contacts,
  onDone,
}: {
  partnerId: number;
  contacts: Contacts | null;
  onDone: () => void;
}) {
  const text = profileText.main;
  const { notification } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const update = useUpdateContacts();
  const initial = useMemo<FormValues>(
    () => ({
      name: contacts?.name ?? '',
      phone: contacts?.phone ? formatPhone(contacts.phone) : '',
      email: contacts?.email ?? '',
    }),
    [contacts],
  );
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty && !update.isSuccess);

  async function save(values: FormValues) {
    try {
      await update.mutateAsync({ partnerId, contacts: values });
      setDirty(false);
      notification.success({ title: text.saved });
      onDone();
    } catch (error) {
      if (applyServerErrors(form, error, { fields: FIELDS, prefix: 'contacts.' }).byField.size === 0)
        notification.error({ title: text.saveFailed, description: causeOf(error) });
    }
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      requiredMark={false}
      onValuesChange={(_, all) => setDirty(FIELDS.some((f) => (all[f] ?? '') !== initial[f]))}
      onFinish={(values) => void save(values)}
      disabled={update.isPending}
    >
      <Form.Item name="name" label={text.contactName} rules={[schemaRule(SellerContacts.shape.name)]}>
        <Input autoComplete="name" maxLength={150} />
      </Form.Item>
      <Form.Item name="phone" label={text.contactPhone} rules={[schemaRule(SellerContacts.shape.phone)]}>
        <Input autoComplete="tel" inputMode="tel" placeholder={text.phonePlaceholder} />
      </Form.Item>
      <Form.Item name="email" label={text.contactEmail} rules={[schemaRule(SellerContacts.shape.email)]}>
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {text.save}
        </Button>
        <Button onClick={onDone}>{text.cancel}</Button>
      </Flex>
    </Form>
  );
}
