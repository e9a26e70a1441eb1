// Products (spec 000 §2 nomenclatures): the /nomenclatures/edit/manually/{id} screen — the card of any of
// its sizes loaded into the stepper, with the moderator's note when there is one.
import { useParams } from 'react-router';
import { Button, Result } from 'antd';
import { fill } from '@moda/contracts';
import { PageLoader } from '../../../components/page-loader/page-loader';
import { isRpcError } from '../../../lib/api/rpc-error';
import { useCurrentPartner } from '../../../lib/session/session';
import { useCard } from '../api/catalogue-queries';
import { draftFromCard } from '../model/card-draft';
import { ProductForm } from '../product-form/product-form';
import { nomenclaturesText } from '../locale';

export function ProductEditManuallyPage() {
  const { id = '' } = useParams();
  const partner = useCurrentPartner();
  if (!partner) return null;
  return <EditScreen key={`${partner.partnerId}:${id}`} partnerId={partner.partnerId} id={id} />;
}

export function EditScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const card = useCard(partnerId, id);
  const title = fill(nomenclaturesText.editManually.title, { id });
  if (card.isPending) return <PageLoader />;
  if (card.isError)
    return (
      <Result
        status="error"
        title={nomenclaturesText.form.loadError}
        subTitle={isRpcError(card.error) ? card.error.apiMessage : undefined}
        extra={<Button onClick={() => void card.refetch()}>{nomenclaturesText.list.retry}</Button>}
      />
    );
  return (
    <ProductForm
      partnerId={partnerId}
      mode="edit"
      title={fill(nomenclaturesText.editManually.title, { id: card.data.card.sellerParentSku || id })}
      initial={draftFromCard(card.data.card)}
      moderationReason={card.data.moderationReason}
      key={title}
    />
  );
}
