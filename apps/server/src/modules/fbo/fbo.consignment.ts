// Who has FBO: only a partner on consignment keeps goods at the marketplace's warehouses. The supplies' service
// and the stock screen's service both ask it first, with the same coded error.
import { requirePartner, type CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import type { PartnersService } from '../partners';

/** The caller's partner when it is on consignment; otherwise `fbo.notConsignment`. */
export async function requireConsignment(partners: PartnersService, ctx: CallContext): Promise<number> {
  const partnerId = requirePartner(ctx);
  const partner = await partners.current(ctx);
  if (partner.businessModel !== 'consignment') throw new AppError('fbo.notConsignment');
  return partnerId;
}
