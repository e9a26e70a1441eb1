// Countries and brands (spec 000 §2 /profile/brands, §6 "Some brands need permission to sell"): where
// the seller sells, and its brands with those needing the right holder's permission marked.
import { Alert, Card, Flex, Grid, List, Skeleton, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session';
import { PageHeader } from '../../../components/page-header/page-header';
import type { Result } from '../../../lib/api/rpc-client';
import { useSellerBrands } from '../api/profile-queries';
import { NoPartner } from '../components/no-partner';
import { QueryFailure } from '../components/query-failure';
import { profileText } from '../locale';
import '../profile.css';

type Brand = Result<'v1.seller.brands.list'>['items'][number];

function PermissionTag({ brand }: { brand: Brand }) {
  const text = profileText.brands;
  if (!brand.needsPermission) return <Typography.Text type="secondary">{text.notNeeded}</Typography.Text>;
  return brand.permissionGranted ? (
    <Tag color="green">{text.granted}</Tag>
  ) : (
    <Tag color="orange">{text.needed}</Tag>
  );
}

export function ProfileBrandsPage() {
  const state = useSession();
  const partner = state.status === 'ready' ? state.partner : null;
  const text = profileText.brands;
  if (!partner) {
    return (
      <>
        <PageHeader title={text.title} />
        <NoPartner />
      </>
    );
  }
  const countryNames = new Map<string, string>(
    state.status === 'ready' ? state.dictionaries.countries.map((c) => [c.code, c.name]) : [],
  );
  return <BrandsScreen partnerId={partner.partnerId} countryName={(c) => countryNames.get(c) ?? c} />;
}

function BrandsScreen({
  partnerId,
  countryName,
}: {
  partnerId: number;
  countryName: (code: string) => string;
}) {
  const text = profileText.brands;
  const query = useSellerBrands(partnerId);
  const data = query.data;
  const needPermission = data?.items.some((b) => b.needsPermission && !b.permissionGranted) ?? false;
  return (
    <>
      <PageHeader title={text.title} />
      {query.isError ? (
        <QueryFailure what={text.loadFailed} error={query.error} retry={() => void query.refetch()} />
      ) : !data ? (
        <Card className="profile-card">
          <Skeleton active />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card title={text.countries} className="profile-card">
            <Flex gap={8} wrap>
              {data.countries.map((c) => (
                <Tag key={c} className="profile-country">
                  {countryName(c)}
                </Tag>
              ))}
            </Flex>
          </Card>
          <Card title={text.brands} className="profile-card">
            {needPermission ? (
              <Alert
                className="profile-card__alert"
                type="warning"
                showIcon
                title={text.permissionHint}
                description={<Link to="/profile/help">{profileText.main.writeSupport}</Link>}
              />
            ) : null}
            <BrandList items={data.items} countryName={countryName} />
          </Card>
        </Flex>
      )}
    </>
  );
}

/** A table on wide screens; on narrow ones each brand is a row of the list with its permission. */
function BrandList({ items, countryName }: { items: Brand[]; countryName: (code: string) => string }) {
  const text = profileText.brands;
  const wide = Grid.useBreakpoint().sm ?? true;
  if (!wide) {
    return (
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: text.none }}
        renderItem={(b) => (
          <List.Item extra={<PermissionTag brand={b} />} className="profile-brand">
            <Flex vertical gap={2}>
              <Typography.Text strong>{b.name}</Typography.Text>
              <Typography.Text type="secondary">{b.countries.map(countryName).join(', ')}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<Brand>
      rowKey="name"
      size="middle"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={items}
      locale={{ emptyText: text.none }}
      columns={[
        { key: 'name', title: text.brand, dataIndex: 'name' },
        {
          key: 'countries',
          title: text.brandCountries,
          render: (_, b) => b.countries.map(countryName).join(', '),
        },
        { key: 'permission', title: text.permission, render: (_, b) => <PermissionTag brand={b} /> },
      ]}
    />
  );
}
