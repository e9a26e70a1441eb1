// The return box card (spec 000 §3 FBS return box): code, status, dimensions, dates and the items that came
// back with photo, seller SKU, Data Matrix, price, name, reason (claim, reject, cancel), date and order.
import { Link } from 'react-router';
import { Card, Descriptions, Empty, Result, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { RpcCode, fill, type FbsReturnItem } from '@moda/contracts';
import { PageHeader } from '../../../components/page-header/page-header';
import { usePhotoUrl } from '../../../lib/api/photo-url';
import { isRpcError } from '../../../lib/api/rpc-error';
import { formatDate } from '../../../lib/dates';
import { formatRub } from '../../../lib/money';
import { useReturnBox } from '../api/fbs-queries';
import { BOX_COLOR, boxStatusName } from '../model/look';
import { fbsText } from '../locale';

const t = fbsText.returnCard;

function Photo({ url, alt }: { url: string | null; alt: string }) {
  const src = usePhotoUrl(url);
  return src ? (
    <img className="fbs__thumb" src={src} alt={alt} width={40} height={58} />
  ) : (
    <>{fbsText.none}</>
  );
}

export function ReturnCardScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const box = useReturnBox(partnerId, id);
  if (box.isPending) return <Skeleton active />;
  if (box.isError) {
    const missing = isRpcError(box.error) && box.error.code === RpcCode.NotFound;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t.notFound : t.error}
        extra={
          <Link to="/fbs/returns">
            <ArrowLeftOutlined /> {t.back}
          </Link>
        }
      />
    );
  }
  const b = box.data;
  const columns: TableColumnsType<FbsReturnItem> = [
    {
      key: 'image',
      dataIndex: 'image',
      title: t.columns.image,
      render: (v: string | null, r) => <Photo url={v} alt={r.itemName} />,
    },
    { key: 'sellerSku', dataIndex: 'sellerSku', title: t.columns.sellerSku },
    { key: 'itemName', dataIndex: 'itemName', title: t.columns.itemName },
    {
      key: 'dataMatrix',
      dataIndex: 'dataMatrix',
      title: t.columns.dataMatrix,
      render: (v: string | null) => (v ? <span className="fbs__mono">{v}</span> : fbsText.none),
    },
    {
      key: 'price',
      dataIndex: 'price',
      title: t.columns.price,
      align: 'right',
      render: (v: number) => <span className="fbs__nowrap">{formatRub(v)}</span>,
    },
    {
      key: 'rejectType',
      dataIndex: 'rejectType',
      title: t.columns.rejectType,
      render: (v: FbsReturnItem['rejectType']) => fbsText.rejectType[v],
    },
    {
      key: 'rejectedAt',
      dataIndex: 'rejectedAt',
      title: t.columns.rejectedAt,
      render: (v: string) => formatDate(v),
    },
    {
      key: 'orderNr',
      dataIndex: 'orderNr',
      title: t.columns.orderNr,
      fixed: 'right',
      render: (v: string) => (
        <Link to={`/orders/${encodeURIComponent(v)}`} className="fbs__nowrap">
          {v}
        </Link>
      ),
    },
  ];
  return (
    <div className="fbs">
      <Link to="/fbs/returns" className="fbs__section">
        <ArrowLeftOutlined /> {t.back}
      </Link>
      <PageHeader
        title={fill(t.title, { id: b.code })}
        subtitle={<Tag color={BOX_COLOR[b.status]}>{boxStatusName(b.status)}</Tag>}
      />
      <Card className="fbs__section">
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
          <Descriptions.Item label={t.dimensions}>
            {b.length === null ? fbsText.none : `${b.length} × ${b.width} × ${b.height}`}
          </Descriptions.Item>
          <Descriptions.Item label={t.itemQuantity}>{b.itemQuantity}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDate(b.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t.shippedAt}>
            {b.shippedAt ? formatDate(b.shippedAt) : fbsText.none}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Table<FbsReturnItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={b.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t.empty} /> }}
      />
    </div>
  );
}
