// «Новый возврат»: choose the marketplace warehouse, then either pick SKUs and quantities from what is on hand
// there and not reserved, or upload a return file (xlsx from our template, checked on the server row by row;
// a file with errors comes back with its error file). The contract's rules check the form before it is sent,
// and the server's refusals land on their lines. The dialog's being open is in the URL (?action=new).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Flex,
  Form,
  InputNumber,
  Modal,
  Progress,
  Segmented,
  Select,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  BASE_WAREHOUSES,
  FboReturnItems,
  fill,
  type FboWarehouseCode,
  type FileRecord,
} from '@moda/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { isRpcError } from '../../../lib/api/rpc-error';
import { dayjs } from '../../../lib/dates';
import { schemaErrors, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { downloadErrorFile } from '../api/fbo-rest';
import { warehouseName } from '../model/supply-look';
import {
  downloadReturnTemplate,
  uploadReturnFile,
  useCreateReturn,
  useCreateReturnFromFile,
  useReturnStock,
} from '../returns/returns-api';
import { fboReturnsText } from '../returns/locale';

const t = fboReturnsText.create;
const POLL_MS = 2_000;
const FormSchema = z.object({ items: FboReturnItems });
type Line = { sellerSku?: string; quantity: number | null };

export function NewReturnDialog({
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
  const [mode, setMode] = useState<'form' | 'file'>('form');
  const [warehouse, setWarehouse] = useState<FboWarehouseCode>();
  const [returnAt, setReturnAt] = useState<string>();
  const [lines, setLines] = useState<Line[]>([{ quantity: 1 }]);
  const [upload, setUpload] = useState<{ percent: number; record?: FileRecord; error?: string }>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const stock = useReturnStock(partnerId, warehouse);
  const create = useCreateReturn(partnerId);
  const fromFile = useCreateReturnFromFile(partnerId);

  useEffect(() => {
    if (!open) {
      setMode('form');
      setWarehouse(undefined);
      setReturnAt(undefined);
      setLines([{ quantity: 1 }]);
      setUpload(undefined);
      setErrors({});
    }
  }, [open]);

  const uploaded = upload?.record;
  const open_ = (r: FileRecord | undefined) =>
    Boolean(r) && (r!.status === 'new' || r!.status === 'executing');
  const file = useQuery({
    queryKey: ['fbo', partnerId, 'return-upload', uploaded?.id],
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
      const rec = await uploadReturnFile(partnerId, warehouse, f, (p) => setUpload({ percent: p.percent }));
      setUpload({ percent: 100, record: rec });
    } catch (error) {
      setUpload({ percent: 0, error: isRpcError(error) ? error.apiMessage : undefined });
    }
  };

  const items = lines.map((l) => ({ sellerSku: l.sellerSku ?? '', quantity: l.quantity ?? NaN }));
  const submit = async () => {
    if (!warehouse) {
      setErrors({ warehouseCode: t.needWarehouse });
      return;
    }
    if (mode === 'form') {
      const local = schemaErrors(FormSchema, { items });
      setErrors(local);
      if (Object.keys(local).length) return;
    } else setErrors({});
    try {
      const card =
        mode === 'form'
          ? await create.mutateAsync({ warehouseCode: warehouse, items, ...(returnAt ? { returnAt } : {}) })
          : await fromFile.mutateAsync(record!.id);
      void message.success(fill(t.created, { number: card.returnId }));
      onClose();
      void navigate(`/fbo/returns/${card.id}`);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length || fields.fileId)
        notification.error({
          title: t.failedCreate,
          description: isRpcError(error) ? error.apiMessage : undefined,
        });
    }
  };

  const chosen = new Set(lines.map((l) => l.sellerSku));
  const options = (stock.data?.items ?? []).map((s) => ({
    value: s.sellerSku,
    label: `${s.sellerSku} — ${s.title} (${fill(t.available, { n: s.available })}${s.jewellery ? `, ${t.jewellery}` : ''})`,
  }));
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const ready =
    Boolean(warehouse) && (mode === 'form' ? lines.some((l) => l.sellerSku) : record?.status === 'ok');
  const err = (field: string) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
  });

  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={onClose}
      okText={t.submit}
      cancelText={t.cancel}
      okButtonProps={{ disabled: !ready, loading: create.isPending || fromFile.isPending }}
      onOk={() => void submit()}
      destroyOnHidden
      width={720}
    >
      <Form layout="vertical">
        <Form.Item label={t.warehouse} htmlFor="fbo-return-warehouse" {...err('warehouseCode')}>
          <Select
            id="fbo-return-warehouse"
            aria-label={t.warehouse}
            placeholder={t.warehousePlaceholder}
            value={warehouse}
            onChange={(w: FboWarehouseCode) => {
              setWarehouse(w);
              setLines([{ quantity: 1 }]);
              setUpload(undefined);
              setErrors({});
            }}
            options={BASE_WAREHOUSES.map((w) => ({ value: w, label: warehouseName(w) }))}
          />
        </Form.Item>
        <Segmented
          className="fbo__section"
          value={mode}
          onChange={(v) => {
            setMode(v as 'form' | 'file');
            setErrors({});
          }}
          options={[
            { value: 'form', label: t.byForm },
            { value: 'file', label: t.byFile },
          ]}
        />
        <Typography.Paragraph type="secondary">{t.rules}</Typography.Paragraph>
        {mode === 'form' ? (
          <>
            <Form.Item label={t.returnAt} htmlFor="fbo-return-date" {...err('returnAt')}>
              <DatePicker
                id="fbo-return-date"
                format="DD.MM.YY"
                value={returnAt ? dayjs(returnAt) : null}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                onChange={(d) => setReturnAt(d ? d.format('YYYY-MM-DD') : undefined)}
              />
            </Form.Item>
            {errors.items ? (
              <Alert type="error" showIcon title={errors.items} className="fbo__section" />
            ) : null}
            {warehouse && stock.data && !options.length ? (
              <Alert type="info" showIcon title={t.noStock} className="fbo__section" />
            ) : null}
            {lines.map((l, i) => (
              <Flex key={i} gap={8} align="start">
                <Form.Item
                  className="fbo-return__sku"
                  label={i === 0 ? t.sku : undefined}
                  {...err(`items.${i}.sellerSku`)}
                >
                  <Select
                    showSearch
                    aria-label={`${t.sku} ${i + 1}`}
                    placeholder={t.skuPlaceholder}
                    disabled={!warehouse}
                    loading={stock.isFetching}
                    value={l.sellerSku}
                    onChange={(sellerSku: string) => setLine(i, { sellerSku })}
                    options={options.filter((o) => o.value === l.sellerSku || !chosen.has(o.value))}
                    optionFilterProp="label"
                  />
                </Form.Item>
                <Form.Item label={i === 0 ? t.quantity : undefined} {...err(`items.${i}.quantity`)}>
                  <InputNumber
                    aria-label={`${t.quantity} ${i + 1}`}
                    min={1}
                    precision={0}
                    value={l.quantity}
                    onChange={(quantity) => setLine(i, { quantity })}
                  />
                </Form.Item>
                <Button
                  aria-label={t.removeLine}
                  icon={<DeleteOutlined />}
                  className={i === 0 ? 'fbo-return__remove--first' : undefined}
                  disabled={lines.length === 1}
                  onClick={() => setLines((ls) => ls.filter((_, k) => k !== i))}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={!warehouse || lines.length >= options.length}
              onClick={() => setLines((ls) => [...ls, { quantity: 1 }])}
            >
              {t.addLine}
            </Button>
          </>
        ) : (
          <>
            <Form.Item label={t.file} extra={t.fileHint} {...err('fileId')}>
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
                <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadReturnTemplate()}>
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
          </>
        )}
      </Form>
    </Modal>
  );
}
