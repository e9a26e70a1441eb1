// The action inbox's registry (issue 28): each module's descriptor may contribute a provider of its area's
// items; the inbox method asks every provider at once. A provider reads its own module's indexed counts or kept
// counters — never a copy — so the home page stays fast.
import type { InboxItem, Partner } from '@moda/contracts';

export interface InboxQuery {
  partnerId: number;
  /** The partner (its business model, sections, features): a provider whose area it lacks answers [] at once. */
  partner: Partner;
  now: Date;
}
export type InboxProvider = (q: InboxQuery) => Promise<InboxItem[]>;

export class InboxRegistry {
  private readonly providers: { module: string; provide: InboxProvider }[] = [];

  add(module: string, provide: InboxProvider): void {
    this.providers.push({ module, provide });
  }

  /** Every provider in parallel; one that fails is named in `failed` and the others still answer. */
  async collect(
    q: InboxQuery,
  ): Promise<{ items: InboxItem[]; failed: { module: string; error: unknown }[] }> {
    const settled = await Promise.allSettled(this.providers.map((p) => p.provide(q)));
    const items: InboxItem[] = [];
    const failed: { module: string; error: unknown }[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') items.push(...s.value);
      else failed.push({ module: this.providers[i]!.module, error: s.reason });
    });
    return { items, failed };
  }
}
