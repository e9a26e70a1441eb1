// «Новая поставка»: choose the marketplace warehouse and a day of its published capacity, upload the supply
// file (xlsx from our template) — it is checked on the server row by row, and a file with errors comes back
// with its error file — then create the draft. The dialog's being open is in the URL (?action=new).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { BASE_WAREHOUSES, fill, type FboWarehouseCode, type FileRecord } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { serverFieldErrors } from '../../../lib/forms';
import { useCreateSupply } from '../api/fbo-queries';
import { downloadErrorFile, downloadSupplyTemplate, uploadSupplyFile } from '../api/fbo-rest';
import { SlotSelect } from '../components/slot-select';
import { warehouseName } from '../model/supply-look';
import { fboText } from '../locale';

const t = fboText.create;
/** Spec 001 §9: an uploaded file is polled while it is processed. */
const POLL_MS = 2_000;

export function NewSupplyDialog({
  partnerId,
  open,
  onClose,
}: {
  partnerId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const [warehouse, setWarehouse] = useState<FboWarehouseCode>();
  const [day, setDay] = useState<string>();
  const [upload, setUpload] = useState<{ percent: number; record?: FileRecord; error?: string }>();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreateSupply(partnerId);

  useEffect(() => {
    if (!open) {
      setWarehouse(undefined);
      setDay(undefined);
      setUpload(undefined);
      setErrors({});
    }
  }, [open]);

  const uploaded = upload?.record;
  const open_ = (r: FileRecord | undefined) =>
    Boolean(r) && (r!.status === 'new' || r!.status === 'executing');
  // An upload already checked needs no polling; an open one is read until it is done.
  const file = useQuery({
    queryKey: ['fbo', partnerId, 'upload', uploaded?.id],
    queryFn: () => api.call('v1.files.get', { partnerId, fileImportId: uploaded!.id }),
    enabled: open_(uploaded),
    refetchInterval: (q) => (q.state.data && !open_(q.state.data) ? false : POLL_MS),
  });
  const record = (open_(uploaded) ? file.data : undefined) ?? uploaded;
  const checking = open_(record);

  const send = async (f: File) => {
    if (!warehouse) {
      setErrors({ warehouseCode: t.needWarehouse });
      return;
    }
    setUpload({ percent: 0 });
    try {
      const rec = await uploadSupplyFile(partnerId, warehouse, f, (p) => setUpload({ percent: p.percent }));
      setUpload({ percent: 100, record: rec });
    } catch (error) {
      setUpload({ percent: 0, error: isRpcError(error) ? error.apiMessage : undefined });
    }
  };

  const submit = async () => {
    setErrors({});
    try {
      const card = await create.mutateAsync({
        warehouseCode: warehouse!,
        plannedDate: day!,
        fileId: record!.id,
      });
      void message.success(fill(t.created, { number: card.number }));
      onClose();
      void navigate(`/fbo/shipments/${card.id}`);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length)
        notification.error({
          title: t.failedCreate,
          description: isRpcError(error) ? error.apiMessage : undefined,
        });
    }
  };

  const ready = Boolean(warehouse && day && record?.status === 'ok');
  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={onClose}
      okText={t.submit}
      cancelText={t.cancel}
      okButtonProps={{ disabled: !ready, loading: create.isPending }}
      onOk={() => void submit()}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical">
        <Form.Item
          label={t.warehouse}
          htmlFor="fbo-new-warehouse"
          validateStatus={errors.warehouseCode ? 'error' : undefined}
          help={errors.warehouseCode}
        >
          <Select
            id="fbo-new-warehouse"
            aria-label={t.warehouse}
            placeholder={t.warehousePlaceholder}
            value={warehouse}
            onChange={(w: FboWarehouseCode) => {
              setWarehouse(w);
              setDay(undefined);
              setUpload(undefined);
              setErrors({});
            }}
            options={BASE_WAREHOUSES.map((w) => ({ value: w, label: warehouseName(w) }))}
          />
        </Form.Item>
        <Form.Item
          label={t.day}
          htmlFor="fbo-new-day"
          extra={t.dayHint}
          validateStatus={errors.plannedDate ? 'error' : undefined}
          help={errors.plannedDate}
        >
          <SlotSelect
            id="fbo-new-day"
            partnerId={partnerId}
            warehouseCode={warehouse}
            value={day}
            onChange={setDay}
          />
        </Form.Item>
        <Form.Item
          label={t.file}
          extra={t.fileHint}
          validateStatus={errors.fileId ? 'error' : undefined}
          help={errors.fileId}
        >
          <Flex gap={8} wrap>
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              disabled={!warehouse || checking}
              beforeUpload={(f) => {
                void send(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} disabled={!warehouse || checking}>
                {t.choose}
              </Button>
            </Upload>
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadSupplyTemplate()}>
              {t.template}
            </Button>
          </Flex>
        </Form.Item>
        {upload && !record && !upload.error ? <Progress percent={upload.percent} size="small" /> : null}
        {upload?.error ? <Alert type="error" showIcon title={upload.error} /> : null}
        {checking ? <Typography.Text type="secondary">{t.checking}</Typography.Text> : null}
        {record?.status === 'ok' ? (
          <Alert type="success" showIcon title={fill(t.checked, { rows: record.rowsTotal ?? 0 })} />
        ) : null}
        {record?.status === 'fail' ? (
          <Alert
            type="error"
            showIcon
            title={t.failed}
            description={record.errorMessage}
            action={
              record.hasFileResult ? (
                <Button size="small" onClick={() => void downloadErrorFile(record)}>
                  {t.errorFile}
                </Button>
              ) : undefined
            }
          />
        ) : null}
      </Form>
    </Modal>
  );
}
