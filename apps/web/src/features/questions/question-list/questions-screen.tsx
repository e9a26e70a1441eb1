// Customer questions and reviews (spec 000 §2 /questions): one screen, the kind in the URL (?type=review),
// with the timely-answer share, the block state, filters (status, answered, brand, rating and fit for
// reviews, product, search, dates), sort, server paging, and a card per item with its answer composer.
import { Link } from 'react-router';
import { Button, Empty, Flex, Pagination, Result, Select, Spin, Tabs } from 'antd';
import {
  FEEDBACK_LIMITS,
  FeedbackSort,
  QUESTION_STATUS_LABELS,
  QuestionStatus,
  SIZE_FIT_LABELS,
  SizeFit,
  fill,
} from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ExportButton } from '../../../components/file-tasks/export-button';
import { ListSearch } from '../../../components/list-search/list-search';
import { isRpcError } from '../../../lib/api/rpc-error';
import { PAGE_SIZES } from '../../../lib/list-url';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useQuestionList, useQuestionsMeta, useQuestionsStats } from '../api/question-queries';
import { AnsweringBanner } from '../components/answering-banner';
import { TimelyShare } from '../components/timely-share';
import { questionsText } from '../locale';
import { QuestionCard } from './question-card';
import { filterParams, useQuestionListUrl, type Kind } from './use-question-list-url';
import '../questions.css';

const text = questionsText.list;
const f = questionsText.filters;
const SORTS = ['-created_at', 'created_at', '-rating', 'rating'] as const;

export interface QuestionsScreenProps {
  partnerId: number;
  /** For tests: the moment the screen treats as now (it decides "today" of the date filter). */
  now?: Date;
}

