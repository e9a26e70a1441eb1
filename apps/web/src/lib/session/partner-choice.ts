// The current partner remembered per user (spec 000 §6: "the current partner is chosen and remembered").
// Internal roles pick partners they are not linked to, so the whole partner record is kept for them.
import type { Partner } from '@moda/contracts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage/browser-storage';

interface StoredChoice {
  partnerId: number;
  partner?: Partner;
}

export const partnerChoice = {
  read(userId: string): StoredChoice | undefined {
    const stored = readJson<StoredChoice>(STORAGE_KEYS.partnerChoice(userId));
    return typeof stored?.partnerId === 'number' ? stored : undefined;
  },
  write(userId: string, partner: Partner, keepRecord: boolean): void {
    writeJson(
      STORAGE_KEYS.partnerChoice(userId),
      keepRecord ? { partnerId: partner.partnerId, partner } : { partnerId: partner.partnerId },
    );
  },
};
