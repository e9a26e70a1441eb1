// GET /rest/api/v1/offers/{id}/download: the terms as a PDF.
import type { RestRoute } from '../../core/rest';
import type { OffersService } from './offers.service';

export const offersRest = (offers: OffersService): RestRoute[] => [
  {
    method: 'GET',
    url: '/rest/api/v1/offers/:id/download',
    async handle(call) {
      const ctx = await call.signedIn();
      const { fileName, body } = await offers.open(ctx, call.params.id ?? '', call.scope(ctx.principal!));
      return { file: { contentType: 'application/pdf', fileName, body } };
    },
  },
];
