// «Файл отгрузки» (spec 001 §5, POST /rest/api/v1/import/shipments_ac): a seller who plans hand-overs in Excel
// lays collected orders onto pallets of the shipment being formed. The format is the server reader's (the
// contract's column names and limits); the file is checked for size and type here first, sent with progress,
// and the answer shown: refused rows with the error file to download (nothing is saved), or the count laid
// onto pallets — then the shipments are read again. The dialog's being open is in the URL (?action=upload).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Modal, Progress, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { FBS_FILE_COLUMNS, FBS_LIMITS, UPLOAD_TYPES, fill } from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { fbsKeys } from '../api/fbs-keys';
import {
  downloadShipmentErrorFile,
  uploadShipmentFile,
  type ShipmentFileRefused,
  type ShipmentFileSaved,
} from '../api/fbs-rest';
import { fbsText } from '../locale';

const t = fbsText.shipmentFile;
const LIMIT = UPLOAD_TYPES.fbs_shipment;
const MB = Math.round(LIMIT.maxBytes / 1024 / 1024);
/** Refused rows listed in the dialog; the rest are in the error file. */
const SHOWN_ERRORS = 5;

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'saved'; result: ShipmentFileSaved }
  | { kind: 'refused'; name: string; refused: ShipmentFileRefused }
  | { kind: 'failed'; message?: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The 400 answer of a file whose rows were refused (its error file written), as opposed to an error. */
function refusedOf(error: unknown): ShipmentFileRefused | undefined {
  if (!isRpcError(error) || error.status !== 400 || !isObject(error.response)) return undefined;
  const r = error.response;
  return typeof r.fileId === 'string' && typeof r.message === 'string' && Array.isArray(r.errors)
    ? (r as unknown as ShipmentFileRefused)
    : undefined;
}

/** A file's own problem (size, type) told on the file field before anything is sent. */
function checkFile(file: File): string | undefined {
  if (file.size > LIMIT.maxBytes) return fill(t.tooLarge, { mb: MB });
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LIMIT.formats as readonly string[]).includes(ext)) return t.wrongType;
  return undefined;
}

/** «row.3» → «Строка 3». */
const rowLabel = (field: string) => {
  const n = /^row\.(\d+)$/.exec(field)?.[1];
  return n ? fill(t.row, { row: n }) : field;
};

export function ShipmentFileDialog({
  partnerId,
  open,
  onClose,
}: {
  partnerId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<string>();

  useEffect(() => {
    if (!open) {
      setPhase({ kind: 'idle' });
      setFieldError(undefined);
    }
  }, [open]);

  const send = async (file: File) => {
    const problem = checkFile(file);
    setFieldError(problem);
    if (problem) {
      setPhase({ kind: 'idle' });
      return;
    }
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const result = await uploadShipmentFile(partnerId, file, (p) =>
        setPhase({ kind: 'sending', percent: p.percent }),
      );
      setPhase({ kind: 'saved', result });
      // The orders moved between pallets: the list and any open card are read again.
      void client.invalidateQueries({ queryKey: fbsKeys.partner(partnerId) });
    } catch (error) {
      const refused = refusedOf(error);
      if (refused) {
        setPhase({ kind: 'refused', name: file.name, refused });
        return;
      }
      const onFile = isRpcError(error) ? error.fieldErrors.find((e) => e.field === 'file') : undefined;
      if (onFile) {
        setFieldError(onFile.message);
        setPhase({ kind: 'idle' });
        return;
      }
      setPhase({ kind: 'failed', message: isRpcError(error) ? error.apiMessage : undefined });
    }
  };

  const saveErrors = async (fileId: string, name: string) => {
    try {
      await downloadShipmentErrorFile(fileId, name);
    } catch (error) {
      notification.error({
        title: t.errorFileFailed,
        description: isRpcError(error) ? error.apiMessage : undefined,
      });
    }
  };

  const sending = phase.kind === 'sending';
  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} disabled={sending}>
          {t.close}
        </Button>
      }
      destroyOnHidden
      width={600}
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t.intro}</Typography.Text>
        <div>
          <Typography.Text strong>{t.formatTitle}</Typography.Text>
          <ul className="fbs__file-format">
            {t.format.map((line) => (
              <li key={line}>
                {fill(line, {
                  mb: MB,
                  rows: FBS_LIMITS.fileMaxRows,
                  orderColumn: FBS_FILE_COLUMNS[0],
                  palletColumn: FBS_FILE_COLUMNS[1],
                })}
              </li>
            ))}
          </ul>
          <Table
            size="small"
            pagination={false}
            className="fbs__file-example"
            aria-label={t.example}
            rowKey="orderNr"
            columns={[
              { key: 'orderNr', dataIndex: 'orderNr', title: FBS_FILE_COLUMNS[0] },
              { key: 'pallet', dataIndex: 'pallet', title: FBS_FILE_COLUMNS[1], align: 'right' },
            ]}
            dataSource={EXAMPLE}
          />
        </div>
        <Form layout="vertical">
          <Form.Item
            label={t.title}
            validateStatus={fieldError ? 'error' : undefined}
            help={fieldError}
            className="fbs__file-field"
          >
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              disabled={sending}
              beforeUpload={(f) => {
                void send(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={sending}>
                {t.choose}
              </Button>
            </Upload>
          </Form.Item>
        </Form>
        {phase.kind === 'sending' ? (
          <div>
            <Progress percent={phase.percent} size="small" />
            <Typography.Text type="secondary">
              {phase.percent < 100 ? t.uploading : t.checking}
            </Typography.Text>
          </div>
        ) : null}
        {phase.kind === 'saved' ? (
          <Alert
            type="success"
            showIcon
            title={fill(t.saved, { orders: phase.result.orders })}
            action={
              phase.result.shipmentId ? (
                <Link to={`/fbs/shipments/${phase.result.shipmentId}`}>{t.openShipment}</Link>
              ) : undefined
            }
          />
        ) : null}
        {phase.kind === 'refused' ? (
          <Alert
            type="error"
            showIcon
            title={t.refused}
            description={
              <>
                <Typography.Paragraph className="fbs__file-message">
                  {phase.refused.message}
                </Typography.Paragraph>
                <ul className="fbs__file-errors">
                  {phase.refused.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                    <li key={i}>
                      {rowLabel(e.field)} — {e.message}
                    </li>
                  ))}
                </ul>
                {phase.refused.errors.length > SHOWN_ERRORS ? (
                  <Typography.Text type="secondary">
                    {fill(t.moreErrors, { count: phase.refused.errors.length - SHOWN_ERRORS })}
                  </Typography.Text>
                ) : null}
              </>
            }
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void saveErrors(phase.refused.fileId, phase.name)}
              >
                {t.errorFile}
              </Button>
            }
          />
        ) : null}
        {phase.kind === 'failed' ? (
          <Alert type="error" showIcon title={t.failed} description={phase.message} />
        ) : null}
      </Flex>
    </Modal>
  );
}

const EXAMPLE = [
  { orderNr: 'MD-100201', pallet: 1 },
  { orderNr: 'MD-100202', pallet: 1 },
  { orderNr: 'MD-100205', pallet: 2 },
];
