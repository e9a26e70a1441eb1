// The seller's claims (a competitor price added) and disputes (a matched price contested) with the marketplace's
// answers (spec 001 §7 v1.matching-manager.rfc.list): when each was sent, whether it waits for review, and the
// decision with its date — an accepted claim changed the index, a refused one says why. Opened from the tab for
// every claim or from a product's row for its own; which one is in the URL (`claims`).
import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Flex, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CompetitorClaimStatus,
  fill,
  type CompetitorClaim,
  type CompetitorClaimStatus as ClaimStatus,
} from '@moda/contracts';
import { ExternalLink } from '../../../components/external-link/external-link';
import { ListTable } from '../../../components/list-table/list-table';
import { formatDate } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useClaims } from './api/price-index-queries';
import { priceIndexText } from './locale';

const t = priceIndexText.claims;
const PAGE_SIZE = 20;
/** The contract's largest page of claims. */
const MAX_PAGE_SIZE = 100;
const STATUS_COLOR: Record<ClaimStatus, string> = {
  review: 'processing',
  accepted: 'success',
  rejected: 'error',
};

function ClaimWhat({ claim }: { claim: CompetitorClaim }) {
  const reason = claim.reason ? priceIndexText.claim.reasons[claim.reason] : null;
  return (
    <Flex vertical gap={2} className="price-index__claim">
      <span>{t.kinds[claim.kind]}</span>
      {claim.competitor || claim.price !== null ? (
        <Typography.Text type="secondary" className="price-index__note">
          {claim.url ? (
            <ExternalLink href={claim.url}>
              {fill(t.offer, { competitor: claim.competitor ?? '', price: formatRub(claim.price) })}
            </ExternalLink>
          ) : (
            fill(t.offer, { competitor: claim.competitor ?? '', price: formatRub(claim.price) })
          )}
          {claim.hasScreenshot ? ` · ${t.screenshot}` : null}
        </Typography.Text>
      ) : null}
      {reason ? (
        <Typography.Text type="secondary" className="price-index__note">
          {fill(t.reason, { reason })}
        </Typography.Text>
      ) : null}
      {claim.comment ? (
        <Typography.Text type="secondary" className="price-index__note">
          {fill(t.comment, { comment: claim.comment })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Decision({ claim }: { claim: CompetitorClaim }) {
  if (claim.status === 'review')
    return (
      <Typography.Text type="secondary" className="price-index__note">
        {t.waiting}
      </Typography.Text>
    );
  return (
    <Flex vertical gap={2} className="price-index__claim">
      <span className="price-index__note">
        {fill(t.decidedOn, { status: t.statuses[claim.status], date: formatDate(claim.decidedAt) })}
      </span>
      {claim.status === 'rejected' && claim.answer ? (
        <Typography.Text type="danger" className="price-index__note">
          {fill(t.refusedBecause, { answer: claim.answer })}
        </Typography.Text>
      ) : null}
      {claim.status === 'accepted' ? (
        <Typography.Text type="secondary" className="price-index__note">
          {claim.answer ?? t.acceptedNote}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export function ClaimsDrawer({
  partnerId,
  target,
  titles,
  onOpenProduct,
  onClose,
}: {
  partnerId: number;
  /** `all`, a product id, or nothing (closed). */
  target: string | undefined;
  /** Product titles known to the tab (its rows), by id. */
  titles: ReadonlyMap<string, string>;
  onOpenProduct: (productId: string | undefined) => void;
  onClose: () => void;
}) {
  const productId = target && target !== 'all' ? target : undefined;
  const [status, setStatus] = useState<ClaimStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  useEffect(() => {
    setStatus(undefined);
    setPage(1);
  }, [target]);
  const claims = useClaims(
    partnerId,
    {
      ...(productId ? { productId } : {}),
      ...(status ? { status } : {}),
      page,
      pageSize,
    },
    Boolean(target),
  );
  const productName = (id: string) => titles.get(id) ?? fill(t.product, { id });

  const columns: TableColumnsType<CompetitorClaim> = [
    {
      key: 'sent',
      title: t.columns.sent,
      render: (_, c) => <span className="price-index__nowrap">{formatDate(c.createdAt)}</span>,
    },
    ...(productId
      ? []
      : [
          {
            key: 'product',
            title: t.columns.product,
            render: (_: unknown, c: CompetitorClaim) => (
              <Button
                type="link"
                size="small"
                className="price-index__claim-product"
                aria-label={fill(t.productLabel, { sku: productName(c.productId) })}
                onClick={() => onOpenProduct(c.productId)}
              >
                {productName(c.productId)}
              </Button>
            ),
          },
        ]),
    { key: 'claim', title: t.columns.claim, render: (_, c) => <ClaimWhat claim={c} /> },
    {
      key: 'status',
      title: t.columns.status,
      render: (_, c) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={STATUS_COLOR[c.status]}>{t.statuses[c.status]}</Tag>
          <Decision claim={c} />
        </Flex>
      ),
    },
  ];

  return (
    <Drawer
      open={Boolean(target)}
      onClose={onClose}
      size="large"
      title={productId ? fill(t.titleProduct, { title: productName(productId) }) : t.titleAll}
      extra={productId ? <Button onClick={() => onOpenProduct(undefined)}>{t.showAll}</Button> : null}
      destroyOnHidden
    >
      <Segmented
        className="price-index__claims-filter"
        aria-label={t.filterLabel}
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? undefined : (v as ClaimStatus));
          setPage(1);
        }}
        options={[
          { value: 'all', label: t.all },
          ...CompetitorClaimStatus.options.map((s) => ({ value: s, label: t.statuses[s] })),
        ]}
      />
      <ListTable<CompetitorClaim>
        rowKey="id"
        size="small"
        sticky={false}
        columns={columns}
        query={claims}
        rows={claims.data?.items ?? []}
        errorTitle={t.error}
        empty={
          status ? (
            <Empty description={t.emptyFiltered} />
          ) : (
            <Empty description={t.empty}>
              <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
            </Empty>
          )
        }
        page={page}
        pageSize={pageSize}
        maxPageSize={MAX_PAGE_SIZE}
        totalText={(total) => fill(t.total, { total })}
        onListChange={(c) => {
          if (c.pageSize) {
            setPageSize(c.pageSize);
            setPage(1);
          } else if (c.page) setPage(c.page);
        }}
      />
    </Drawer>
  );
}
