// The action inbox (issue 28): asks every area's provider at once for the partner's items and orders them.
import { sortInbox, type InboxItem } from '@moda/contracts';
import type { CallContext } from '../../core/context';
import type { InboxRegistry } from '../../core/inbox';
import type { PartnersService } from '../partners';

export class InboxService {
  constructor(
    private readonly deps: {
      partners: PartnersService;
      registry: InboxRegistry;
      now: () => Date;
      log: (obj: object, msg: string) => void;
    },
  ) {}

  async list(ctx: CallContext): Promise<{ items: InboxItem[]; incomplete: boolean }> {
    const partner = await this.deps.partners.current(ctx);
    const { items, failed } = await this.deps.registry.collect({
      partnerId: partner.partnerId,
      partner,
      now: this.deps.now(),
    });
    for (const f of failed) this.deps.log({ err: f.error, module: f.module }, 'inbox provider failed');
    return { items: sortInbox(items), incomplete: failed.length > 0 };
  }
}
