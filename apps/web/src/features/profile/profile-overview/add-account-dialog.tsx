// Adding another seller account (spec 000 §6 "users may add further accounts"): its email or login and
// password go to v1.accounts.add; its partners then appear in the switcher. The dialog's open state is
// in the address (?action=add-account).
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { accountsAdd, fill, VALIDATION } from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { schemaRule } from '../../../lib/forms';
import { useAddAccount } from '../api/profile-mutations';
import { causeOf } from '../model/failure';
import { profileText } from '../locale';

interface FormValues {
  username: string;
  password: string;
}

const SHAPE = accountsAdd.params.shape;
const required = { required: true, whitespace: true, message: VALIDATION.required };

/** The login errors keep their historic names (spec 001 §8); the rest carry their own Russian words. */
function refusalOf(error: unknown): string {
  if (isRpcError(error) && error.data?.error === 'invalid_grant') return profileText.addAccount.invalidGrant;
  return causeOf(error);
}

export function AddAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = profileText.addAccount;
  const { notification } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const add = useAddAccount();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(values: FormValues) {
    setRefusal(null);
    try {
      const result = await add.mutateAsync({ username: values.username.trim(), password: values.password });
      notification.success({
        title: text.added,
        description: fill(text.addedPartners, {
          partners: result.partners
            .map((p) => `${p.shopName} (${profileText.idPrefix} ${p.partnerId})`)
            .join(', '),
        }),
      });
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  return (
    <Modal
      open={open}
      title={text.title}
      okText={text.submit}
      cancelText={text.cancel}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setRefusal(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{text.text}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        disabled={add.isPending}
      >
        <Form.Item name="username" label={text.username} rules={[required, schemaRule(SHAPE.username)]}>
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item name="password" label={text.password} rules={[required, schemaRule(SHAPE.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {refusal ? <Alert type="error" showIcon title={refusal} role="alert" /> : null}
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
