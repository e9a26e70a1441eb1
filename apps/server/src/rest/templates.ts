// POST /rest/api/{product}-seller/nomenclature/template-generate (spec 001 §7 REST): the Excel template of
// product import for a category in a mode (spec 000 §3 template modes), streamed as it is written.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { Category, PRODUCT, TemplateMode, toFieldErrors, type Role } from '@moda/contracts';
import type { Dispatcher } from '../rpc/dispatcher';
import { transportOf } from '../rpc/routes';
import { AppError } from '../core/errors';
import { plainContext } from '../core/context';
import type { CatalogueService } from '../modules/catalogue/catalogue.service';
import type { ImportsService } from '../modules/imports/imports.service';
import { sendError } from './reply';

const Body = z.strictObject({
  partnerId: z.number().int().positive(),
  category: Category,
  mode: TemplateMode.default('full'),
});

const TEMPLATE_ROLES: Role[] = ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'];
const TEMPLATE_OP = { roles: TEMPLATE_ROLES, partner: true, mutates: false } as const;

const MODE_FILE: Record<z.infer<typeof TemplateMode>, string> = {
  full: 'полный',
  reduced: 'сокращённый',
  full_update: 'обновление',
};

export async function templateRoutes(
  app: FastifyInstance,
  opts: { dispatcher: Dispatcher; imports: ImportsService; catalogue: CatalogueService },
) {
  const { dispatcher, imports, catalogue } = opts;
  app.post(`/rest/api/${PRODUCT}-seller/nomenclature/template-generate`, async (req, reply) => {
    try {
      const caller = dispatcher.caller(transportOf(req));
      const principal = await caller.authenticate();
      const parsed = Body.safeParse(req.body ?? {});
      if (!parsed.success) {
        const errors = toFieldErrors(parsed.error);
        throw new AppError('rpc.invalidParams', { errors, field: errors[0]?.field });
      }
      const { partnerId, category, mode } = parsed.data;
      await dispatcher.authorize(TEMPLATE_OP, caller, partnerId);
      const ctx = plainContext(dispatcher.db, { principal, partnerId, ip: req.ip });
      const categoryName = catalogue.categories().items.find((c) => c.code === category)?.name ?? category;
      const out = new PassThrough();
      const done = imports.template(ctx, category, mode, out).catch((err: unknown) => {
        req.log.error({ err }, 'template generation failed');
        out.destroy(err as Error);
      });
      void done;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`Шаблон_${categoryName}_${MODE_FILE[mode]}.xlsx`))
        .send(out);
    } catch (err) {
      return sendError(reply, err);
    }
  });
}
