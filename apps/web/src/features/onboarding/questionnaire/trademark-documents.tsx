// Trademark documents of one brand: the file checked by the contract's rule in the browser, reserved
// (v1.surveys.attachments.reserve), uploaded into that reservation, and named in the brand; taken out by
// removing it from the brand (the page's save removes it on the server). The server checks the bytes again.
import { useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { fill, TRADEMARK_DOCUMENTS, trademarkFileProblem, type SurveyAttachment } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { downloadFile, uploadWithProgress } from '../../../lib/api/transfer';
import { onboardingText } from '../locale';

const F = onboardingText.questionnaire.fields;
const FORMATS = TRADEMARK_DOCUMENTS.formats.map((f) => f.toUpperCase()).join(', ');
const MAX_MB = Math.round(TRADEMARK_DOCUMENTS.maxBytes / 1024 / 1024);
const ACCEPT = [...TRADEMARK_DOCUMENTS.formats, 'jpeg'].map((f) => `.${f}`).join(',');

/** The route a document is opened by: its applicant and review staff only. */
export const documentPath = (id: string) => `/api/v1/surveys/attachments/${id}`;

export function openDocument(doc: SurveyAttachment): void {
  void downloadFile(documentPath(doc.id), doc.name).catch(() => undefined);
}

export function TrademarkDocuments({
  value,
  onChange,
  known,
  onUploaded,
  brand,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The questionnaire's uploaded documents, by id. */
  known: ReadonlyMap<string, SurveyAttachment>;
  onUploaded: (doc: SurveyAttachment) => void;
  /** The brand's number on the page, for the controls' names. */
  brand: number;
}) {
  const ids = value ?? [];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attach(file: File) {
    setBusy(true);
    try {
      const { id } = await api.call('v1.surveys.attachments.reserve', {
        fileName: file.name,
        size: file.size,
      });
      const form = new FormData();
      form.append('type', 'survey_trademark');
      form.append('attachment_id', id);
      form.append('file', file);
      const doc = await uploadWithProgress<SurveyAttachment>('/api/v1/files', form);
      onUploaded(doc);
      onChange?.([...ids, doc.id]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space direction="vertical" size={4}>
      {ids.map((id) => {
        const doc = known.get(id);
        if (!doc) return null;
        return (
          <Space key={id} size={4}>
            <Button
              type="link"
              size="small"
              icon={<PaperClipOutlined aria-hidden />}
              onClick={() => openDocument(doc)}
            >
              {doc.name}
            </Button>
            <Button
              type="text"
              size="small"
              aria-label={fill(F.removeDocument, { name: doc.name })}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => onChange?.(ids.filter((x) => x !== id))}
            />
          </Space>
        );
      })}
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        disabled={busy || ids.length >= TRADEMARK_DOCUMENTS.perBrand}
        beforeUpload={(file) => {
          const problem = trademarkFileProblem(file.name, file.size);
          setError(problem?.message ?? null);
          if (!problem) void attach(file);
          // The upload is ours (reserve first, then the fields before the file), never Upload's own request.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={busy}
          aria-label={`${F.attachDocument} ${brand}`}
          disabled={busy || ids.length >= TRADEMARK_DOCUMENTS.perBrand}
        >
          {busy ? F.uploadingDocument : F.attachDocument}
        </Button>
      </Upload>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          {fill(F.documentsHint, { formats: FORMATS, size: MAX_MB, count: TRADEMARK_DOCUMENTS.perBrand })}
        </Typography.Text>
      )}
    </Space>
  );
}
