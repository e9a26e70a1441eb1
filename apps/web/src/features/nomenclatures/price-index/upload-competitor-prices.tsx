// The competitor prices file (spec 001 §7 competitor-price-create.upload): an xlsx of the template is sent as
// an upload of type competitor_prices; the server checks every row in the background, and the result — or
// the file of errors — is in the file manager.
import { useRef, useState } from 'react';
import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { uploadWithProgress } from '../../../lib/api/transfer';
import { isRpcError } from '../../../lib/api/rpc-error';
import { priceIndexText as text } from './locale';

export function UploadCompetitorPrices({ partnerId }: { partnerId: number }) {
  const { message, notification } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);

  const send = async (file: File) => {
    const form = new FormData();
    form.append('type', 'competitor_prices');
    form.append('partner_code', String(partnerId));
    form.append('file', file);
    setPending(true);
    try {
      await uploadWithProgress('/api/v1/files', form);
      void message.success(text.actions.uploaded);
    } catch (error) {
      notification.error({
        title: text.actions.uploadFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx"
        aria-label={text.actions.upload}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={pending} onClick={() => input.current?.click()}>
        {text.actions.upload}
      </Button>
    </>
  );
}
