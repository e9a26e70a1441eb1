// The audit log (issue 28; /profile/audit): who did what for the partner, when and from where, with a link to
// the object and each field before and after for prices and cards; filters by person, area, object and days
// kept in the URL with the page's cursor (keyset paging: «Далее» to older records, «Назад» to newer ones), and an
// export of what the filters show. Staff open any partner's, sellers their own.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Input, Select, Table, Typography } from 'antd';
import { Link } from 'react-router';
import {
  ACCESS_AREAS,
  ACCESS_AREA_LABELS,
  AccessArea,
  AuditCursor,
  auditAreaOf,
  auditLabelOf,
  fill,
  type AuditChange,
} from '@moda/contracts';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header/page-header';
import { ExportButton } from '../../components/file-tasks/export-button';
import { api } from '../../lib/api/client';
import type { Result } from '../../lib/api/rpc-client';
import { dayjs, formatDateTime } from '../../lib/dates';
import { failureDescription } from '../../lib/forms';
import { PAGE_SIZES, positiveInt, useListUrl } from '../../lib/list-url';
import { useSession } from '../../lib/session/session';
import { auditText } from './locale';
import './audit.css';

type AuditRecord = Result<'v1.audit.list'>['items'][number];
type Key = 'cursor' | 'pageSize' | 'user' | 'area' | 'objectId' | 'dateFrom' | 'dateTo';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readState(p: URLSearchParams) {
  const area = AccessArea.safeParse(p.get('area'));
  const cursor = AuditCursor.safeParse(p.get('cursor'));
  const day = (k: string) => (DAY.test(p.get(k) ?? '') ? p.get(k)! : undefined);
  return {
    /** Where the page starts (a cursor of an earlier answer); none for the newest records. */
    cursor: cursor.success ? cursor.data : undefined,
    pageSize: positiveInt(p.get('pageSize'), 20, 100),
    user: p.get('user')?.trim() || undefined,
    area: area.success ? area.data : undefined,
    objectId: p.get('objectId')?.trim() || undefined,
    dateFrom: day('dateFrom'),
    dateTo: day('dateTo'),
  };
}

/** Who made the call: the person (and the API token they issued, when a program made it), else the marketplace. */
function actorOf(r: AuditRecord): string {
  const token = r.credential?.startsWith('api-token:')
    ? fill(auditText.apiTokenNamed, { name: r.tokenName ?? '' })
    : null;
  if (r.userEmail) return token ? `${r.userEmail}, ${token}` : r.userEmail;
  if (token) return token;
  if (r.credential?.startsWith('service:'))
    return fill(auditText.marketplace, { name: r.credential.split(':').slice(2).join(':') });
  return r.credential ? auditText.apiToken : auditText.empty_value;
}

/** Where the object of a record opens, when it is one the cabinet has a page for. */
function objectPath(r: AuditRecord): string | null {
  if (!r.objectId) return null;
  const area = auditAreaOf(r.method);
  if ((area === 'catalogue' || area === 'prices') && /^\d+$/.test(r.objectId))
    return `/nomenclatures/edit/manually/${r.objectId}`;
  if (area === 'orders' && /^[\w-]+$/.test(r.objectId)) return `/orders/${r.objectId}`;
  if (area === 'promotions' && /^[\w-]+$/.test(r.objectId) && r.method.startsWith('v1.platform.promotions'))
    return `/promotions/${r.objectId}`;
  return null;
}

function fieldName(field: string): string {
  const [name = field, country] = field.split(':');
  const label = auditText.fields[name] ?? name;
  return country ? `${label} (${country})` : label;
}

function Changes({ changes }: { changes: AuditChange[] }) {
  if (!changes.length) return null;
  return (
    <Flex vertical gap={2}>
      {changes.slice(0, 5).map((c) => (
        <Typography.Text key={`${c.objectId}:${c.field}`} className="audit-change">
          {fieldName(c.field)}: {String(c.before ?? auditText.empty_value)} →{' '}
          {String(c.after ?? auditText.empty_value)}
        </Typography.Text>
      ))}
      {changes.length > 5 ? <Typography.Text type="secondary">…</Typography.Text> : null}
    </Flex>
  );
}

export function AuditPage() {
  const state = useSession();
  const partner = state.status === 'ready' ? state.partner : null;
  if (!partner)
    return (
      <>
        <PageHeader title={auditText.title} />
        <Alert type="info" showIcon title={auditText.noPartner} />
      </>
    );
  return <AuditScreen partnerId={partner.partnerId} />;
}

