// Cooperation terms (offers): versions a partner must sign, and the read-only restriction until they do
// (spec 000 §3 Offer, §4 Offers, §6; spec 001 §7 Offers, §8).
import { z } from 'zod';
import { Role } from './enums';
import { defineMethod, partnerParams } from './rpc';
import { safeString } from './text';

export const OfferStatus = z.enum(['new', 'agreed', 'superseded']);
export const Offer = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  version: z.string(),
  /** The date the terms take effect. */
  actDate: z.string(),
  status: OfferStatus,
  approvalInformation: z.strictObject({
    isAgreed: z.boolean(),
    date: z.string().nullable(),
    email: z.string().nullable(),
  }),
  downloadUrl: z.string(),
});
export type Offer = z.infer<typeof Offer>;
export const OfferPartnerStatus = z.strictObject({
  partnerId: z.number().int(),
  hasActual: z.boolean(),
  hasPending: z.boolean(),
  /** The cabinet is read-only until the terms are confirmed. */
  restricted: z.boolean(),
});

export const offersList = defineMethod({
  name: 'v1.offers.list',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ items: z.array(Offer) }),
  roles: Role.options,
  partner: true,
  mutates: false,
  description: 'Offer documents of the partner, newest first.',
});
export const offersApprove = defineMethod({
  name: 'v1.offers.approve',
  params: z.strictObject({ ...partnerParams, newestOfferId: safeString().max(64) }),
  result: Offer,
  roles: ['partner_user'],
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Sign the newest unsigned offer. Older unsigned versions are superseded by it.',
});
export const offersStatusesList = defineMethod({
  name: 'v1.offers.statuses.list',
  params: z.strictObject({}),
  result: z.strictObject({ items: z.array(OfferPartnerStatus) }),
  roles: Role.options,
  partner: false,
  mutates: false,
  description:
    'For each of the caller’s partners: whether signed terms exist, whether a new version waits, and whether the cabinet is restricted.',
});
export const offersPublish = defineMethod({
  name: 'v1.offers.publish',
  params: z.strictObject({
    ...partnerParams,
    version: safeString({ trim: true }).min(1).max(20),
    actDate: z.iso.date(),
  }),
  result: Offer,
  roles: ['admin', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Publish a new version of the cooperation terms for a partner (internal roles).',
});
