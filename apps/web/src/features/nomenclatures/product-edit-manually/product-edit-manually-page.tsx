// Products (spec 000 §2 nomenclatures): the /nomenclatures/edit/manually/{id} screen — the card of any of
// its sizes loaded into the stepper, with the moderator's note when there is one.
import { Link, useParams } from 'react-router';
import { Button, Flex, Result } from 'antd';
import { fill, RpcCode } from '@moda/contracts';
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

/**
 * No card answers to this address: the server has none with this id for the partner, or the id in the
 * address is not an id at all (the server then refuses the `id` parameter). Trying again finds nothing.
 */
function isMissingCard(error: unknown): boolean {
  return (
    isRpcError(error) && (error.code === RpcCode.NotFound || error.fieldErrors.some((e) => e.field === 'id'))
  );
}

export function EditScreen({ partnerId, id }: { partnerId: number; id: string }) {
  const card = useCard(partnerId, id);
  const title = fill(nomenclaturesText.editManually.title, { id });
  if (card.isPending) return <PageLoader />;
  if (card.isError) {
    const text = nomenclaturesText.form;
    const missing = isMissingCard(card.error);
    const toList = (
      <Link to="/nomenclatures">
        <Button type={missing ? 'primary' : 'default'}>{text.toList}</Button>
      </Link>
    );
    return (
      <Result
        className="product-form__load-error"
        status={missing ? '404' : 'error'}
        title={missing ? text.notFound : text.loadError}
        subTitle={missing ? text.notFoundHint : isRpcError(card.error) ? card.error.apiMessage : undefined}
        extra={
          <Flex gap={8} justify="center" wrap>
            {missing ? null : (
              <Button type="primary" onClick={() => void card.refetch()}>
                {nomenclaturesText.list.retry}
              </Button>
            )}
            {toList}
          </Flex>
        }
      />
    );
  }
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
