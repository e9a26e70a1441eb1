// The seller's team (issue 28; spec 000 §2's roles screen): members of a partner with their roles, invitations
// by emailed link, and the Russian names of roles and access areas the permission table is shown with.
import { z } from 'zod';
import { type AccessArea, TeamRole } from './access';
import { Email, Password } from './accounts';
import { TokensResult } from './auth';
import { defineMethod, Ok, partnerParams } from './rpc';
import { safeString } from './text';

export const TEAM_LIMITS = {
  /** Days an invitation link stays valid. */
  invitationTtlDays: 7,
  /** Open invitations a partner may have at once. */
  maxOpenInvitations: 50,
} as const;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  catalogue_prices: 'Каталог и цены',
  orders_logistics: 'Заказы и логистика',
  questions_reviews: 'Вопросы и отзывы',
  analyst: 'Аналитик',
};

export const ACCESS_AREA_LABELS: Record<AccessArea, string> = {
  catalogue: 'Товары',
  prices: 'Цены',
  orders: 'Заказы',
  fbo: 'Поставки FBO',
  fbs: 'Отгрузки FBS',
  promotions: 'Акции',
  questions: 'Вопросы и отзывы',
  analytics: 'Аналитика',
  files: 'Файлы и загрузки',
  account: 'Профиль и договор',
  team: 'Команда',
  api: 'Доступ по API',
};

export const TeamMember = z.strictObject({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: TeamRole,
});
export const TeamInvitation = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: TeamRole,
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});

const MEMBER_ROLES = ['partner_user', 'admin', 'support_engineer'] as const;
const MANAGING_ROLES = ['partner_user', 'admin'] as const;

export const teamList = defineMethod({
  name: 'v1.team.list',
  params: z.strictObject({ ...partnerParams }),
  result: z.strictObject({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) }),
  roles: MEMBER_ROLES,
  partner: true,
  mutates: false,
  description: 'The partner’s team: members with their roles, and invitations not yet accepted.',
});
export const teamInvite = defineMethod({
  name: 'v1.team.invite',
  params: z.strictObject({ ...partnerParams, email: Email, role: TeamRole }),
  result: TeamInvitation,
  roles: MANAGING_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description:
    'Invite a person by email with a role: a link valid 7 days is emailed; inviting the same address again replaces it.',
});
export const teamCancelInvitation = defineMethod({
  name: 'v1.team.cancel-invitation',
  params: z.strictObject({ ...partnerParams, id: z.uuid() }),
  result: Ok,
  roles: MANAGING_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Withdraw an invitation: its link stops working.',
});
export const teamChangeRole = defineMethod({
  name: 'v1.team.change-role',
  params: z.strictObject({ ...partnerParams, userId: z.uuid(), role: TeamRole }),
  result: TeamMember,
  roles: MANAGING_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Give a member another role; the last owner keeps theirs.',
});
export const teamRemove = defineMethod({
  name: 'v1.team.remove',
  params: z.strictObject({ ...partnerParams, userId: z.uuid() }),
  result: Ok,
  roles: MANAGING_ROLES,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description:
    'Remove a member from the team: their next call for the partner is refused and their API tokens for it end; the last owner cannot be removed.',
});

const InvitationHash = safeString().min(10).max(200);
export const invitationsCheck = defineMethod({
  name: 'v1.invitations.check',
  params: z.strictObject({ hash: InvitationHash }),
  result: z.strictObject({
    email: z.string(),
    shopName: z.string(),
    role: TeamRole,
    /** Whether the address already has an account: then its password accepts, else a new password registers. */
    hasAccount: z.boolean(),
  }),
  roles: 'public',
  partner: false,
  mutates: false,
  description: 'Whether an invitation link is valid: for which address, partner and role.',
});
export const InvitationAcceptParams = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('existing'),
    hash: InvitationHash,
    password: safeString().min(1).max(128),
  }),
  z
    .strictObject({
      kind: z.literal('new'),
      hash: InvitationHash,
      password: Password,
      passwordRepeat: safeString(),
    })
    .superRefine((v, ctx) => {
      if (v.password !== v.passwordRepeat)
        ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'Пароли не совпадают' });
    }),
]);
export const invitationsAccept = defineMethod({
  name: 'v1.invitations.accept',
  params: InvitationAcceptParams,
  result: TokensResult,
  roles: 'public',
  partner: false,
  mutates: true,
  description:
    'Accept an invitation and log in: an existing account with its password, a new address by setting one (the link proves the mailbox).',
});
