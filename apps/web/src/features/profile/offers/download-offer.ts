// Downloading an offer's PDF through the client's REST method (so an expired token is renewed first),
// saved under the name the content-disposition header gives (spec 001 §7).
import type { Offer } from '@moda/contracts';
import { api } from '../../../lib/api/client';
import { fileNameFromDisposition } from '../../../lib/api/rpc-client';

/** downloadUrl is absolute under /rest; the client adds that prefix itself. */
const restPath = (url: string) => url.replace(/^\/rest(?=\/)/, '');

export async function downloadOffer(offer: Pick<Offer, 'downloadUrl' | 'fileName'>): Promise<string> {
  const response = await api.rest(restPath(offer.downloadUrl));
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), offer.fileName);
  const url = URL.createObjectURL(await response.blob());
  // A detached link: the shell's guard against external links never sees this blob: address.
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