export function QuestionsScreen({ partnerId, now: fixedNow }: QuestionsScreenProps) {
  const now = fixedNow ?? new Date();
  const { state, update } = useQuestionListUrl();
  const filters = filterParams(state, now);
  const list = useQuestionList(partnerId, {
    ...filters,
    sort: FeedbackSort.parse(state.sort),
    page: state.page,
    pageSize: state.pageSize,
  });
  const meta = useQuestionsMeta(partnerId);
  const stats = useQuestionsStats(partnerId);
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));
  const [skuInput, setSkuInput] = useSearchInput(state.sku, (sku) => update({ sku }, true));
  const isReview = state.type === 'review';
  const counts = meta.data?.counts[state.type];

  const filtered = Boolean(
    state.status.length ||
    state.answered ||
    state.brand.length ||
    (isReview && (state.rating.length || state.sizeFit.length)) ||
    state.sku ||
    state.search ||
    state.created.since ||
    state.created.until,
  );
  const reset = () => {
    setSearchInput('');
    setSkuInput('');
    update({
      status: undefined,
      answered: undefined,
      brand: undefined,
      rating: undefined,
      sizeFit: undefined,
      sku: undefined,
      search: undefined,
      createdFrom: undefined,
      createdTo: undefined,
    });
  };

  const rows = list.data?.items ?? [];
  const sorts = isReview ? SORTS : SORTS.filter((s) => !s.endsWith('rating'));

  return (
    <div className="questions">
      <PageHeader
        title={isReview ? text.reviewsTitle : text.title}
        actions={
          <>
            <ExportButton partnerId={partnerId} types={['questions_and_reviews']} filter={filters} />
            <Link to="/questions/templates">
              <Button>{text.templates}</Button>
            </Link>
          </>
        }
      />
      <TimelyShare stats={stats.data} />
      {meta.data ? <AnsweringBanner state={meta.data.answering} /> : null}

      <Tabs
        aria-label={text.tabsLabel}
        activeKey={state.type}
        onChange={(type) => update({ type, rating: undefined, sizeFit: undefined, sort: undefined })}
        items={(['question', 'review'] as Kind[]).map((k) => {
          const n = meta.data?.counts[k].new;
          const label = k === 'question' ? text.tabQuestions : text.tabReviews;
          return { key: k, label: n ? fill(text.count, { name: label, count: n }) : label };
        })}
      />

      <Flex className="questions__filters" gap={8} wrap>
        <ListSearch
          className="questions__search"
          label={f.search}
          placeholder={f.searchPlaceholder}
          input={searchInput}
          setInput={setSearchInput}
          commit={(search) => update({ search })}
        />
        <ListSearch
          className="questions__sku-filter"
          label={f.sku}
          placeholder={f.skuPlaceholder}
          input={skuInput}
          setInput={setSkuInput}
          commit={(sku) => update({ sku })}
        />
        <Select
          mode="multiple"
          className="questions__select"
          aria-label={f.status}
          placeholder={f.allStatuses}
          allowClear
          maxTagCount="responsive"
          value={state.status}
          onChange={(status: string[]) => update({ status })}
          options={QuestionStatus.options.map((s) => ({
            value: s,
            label:
              counts === undefined
                ? QUESTION_STATUS_LABELS[s]
                : fill(text.count, { name: QUESTION_STATUS_LABELS[s], count: counts[s] }),
          }))}
        />
        <Select
          className="questions__select"
          aria-label={f.answered}
          placeholder={f.answeredAny}
          allowClear
          value={state.answered}
          onChange={(answered?: string) => update({ answered })}
          options={[
            { value: 'yes', label: f.answeredYes },
            { value: 'no', label: f.answeredNo },
          ]}
        />
        <Select
          mode="multiple"
          className="questions__select"
          aria-label={f.brand}
          placeholder={f.allBrands}
          allowClear
          maxTagCount="responsive"
          value={state.brand}
          onChange={(brand: string[]) => update({ brand })}
          options={(meta.data?.brands ?? []).map((b) => ({ value: b, label: b }))}
        />
        {isReview ? (
          <>
            <Select
              mode="multiple"
              className="questions__select questions__select--narrow"
              aria-label={f.rating}
              placeholder={f.allRatings}
              allowClear
              value={state.rating.map(String)}
              onChange={(rating: string[]) => update({ rating })}
              options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: fill(f.ratingOption, { n }) }))}
            />
            <Select
              mode="multiple"
              className="questions__select"
              aria-label={f.sizeFit}
              placeholder={f.allFits}
              allowClear
              maxTagCount="responsive"
              value={state.sizeFit}
              onChange={(sizeFit: string[]) => update({ sizeFit })}
              options={SizeFit.options.map((s) => ({ value: s, label: SIZE_FIT_LABELS[s] }))}
            />
          </>
        ) : null}
        <DateRangeFilter
          className="questions__dates"
          label={f.created}
          value={state.created}
          onChange={(r) => update({ createdFrom: r.since, createdTo: r.until })}
        />
        <Select
          className="questions__select"
          aria-label={f.sort}
          value={state.sort}
          onChange={(sort: string) => update({ sort })}
          options={sorts.map((s) => ({ value: s, label: f.sorts[s] }))}
        />
        {filtered ? <Button onClick={reset}>{f.reset}</Button> : null}
      </Flex>

      {list.isError && !list.data ? (
        <Result
          status="error"
          title={text.loadError}
          subTitle={isRpcError(list.error) ? list.error.apiMessage : undefined}
          extra={<Button onClick={() => void list.refetch()}>{text.retry}</Button>}
        />
      ) : (
        <Spin spinning={list.isFetching && !list.isPending}>
          {list.isPending ? (
            <Spin className="questions__loading" />
          ) : rows.length ? (
            <div className="questions__list">
              {rows.map((item) => (
                <QuestionCard key={item.id} partnerId={partnerId} item={item} />
              ))}
            </div>
          ) : (
            <Empty description={filtered ? text.emptyFiltered : isReview ? text.emptyReviews : text.empty} />
          )}
        </Spin>
      )}

      {list.data && list.data.total > 0 ? (
        <Pagination
          className="questions__pager"
          current={state.page}
          pageSize={state.pageSize}
          total={list.data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES.filter((s) => s <= FEEDBACK_LIMITS.pageSize.max).map(String)}
          showTotal={(total) => fill(text.total, { total })}
          onChange={(page, pageSize) => update(pageSize !== state.pageSize ? { pageSize } : { page })}
        />
      ) : null}
    </div>
  );
}
