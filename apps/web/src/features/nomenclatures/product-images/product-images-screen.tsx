// The photos of a card (?parent=<seller parent SKU>): thumbnails in order, the first one main; reorder by
// dragging or with arrows, delete (never the only photo), and batch upload matched by seller SKU or barcode,
// every file checked in the browser first and followed through its upload with its own result.
import { useRef, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  List,
  Progress,
  Radio,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { fill, IMAGE_RULES } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { isRpcError } from '../../../lib/api/rpc-error';
import {
  uploadImage,
  useImages,
  useUpdateImages,
  type MatchingType,
  type ProductImage,
} from '../api/image-queries';
import { usePhotoUrl } from '../../../lib/api/photo-url';
import { nomenclatureKeys } from '../api/nomenclature-keys';
import { ReadOnlyNotice, useCatalogueReadOnly, WhyDisabled } from '../components/read-only';
import { checkImageFile } from '../model/image-checks';
import { nomenclaturesText } from '../locale';
import '../nomenclatures.css';

const text = nomenclaturesText.images;

export function ProductImagesScreen({ partnerId }: { partnerId: number }) {
  const [params, setParams] = useSearchParams();
  const parent = params.get('parent')?.trim() ?? '';
  const [input, setInput] = useState(parent);

  return (
    <div className="product-images">
      <PageHeader title={text.title} subtitle={text.rules} />
      <Input.Search
        className="product-images__parent"
        aria-label={text.parentLabel}
        placeholder={text.parentPlaceholder}
        enterButton={text.open}
        value={input}
        maxLength={50}
        onChange={(e) => setInput(e.target.value)}
        onSearch={(value) => {
          const next = value.trim();
          setParams(next ? { parent: next } : {});
        }}
      />
      {parent ? (
        <Gallery key={parent} partnerId={partnerId} parent={parent} />
      ) : (
        <Typography.Paragraph type="secondary">{text.chooseParent}</Typography.Paragraph>
      )}
      <BatchUpload partnerId={partnerId} />
    </div>
  );
}

function Gallery({ partnerId, parent }: { partnerId: number; parent: string }) {
  const { message, notification } = App.useApp();
  const images = useImages(partnerId, parent);
  const update = useUpdateImages(partnerId, parent);
  const [dragging, setDragging] = useState<string | null>(null);
  const items = images.data?.items ?? [];
  // Until the terms are signed the photos are shown as they are: no reordering, no deleting.
  const { readOnly, reason } = useCatalogueReadOnly();

  const save = (order: string[], done: string) =>
    update.mutate(order, {
      onSuccess: () => void message.success(done),
      onError: (error) =>
        notification.error({
          title: text.loadError,
          description: isRpcError(error) ? error.apiMessage : undefined,
        }),
    });
  const ids = items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (readOnly) return;
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    save(next, text.saved);
  };
  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    if (dragging) move(ids.indexOf(dragging), ids.indexOf(target));
    setDragging(null);
  };

  if (images.isPending) return <Spin />;
  if (images.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={text.loadError}
        description={isRpcError(images.error) ? images.error.apiMessage : undefined}
      />
    );
  return (
    <section aria-label={fill(text.photosOf, { sku: parent })}>
      <Typography.Title level={2} className="product-images__heading">
        {fill(text.photosOf, { sku: parent })}
      </Typography.Title>
      {items.length === 0 ? (
        <Empty description={text.noPhotos} />
      ) : (
        <Spin spinning={update.isPending}>
          <ol className="product-images__grid">
            {items.map((image, i) => (
              <li
                key={image.id}
                className={
                  dragging === image.id
                    ? 'product-images__item product-images__item--dragging'
                    : 'product-images__item'
                }
                draggable={!readOnly}
                onDragStart={() => setDragging(image.id)}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, image.id)}
              >
                <Thumbnail image={image} alt={fill(text.photoAlt, { n: i + 1, sku: parent })} />
                <Flex className="product-images__tools" justify="space-between" align="center">
                  {i === 0 ? <Tag color="orange">{text.main}</Tag> : <span>{i + 1}</span>}
                  <WhyDisabled reason={reason}>
                    <Flex>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowLeftOutlined />}
                        aria-label={fill(text.moveLeft, { n: i + 1 })}
                        disabled={i === 0 || readOnly}
                        onClick={() => move(i, i - 1)}
                      />
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowRightOutlined />}
                        aria-label={fill(text.moveRight, { n: i + 1 })}
                        disabled={i === items.length - 1 || readOnly}
                        onClick={() => move(i, i + 1)}
                      />
                      <Tooltip title={!readOnly && items.length === 1 ? text.lastCannotBeDeleted : undefined}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={fill(text.remove, { n: i + 1 })}
                          disabled={items.length === 1 || readOnly}
                          onClick={() =>
                            save(
                              ids.filter((id) => id !== image.id),
                              text.removed,
                            )
                          }
                        />
                      </Tooltip>
                    </Flex>
                  </WhyDisabled>
                </Flex>
              </li>
            ))}
          </ol>
          {items.length === 1 ? (
            <Typography.Paragraph type="secondary">{text.lastCannotBeDeleted}</Typography.Paragraph>
          ) : null}
        </Spin>
      )}
    </section>
  );
}

