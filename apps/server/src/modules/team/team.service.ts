// The seller's team (issue 28): members of a partner with their roles, invitations by an emailed link, role
// changes and removals. The last owner stays; a removed member's next call for the partner is refused at
// once (the principal is reloaded on every instance through NOTIFY auth_changed).
import { randomBytes } from 'node:crypto';
import {
  TEAM_LIMITS,
  TEAM_ROLE_LABELS,
  passwordProblem,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
  type TokensResult,
} from '@moda/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import { emailJob, type Jobs } from '../../jobs/jobs';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { requirePartner, requirePrincipal, type CallContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { revokeTokensOf } from '../api-tokens';
import type { SessionsService } from '../sessions';
import * as q from './team.queries';

const DAY = 24 * 3600 * 1000;
/** Roles of a person who works for sellers; staff accounts of the marketplace are never invited to a team. */
const SELLER_ROLES = new Set(['partner_user', 'onboarding_user']);

export interface TeamDeps {
  config: Config;
  jobs: Pick<Jobs, 'send'>;
  auth: SessionsService;
  now: () => Date;
}

type Invitation = z.infer<typeof TeamInvitation>;

export class TeamService {
  constructor(private readonly deps: TeamDeps) {}

  async list(
    ctx: CallContext,
  ): Promise<{ members: z.infer<typeof TeamMember>[]; invitations: Invitation[] }> {
    const partnerId = requirePartner(ctx);
    const [members, invitations] = [
      await q.members(ctx.db, partnerId),
      await q.openInvitations(ctx.db, partnerId),
    ];
    return { members, invitations: invitations.map(toInvitation) };
  }

