// POST /rest/api/{product}-seller/nomenclature/template-generate (spec 001 §7 REST): the Excel template of
// product import for a category in a mode (spec 000 §3 template modes), streamed as it is written.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { Category, PRODUCT, TemplateMode, toFieldErrors, type Role } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { CatalogueService } from '../catalogue';
import type { ImportsService } from './imports.service';

const Body = z.strictObject({
  partnerId: z.number().int().positive(),
  category: Category,
  mode: TemplateMode.default('full'),
});

const TEMPLATE_ROLES: Role[] = ['partner_user', 'b2b_manager', 'support_engineer', 'admin', 'cc_operator'];
const TEMPLATE_OP = {
  name: 'v1.imports.list',
  roles: TEMPLATE_ROLES,
  partner: true,
  mutates: false,
} as const;

const MODE_FILE: Record<z.infer<typeof TemplateMode>, string> = {
  full: 'полный',
  reduced: 'сокращённый',
  full_update: 'обновление',
};

export const importsRest = (imports: ImportsService, catalogue: CatalogueService): RestRoute[] => [
  {
    method: 'POST',
    url: `/rest/api/${PRODUCT}-seller/nomenclature/template-generate`,
    async handle(call) {
      await call.principal();
      const parsed = Body.safeParse(call.body ?? {});
      if (!parsed.success) {
        const errors = toFieldErrors(parsed.error);
        throw new AppError('rpc.invalidParams', { errors, field: errors[0]?.field });
      }
      const { partnerId, category, mode } = parsed.data;
      const ctx = await call.authorize(TEMPLATE_OP, partnerId);
      const categoryName = catalogue.categories().items.find((c) => c.code === category)?.name ?? category;
      const out = new PassThrough();
      imports.template(ctx, category, mode, out).catch((err: unknown) => {
        call.logError(err, 'template generation failed');
        out.destroy(err as Error);
      });
      return {
        file: {
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          fileName: `Шаблон_${categoryName}_${MODE_FILE[mode]}.xlsx`,
          body: out,
        },
      };
    },
  },
];