function Thumbnail({ image, alt }: { image: ProductImage; alt: string }) {
  const url = usePhotoUrl(image.thumbnailUrl);
  return url ? (
    <img className="product-images__thumb" src={url} alt={alt} width={320} height={461} draggable={false} />
  ) : (
    <div className="product-images__thumb" role="img" aria-label={alt} aria-busy />
  );
}

type FileState =
  | { kind: 'checking' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ready' }
  | { kind: 'uploading' }
  | { kind: 'uploaded'; sku: string }
  | { kind: 'failed'; reason: string };

interface Entry {
  key: string;
  file: File;
  state: FileState;
}

let entrySeq = 0;

/** Batch upload: files checked as they are chosen, then sent one by one so each shows its own progress. */
export function BatchUpload({ partnerId }: { partnerId: number }) {
  const b = text.batch;
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [matching, setMatching] = useState<MatchingType>('sellerSku');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [uploading, setUploading] = useState(false);
  const [tooMany, setTooMany] = useState(false);
  // Until the terms are signed no photo is uploaded.
  const { readOnly, reason } = useCatalogueReadOnly();

  const setState = (key: string, state: FileState) =>
    setEntries((prev) => prev.map((e) => (e.key === key ? { ...e, state } : e)));

  const addFiles = (files: File[]) => {
    const room = IMAGE_RULES.maxBatchFiles - entries.length;
    setTooMany(files.length > room);
    const added = files.slice(0, Math.max(room, 0)).map((file): Entry => ({
      key: `f${++entrySeq}`,
      file,
      state: { kind: 'checking' },
    }));
    setEntries((prev) => [...prev, ...added]);
    for (const entry of added) {
      void checkImageFile(entry.file).then((reason) =>
        setState(entry.key, reason ? { kind: 'refused', reason } : { kind: 'ready' }),
      );
    }
  };

  const ready = entries.filter((e) => e.state.kind === 'ready');
  const finished = entries.filter((e) => e.state.kind === 'uploaded' || e.state.kind === 'failed');
  const uploaded = entries.filter((e) => e.state.kind === 'uploaded');
  const sentTotal = ready.length + finished.length;

  const upload = async () => {
    setUploading(true);
    for (const entry of ready) {
      setState(entry.key, { kind: 'uploading' });
      try {
        const item = await uploadImage(partnerId, matching, entry.file);
        setState(
          entry.key,
          item.ok
            ? { kind: 'uploaded', sku: item.sellerParentSku ?? '' }
            : { kind: 'failed', reason: item.error?.message ?? b.uploadFailed },
        );
      } catch (error) {
        setState(entry.key, {
          kind: 'failed',
          reason: (isRpcError(error) && error.apiMessage) || b.uploadFailed,
        });
      }
    }
    setUploading(false);
    void queryClient.invalidateQueries({ queryKey: [...nomenclatureKeys.all, partnerId, 'images'] });
  };

  return (
    <Card className="product-images__batch" title={<h2 className="card-title">{b.title}</h2>}>
      <Typography.Paragraph type="secondary">{b.hint}</Typography.Paragraph>
      {readOnly ? <ReadOnlyNotice className="product-images__notice" /> : null}
      <Flex gap={12} wrap align="center">
        <span id="batch-matching-label">{b.matching}</span>
        <Radio.Group
          aria-labelledby="batch-matching-label"
          value={matching}
          onChange={(e) => setMatching(e.target.value as MatchingType)}
          options={[
            { value: 'sellerSku', label: b.bySellerSku },
            { value: 'barcode', label: b.byBarcode },
          ]}
        />
      </Flex>
      <Flex gap={8} wrap className="product-images__files">
        <input
          ref={inputRef}
          type="file"
          accept=".jpg,.jpeg,image/jpeg"
          multiple
          hidden
          aria-label={b.filesLabel}
          onChange={(e) => {
            addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <WhyDisabled reason={reason}>
          <Button
            icon={<UploadOutlined />}
            disabled={uploading || readOnly}
            onClick={() => inputRef.current?.click()}
          >
            {b.choose}
          </Button>
        </WhyDisabled>
        <WhyDisabled reason={reason}>
          <Button
            type="primary"
            disabled={ready.length === 0 || uploading || readOnly}
            loading={uploading}
            onClick={() => void upload()}
          >
            {b.upload}
          </Button>
        </WhyDisabled>
        {entries.length > 0 ? (
          <Button type="link" disabled={uploading} onClick={() => setEntries([])}>
            {b.clear}
          </Button>
        ) : null}
      </Flex>
      {tooMany ? (
        <Alert
          type="warning"
          showIcon
          title={fill(text.checks.tooMany, { max: IMAGE_RULES.maxBatchFiles })}
        />
      ) : null}
      {uploading || finished.length > 0 ? (
        <div className="product-images__files">
          <Progress
            percent={sentTotal ? Math.round((finished.length / sentTotal) * 100) : 0}
            aria-label={fill(b.progress, {
              percent: sentTotal ? Math.round((finished.length / sentTotal) * 100) : 0,
            })}
          />
          {!uploading ? (
            <Typography.Text strong role="status">
              {fill(b.summary, { ok: uploaded.length, total: finished.length })}
            </Typography.Text>
          ) : null}
        </div>
      ) : null}
      {entries.length > 0 ? (
        <List
          className="product-images__files"
          size="small"
          aria-label={b.filesLabel}
          dataSource={entries}
          renderItem={(entry) => (
            <List.Item key={entry.key} data-file={entry.file.name}>
              <Flex vertical gap={2}>
                <span className="product-images__file-name">{entry.file.name}</span>
                <FileStatus state={entry.state} />
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}

function FileStatus({ state }: { state: FileState }) {
  const b = text.batch;
  switch (state.kind) {
    case 'checking':
      return <Spin size="small" />;
    case 'ready':
      return <Tag>{b.ready}</Tag>;
    case 'uploading':
      return <Tag color="processing">{b.uploading}</Tag>;
    case 'uploaded':
      return <Tag color="success">{fill(b.uploaded, { sku: state.sku })}</Tag>;
    case 'refused':
      return (
        <Typography.Text type="danger">
          {b.refused}: {state.reason}
        </Typography.Text>
      );
    case 'failed':
      return (
        <Typography.Text type="danger">
          {b.failed}: {state.reason}
        </Typography.Text>
      );
  }
}
