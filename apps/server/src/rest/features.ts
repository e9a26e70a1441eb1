// Feature flags over REST (spec 001 §7): thin adapters onto the catalogue's methods.
import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { sendOutcome } from './reply';

export async function featureRoutes(app: FastifyInstance, opts: { dispatcher: Dispatcher }) {
  const { dispatcher } = opts;
  app.get<{ Params: { partnerId: string } }>(
    '/rest/api/v1/partners/:partnerId/features',
    async (req, reply) => {
      const outcome = await dispatcher.call(
        'v1.partners.features.list',
        { partnerId: Number(req.params.partnerId) },
        dispatcher.caller(transportOf(req)),
      );
      return sendOutcome(
        reply,
        outcome.ok ? { ok: true, result: (outcome.result as { items: unknown[] }).items } : outcome,
      );
    },
  );

  app.patch<{ Params: { partnerId: string; featureName: string }; Body: unknown }>(
    '/rest/api/v1/partners/:partnerId/features/:featureName',
    async (req, reply) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const outcome = await dispatcher.call(
        'v1.partners.features.update',
        {
          partnerId: Number(req.params.partnerId),
          featureName: req.params.featureName,
          enabled: body.enabled,
        },
        dispatcher.caller(transportOf(req)),
      );
      return sendOutcome(reply, outcome);
    },
  );
}
