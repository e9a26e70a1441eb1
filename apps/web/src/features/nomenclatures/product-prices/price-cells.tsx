// Small pieces of the price table: the product's photo (fetched with the token, shown as a blob URL), the
// price index as a level with its value, the approval state as a status tag, and a field's message.
import { Tag, Tooltip, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { fill, priceIndexLevel, type PriceListRow } from '@moda/contracts';
import { usePhotoUrl } from '../../../lib/api/photo-url';
import { pricesText as text } from './locale';
import { formatMoney } from './price-format';

function LoadedThumb({ url, alt }: { url: string; alt: string }) {
  const src = usePhotoUrl(url);
  return src ? (
    <img className="prices__thumb" src={src} alt={alt} width={40} height={58} />
  ) : (
    <span className="prices__thumb prices__thumb--empty" aria-label={alt} />
  );
}

/** The product's photo (the price index's rows show it the same way). */
export function Thumb({ row }: { row: Pick<PriceListRow, 'thumbnailUrl' | 'sellerSku'> }) {
  const alt = fill(text.photoOf, { sku: row.sellerSku });
  if (!row.thumbnailUrl)
    return (
      <Tooltip title={text.noPhoto}>
        <span className="prices__thumb prices__thumb--empty" role="img" aria-label={text.noPhoto}>
          <PictureOutlined aria-hidden />
        </span>
      </Tooltip>
    );
  return <LoadedThumb url={row.thumbnailUrl} alt={alt} />;
}

const LEVEL_COLOR = { OPTIMAL: 'green', AVERAGE: 'gold', OVERPRICED: 'red', UNCOUNTED: 'default' } as const;

export function PriceIndexCell({ piValue }: { piValue: number | null }) {
  const level = priceIndexLevel(piValue);
  if (level === 'UNCOUNTED') return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={fill(text.priceIndex.value, { value: String(piValue).replace('.', ',') })}>
      <Tag color={LEVEL_COLOR[level]}>{text.priceIndex[level]}</Tag>
    </Tooltip>
  );
}

const APPROVAL_COLOR = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

export function ApprovalCell({ row }: { row: PriceListRow }) {
  const a = row.approval;
  if (!a) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="prices__approval">
      <Tag color={APPROVAL_COLOR[a.status]}>{text.approval[a.status]}</Tag>
      {a.status === 'pending' ? (
        <>
          <Typography.Text type="secondary" className="prices__note prices__nowrap">
            {fill(text.approval.newPrice, { price: formatMoney(a.newPrice, row.country) })}
          </Typography.Text>
          {a.reviewType ? (
            <Typography.Text type="secondary" className="prices__note">
              {text.reviewTypes[a.reviewType]}
            </Typography.Text>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="prices__field-error">
      {message}
    </div>
  );
}
