// Reply templates (spec 000 §2 /questions/templates): tabs for questions and for reviews, search, add, edit
// and delete with the spec's messages (spec 001 §8). The tab, the search and the open dialog live in the URL.
import { useSearchParams } from 'react-router';
import { App, Button, Empty, Flex, Popconfirm, Result, Spin, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fill, FeedbackType, type ReplyTemplate } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { ListSearch } from '../../../components/list-search/list-search';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDate } from '../../../lib/dates';
import { failureDescription } from '../../../lib/forms';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useDeleteTemplate, useTemplates, type FeedbackKind } from '../api/question-queries';
import { questionsText } from '../locale';
import { TemplateDialog } from './template-dialog';
import '../questions.css';

const text = questionsText.templates;

export function TemplatesScreen({ partnerId }: { partnerId: number }) {
  const { message, notification } = App.useApp();
  const [params, setParams] = useSearchParams();
  const parsedKind = FeedbackType.safeParse(params.get('kind'));
  const kind: FeedbackKind = parsedKind.success ? parsedKind.data : 'question';
  const search = params.get('search') ?? '';
  const action = params.get('action');
  const editId = params.get('id');
  const list = useTemplates(partnerId, kind, search);
  const remove = useDeleteTemplate(partnerId);

  const set = (change: Record<string, string | undefined>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace },
    );
  const [searchInput, setSearchInput] = useSearchInput(search, (s) => set({ search: s || undefined }, true));

  const items = list.data?.items ?? [];
  const editing: ReplyTemplate | null =
    action === 'edit' ? (items.find((t) => t.id === editId) ?? null) : null;
  const dialogOpen = action === 'add' || (action === 'edit' && editing !== null);

  const del = async (t: ReplyTemplate) => {
    try {
      await remove.mutateAsync(t.id);
      void message.success(text.deleted);
    } catch (error) {
      notification.error({ title: text.deleteFailed, description: failureDescription(error) });
    }
  };

  return (
    <div className="questions">
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => set({ action: 'add', id: undefined })}
          >
            {text.add}
          </Button>
        }
      />
      <Tabs
        aria-label={text.tabsLabel}
        activeKey={kind}
        onChange={(k) => set({ kind: k === 'question' ? undefined : k })}
        items={(['question', 'review'] as const).map((k) => ({
          key: k,
          label: `${k === 'question' ? text.tabQuestions : text.tabReviews} · ${list.data?.counts[k] ?? '…'}`,
        }))}
      />
      <Flex className="questions__filters" gap={8} wrap>
        <ListSearch
          className="questions__search"
          label={text.search}
          placeholder={text.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(s) => set({ search: s || undefined })}
        />
      </Flex>
      {list.isError && !list.data ? (
        <Result
          status="error"
          title={text.loadError}
          subTitle={isRpcError(list.error) ? list.error.apiMessage : undefined}
          extra={<Button onClick={() => void list.refetch()}>{questionsText.list.retry}</Button>}
        />
      ) : list.isPending ? (
        <Spin className="questions__loading" />
      ) : items.length ? (
        <div className="questions-templates__list">
          {items.map((t) => (
            <article key={t.id} className="questions-templates__item" aria-label={t.name}>
              <Flex justify="space-between" align="flex-start" gap={12}>
                <div>
                  <Typography.Title level={4} className="questions-templates__name">
                    {t.name}
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    {fill(text.updated, { date: formatDate(t.updatedAt) })}
                  </Typography.Text>
                </div>
                <Flex gap={8}>
                  <Button onClick={() => set({ action: 'edit', id: t.id })}>{text.edit}</Button>
                  <Popconfirm
                    title={fill(text.deleteTitle, { name: t.name })}
                    okText={text.deleteOk}
                    cancelText={text.deleteCancel}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => void del(t)}
                  >
                    <Button danger>{text.delete}</Button>
                  </Popconfirm>
                </Flex>
              </Flex>
              <Typography.Paragraph className="questions-templates__content">
                {t.content}
              </Typography.Paragraph>
            </article>
          ))}
        </div>
      ) : (
        <Empty description={search ? text.emptyFiltered : text.empty}>
          {search ? null : <Typography.Text type="secondary">{text.emptyHint}</Typography.Text>}
        </Empty>
      )}
      {dialogOpen ? (
        <TemplateDialog
          partnerId={partnerId}
          kind={kind}
          template={editing}
          onClose={() => set({ action: undefined, id: undefined })}
        />
      ) : null}
    </div>
  );
}
