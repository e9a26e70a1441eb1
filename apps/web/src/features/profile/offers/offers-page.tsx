// Cooperation terms (spec 000 §2 /profile/offers, §4 Offers, §6): the partner's documents, downloads,
// and signing the newest unsigned version, after which the list and the statuses reload and the
// read-only cabinet opens. Failures name what failed with the cause appended (spec 001 §8).
import { useState } from 'react';
import { Alert, App, Card, Flex, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import type { Offer } from '@moda/contracts';
import { mayCall } from '../../../lib/api/may-call';
import { useReadySession } from '../../../lib/session/session';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { PageHeader } from '../../../components/page-header/page-header';
import { useApproveOffer } from '../api/profile-mutations';
import { useOffers } from '../api/profile-queries';
import { NoPartner } from '../components/no-partner';
import { QueryFailure } from '../components/query-failure';
import { causeOf, failureText } from '../model/failure';
import { profileText } from '../locale';
import { downloadOffer } from './download-offer';
import { OffersList, signableOffer } from './offers-list';
import { SignDialog } from './sign-dialog';
import '../profile.css';

const SIGN_PARAM = 'sign';

export function ProfileOffersPage() {
  const { partner } = useReadySession();
  const text = profileText.offers;
  if (!partner) {
    return (
      <>
        <PageHeader title={text.title} subtitle={text.subtitle} />
        <NoPartner />
      </>
    );
  }
  return <OffersScreen partnerId={partner.partnerId} />;
}

function OffersScreen({ partnerId }: { partnerId: number }) {
  const text = profileText.offers;
  const { user } = useReadySession();
  const { notification } = App.useApp();
  const readOnly = useReadOnly();
  const offers = useOffers(partnerId);
  const approve = useApproveOffer();
  const [params, setParams] = useSearchParams();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const canSign = mayCall('v1.offers.approve', user.roles);
  const items = offers.data?.items ?? [];
  const signable = canSign ? signableOffer(items) : null;
  const dialogOffer = signable && params.get(SIGN_PARAM) === signable.id ? signable : null;

  const setDialog = (offer: Offer | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (offer) next.set(SIGN_PARAM, offer.id);
        else next.delete(SIGN_PARAM);
        return next;
      },
      { replace: offer === null },
    );

  async function sign(offer: Offer) {
    try {
      await approve.mutateAsync({ partnerId, newestOfferId: offer.id });
      notification.success({ title: text.signed });
      setDialog(null);
    } catch (error) {
      notification.error({ title: text.approveFailed, description: causeOf(error) });
    }
  }

  async function download(offer: Offer) {
    setDownloadingId(offer.id);
    try {
      await downloadOffer(offer);
    } catch (error) {
      notification.error({ title: text.downloadFailed, description: causeOf(error) });
    } finally {
      setDownloadingId(null);
    }
  }

  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Flex vertical gap={16}>
        {readOnly.error ? (
          <Alert type="error" showIcon title={failureText(text.statusesFailed, readOnly.error)} />
        ) : null}
        {/* The shell's banner already says the cabinet is read-only; staff also learn who may sign. */}
        {readOnly.readOnly && !canSign ? <Alert type="info" showIcon title={text.staffCannotSign} /> : null}
        {offers.isError ? (
          <QueryFailure what={text.fetchFailed} error={offers.error} retry={() => void offers.refetch()} />
        ) : !offers.data ? (
          <Card className="profile-card">
            <Skeleton active />
          </Card>
        ) : (
          <OffersList
            items={items}
            canSign={canSign}
            onSign={setDialog}
            onDownload={(o) => void download(o)}
            downloadingId={downloadingId}
            signingId={approve.isPending ? (dialogOffer?.id ?? null) : null}
          />
        )}
      </Flex>
      <SignDialog
        offer={dialogOffer}
        pending={approve.isPending}
        onSign={(o) => void sign(o)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