function AuditScreen({ partnerId }: { partnerId: number }) {
  const defaults = useMemo(() => ({ pageSize: '20' }), []);
  const { state, update: setUrl } = useListUrl<ReturnType<typeof readState>, Key>(
    useCallback(readState, []),
    defaults,
  );
  // Any change of the filters or the page size starts again from the newest records.
  const update = (change: Partial<Record<Key, string | number | undefined>>) =>
    setUrl({ cursor: undefined, ...change });
  const [user, setUser] = useState(state.user ?? '');
  const [objectId, setObjectId] = useState(state.objectId ?? '');
  const filter = {
    ...(state.user ? { user: state.user } : {}),
    ...(state.area ? { area: state.area } : {}),
    ...(state.objectId ? { objectId: state.objectId } : {}),
    ...(state.dateFrom ? { dateFrom: state.dateFrom } : {}),
    ...(state.dateTo ? { dateTo: state.dateTo } : {}),
  };
  const query = useQuery({
    queryKey: ['audit', partnerId, state],
    queryFn: () =>
      api.call('v1.audit.list', {
        partnerId,
        pageSize: state.pageSize,
        ...(state.cursor ? { cursor: state.cursor } : {}),
        ...filter,
      }),
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  // «Назад» that reached the newest records got the first page: the address says so too (no cursor).
  const atFirst = Boolean(state.cursor && query.isSuccess && !query.isPlaceholderData && !data?.prevCursor);
  const hasRows = Boolean(data?.items.length);
  useEffect(() => {
    if (atFirst && hasRows) setUrl({ cursor: undefined }, true);
  }, [atFirst, hasRows, setUrl]);
  return (
    <>
      <PageHeader
        title={auditText.title}
        subtitle={auditText.subtitle}
        actions={<ExportButton partnerId={partnerId} types={['audit_log']} filter={filter} />}
      />
      <Card>
        <Flex gap={12} wrap className="audit-filters">
          <Input.Search
            aria-label={auditText.filters.user}
            placeholder={auditText.filters.user}
            value={user}
            allowClear
            onChange={(e) => setUser(e.target.value)}
            onSearch={(v) => update({ user: v.trim() })}
            className="audit-filters__user"
          />
          <Select
            aria-label={auditText.filters.area}
            className="audit-filters__area"
            value={state.area ?? ''}
            options={[
              { value: '', label: auditText.filters.allAreas },
              ...ACCESS_AREAS.map((a) => ({ value: a, label: ACCESS_AREA_LABELS[a] })),
            ]}
            onChange={(v) => update({ area: v || undefined })}
          />
          <Input.Search
            aria-label={auditText.filters.objectId}
            placeholder={auditText.filters.objectId}
            value={objectId}
            allowClear
            onChange={(e) => setObjectId(e.target.value)}
            onSearch={(v) => update({ objectId: v.trim() })}
            className="audit-filters__object"
          />
          <DatePicker.RangePicker
            aria-label={auditText.filters.dates}
            format="DD.MM.YY"
            value={[state.dateFrom ? dayjs(state.dateFrom) : null, state.dateTo ? dayjs(state.dateTo) : null]}
            onChange={(range) =>
              update({
                dateFrom: range?.[0]?.format('YYYY-MM-DD'),
                dateTo: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
          <Button
            onClick={() => {
              setUser('');
              setObjectId('');
              update({
                user: undefined,
                area: undefined,
                objectId: undefined,
                dateFrom: undefined,
                dateTo: undefined,
              });
            }}
          >
            {auditText.filters.reset}
          </Button>
        </Flex>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={auditText.loadFailed}
            description={failureDescription(query.error)}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {auditText.retry}
              </Button>
            }
          />
        ) : (
          <Table<AuditRecord>
            rowKey="id"
            size="middle"
            loading={query.isFetching}
            dataSource={data?.items ?? []}
            locale={{ emptyText: auditText.empty }}
            scroll={{ x: 1100 }}
            pagination={false}
            footer={() => (
              <Flex justify="end" align="center" gap={12} wrap className="audit-pager">
                <Typography.Text type="secondary">
                  {data
                    ? fill(data.totalCapped ? auditText.totalCapped : auditText.total, { count: data.total })
                    : ''}
                </Typography.Text>
                <Button
                  icon={<LeftOutlined />}
                  disabled={!state.cursor || query.isFetching}
                  // Back to newer records; with no page before (an empty page) back to the newest.
                  onClick={() => setUrl({ cursor: data?.prevCursor ?? undefined })}
                >
                  {auditText.pager.prev}
                </Button>
                <Button
                  icon={<RightOutlined />}
                  iconPlacement="end"
                  disabled={!data?.nextCursor || query.isFetching}
                  onClick={() => setUrl({ cursor: data?.nextCursor ?? undefined })}
                >
                  {auditText.pager.next}
                </Button>
                <Select
                  aria-label={auditText.pager.pageSize}
                  className="audit-pager__size"
                  value={state.pageSize}
                  options={PAGE_SIZES.map((n) => ({ value: n, label: fill(auditText.pager.perPage, { n }) }))}
                  onChange={(pageSize) => update({ pageSize })}
                />
              </Flex>
            )}
            columns={[
              {
                title: auditText.columns.at,
                dataIndex: 'at',
                width: 140,
                render: (v: string) => formatDateTime(v),
              },
              { title: auditText.columns.who, key: 'who', width: 220, render: (_: unknown, r) => actorOf(r) },
              {
                title: auditText.columns.action,
                key: 'action',
                width: 240,
                render: (_: unknown, r) => auditLabelOf(r.method),
              },
              {
                title: auditText.columns.object,
                key: 'object',
                width: 160,
                render: (_: unknown, r) => {
                  const to = objectPath(r);
                  return to ? <Link to={to}>{r.objectId}</Link> : (r.objectId ?? auditText.empty_value);
                },
              },
              {
                title: auditText.columns.changes,
                key: 'changes',
                render: (_: unknown, r) => <Changes changes={r.changes ?? []} />,
              },
              {
                title: auditText.columns.ip,
                dataIndex: 'ip',
                width: 140,
                render: (v: string | null) => v ?? auditText.empty_value,
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