  async invite(ctx: CallContext, p: { email: string; role: TeamRole }): Promise<Invitation> {
    const partnerId = requirePartner(ctx);
    const user = await q.userByEmail(ctx.db, p.email);
    if (user && (await q.isMember(ctx.db, partnerId, user.id)))
      throw new AppError('team.alreadyMember', { field: 'email' });
    if (user && !user.roles.every((r) => SELLER_ROLES.has(r)))
      throw new AppError('team.notAnAccountForInvitation', { field: 'email' });
    // Inviting the same address again replaces its link: the old one stops working.
    await q.cancelOpenFor(ctx.db, partnerId, p.email);
    const open = await q.openInvitations(ctx.db, partnerId);
    if (open.length >= TEAM_LIMITS.maxOpenInvitations) throw new AppError('team.tooManyInvitations');
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.deps.now().getTime() + TEAM_LIMITS.invitationTtlDays * DAY);
    const principal = requirePrincipal(ctx);
    const id = await q.insertInvitation(ctx.db, {
      partnerId,
      email: p.email,
      role: p.role,
      tokenHash: hashToken(token),
      invitedBy: principal.userId,
      createdAt: this.deps.now(),
      expiresAt,
    });
    ctx.audit.objectId = id;
    const invitation = (await q.invitationById(ctx.db, id))!;
    const shop = (await q.usableInvitation(ctx.db, hashToken(token), this.deps.now(), false))?.shopName ?? '';
    const message = {
      to: p.email,
      subject: `Приглашение в команду продавца «${shop}» на Moda`,
      text: `Здравствуйте!\n\n${principal.email} приглашает вас в кабинет продавца «${shop}» на Moda с ролью «${TEAM_ROLE_LABELS[p.role]}».\n\nЧтобы принять приглашение, перейдите по ссылке:\n${this.deps.config.publicUrl}/invitation?hash=${token}\n\nСсылка действует ${TEAM_LIMITS.invitationTtlDays} дней. Если вы не ждали приглашения, просто удалите это письмо.\n\nКоманда Moda`,
    };
    ctx.afterCommit(() => this.deps.jobs.send(emailJob, message));
    return toInvitation(invitation);
  }

  async cancelInvitation(ctx: CallContext, id: string): Promise<{ ok: true }> {
    if (!(await q.cancel(ctx.db, requirePartner(ctx), id))) throw new AppError('team.invitationNotFound');
    return { ok: true };
  }

  async changeRole(ctx: CallContext, userId: string, role: TeamRole): Promise<z.infer<typeof TeamMember>> {
    const partnerId = requirePartner(ctx);
    const team = await q.lockMembers(ctx.db, partnerId);
    const member = team.find((m) => m.userId === userId);
    if (!member) throw new AppError('team.memberNotFound');
    if (member.role === 'owner' && role !== 'owner' && owners(team) === 1)
      throw new AppError('team.lastOwner', { field: 'role' });
    await q.setRole(ctx.db, partnerId, userId, role);
    await this.deps.auth.principalChanged(ctx, userId);
    ctx.audit.objectId = userId;
    return (await q.members(ctx.db, partnerId)).find((m) => m.userId === userId)!;
  }

  async remove(ctx: CallContext, userId: string): Promise<{ ok: true }> {
    const partnerId = requirePartner(ctx);
    const team = await q.lockMembers(ctx.db, partnerId);
    const member = team.find((m) => m.userId === userId);
    if (!member) throw new AppError('team.memberNotFound');
    if (member.role === 'owner' && owners(team) === 1) throw new AppError('team.lastOwner');
    await q.unlink(ctx.db, partnerId, userId);
    // The API tokens they issued for the partner end with them, on every instance at commit.
    await revokeTokensOf(ctx.db, userId, partnerId);
    ctx.audit.objectId = userId;
    // A person left with no partner has nothing to log in for: every login ends. Otherwise their logins stay
    // for their other partners, and this one is refused from their next call (the principal is reloaded).
    if ((await q.partnerCount(ctx.db, userId)) === 0)
      await this.deps.auth.endAllSessions(ctx, userId, 'removed from the team');
    else await this.deps.auth.principalChanged(ctx, userId);
    return { ok: true };
  }

  async check(ctx: CallContext, hash: string) {
    const inv = await q.usableInvitation(ctx.db, hashToken(hash), this.deps.now(), false);
    if (!inv) throw new AppError('invitation.invalid');
    const user = await q.userByEmail(ctx.db, inv.email);
    return { email: inv.email, shopName: inv.shopName, role: inv.role, hasAccount: !!user };
  }

  /** The link proves the mailbox: an existing account joins with its password, a new one is made confirmed. */
  async accept(
    ctx: CallContext,
    p: { kind: 'existing'; hash: string; password: string } | { kind: 'new'; hash: string; password: string },
  ): Promise<TokensResult> {
    const inv = await q.usableInvitation(ctx.db, hashToken(p.hash), this.deps.now(), true);
    if (!inv) throw new AppError('invitation.invalid');
    ctx.audit.partnerId = inv.partnerId;
    let user = await q.userByEmail(ctx.db, inv.email);
    let userId: string;
    if (p.kind === 'existing') {
      if (!user) throw new AppError('invitation.noAccount', { field: 'password' });
      try {
        await this.deps.auth.checkCredentials(ctx, user.email, p.password);
      } catch (err) {
        if (
          err instanceof AppError &&
          (err.key === 'auth.invalidGrant' || err.key === 'auth.invalidCharacters')
        )
          throw new AppError('invitation.wrongPassword', { field: 'password' });
        throw err;
      }
      if (await q.isMember(ctx.db, inv.partnerId, user.id)) throw new AppError('team.alreadyMember');
      userId = user.id;
      if (!user.roles.includes('partner_user'))
        await q.setUserRoles(ctx.db, userId, [...new Set([...user.roles, 'partner_user'])]);
      await q.confirmUser(ctx.db, userId);
    } else {
      if (user) throw new AppError('invitation.accountExists', { field: 'password' });
      const problem = passwordProblem(p.password);
      if (problem)
        throw new AppError('registration.unableToRegisterWithThisPassword', {
          field: 'password',
          message: problem,
        });
      userId = await q.insertUser(ctx.db, {
        email: inv.email,
        passwordHash: await hashPassword(p.password),
        roles: ['partner_user'],
        externalId: `EXT-${randomBytes(5).toString('hex').toUpperCase()}`,
        confirmedAt: this.deps.now(),
      });
      user = await q.userByEmail(ctx.db, inv.email);
    }
    await q.link(ctx.db, inv.partnerId, userId, inv.role);
    await q.markAccepted(ctx.db, inv.id);
    await this.deps.auth.principalChanged(ctx, userId);
    const roles = [...new Set([...(user?.roles ?? []), 'partner_user'])] as TokensResult['scope'];
    const tokens = await this.deps.auth.startSession(ctx, userId, roles);
    ctx.audit.objectId = inv.id;
    return tokens;
  }
}

function owners(team: { role: TeamRole }[]): number {
  return team.filter((m) => m.role === 'owner').length;
}

function toInvitation(r: Awaited<ReturnType<typeof q.openInvitations>>[number]): Invitation {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    invitedBy: r.invitedBy,
  };
}
