// GET /rest/api/v1/offers/{id}/download: the terms as a PDF, named through content-disposition.
import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { partnerScope, type Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { plainContext } from '../core/context';
import type { OffersService } from '../modules/offers/offers.service';
import { sendError } from './reply';

export async function offerRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; offers: OffersService },
) {
  app.get<{ Params: { id: string } }>('/rest/api/v1/offers/:id/download', async (req, reply) => {
    try {
      const principal = await opts.dispatcher.caller(transportOf(req)).authenticate();
      const { fileName, body } = await opts.offers.open(
        plainContext(opts.dispatcher.db, { principal, ip: req.ip }),
        req.params.id,
        partnerScope(principal),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .send(body);
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
