// Accounts: registration with email confirmation, password recovery, the seller's profile and brands,
// support requests with an attachment, and linking another seller account to the user.
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  ERRORS,
  fill,
  passwordProblem,
  type Partner,
  type TokensResult,
  type SellerProfile,
} from '@moda/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import { emailJob, type Jobs } from '../../jobs/jobs';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import type { CallContext } from '../../core/context';
import { concurrently } from '../../db/client';
import { requirePartner, requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { SessionsService } from '../sessions';
import type { UploadsService } from '../uploads';
import type { PartnersService } from '../partners';
import * as q from './accounts.queries';

/** Reasons a seller can write to support about (served, so support can change them without a release). */
export const SUPPORT_REASONS = [
  { code: 'catalogue', name: 'Товары и карточки' },
  { code: 'prices', name: 'Цены и скидки' },
  { code: 'orders', name: 'Заказы и отгрузки' },
  { code: 'supplies', name: 'Поставки и возвраты FBO' },
  { code: 'warehouses', name: 'Склады и логистика FBS' },
  { code: 'finance', name: 'Финансы и документы' },
  { code: 'account', name: 'Доступ к кабинету' },
  { code: 'other', name: 'Другое' },
] as const;

const HOUR = 3600 * 1000;

/** s***r@moda.test: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.length <= 2 ? (name[0] ?? '') : `${name[0]}***${name[name.length - 1]}`}@${domain}`;
}

export interface AccountsDeps {
  config: Config;
  jobs: Pick<Jobs, 'send'>;
  auth: SessionsService;
  files: UploadsService;
  partners: PartnersService;
}

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  private async sendLink(ctx: CallContext, userId: string, email: string, kind: q.TokenKind): Promise<void> {
    const token = randomBytes(24).toString('base64url');
    const ttl = kind === 'confirm' ? ACCOUNT_LIMITS.confirmationTtlHours : ACCOUNT_LIMITS.resetTtlHours;
    await q.insertToken(ctx.db, userId, kind, hashToken(token), new Date(Date.now() + ttl * HOUR));
    const base = this.deps.config.publicUrl;
    const message =
      kind === 'confirm'
        ? {
            to: email,
            subject: 'Подтвердите регистрацию в кабинете продавца Moda',
            text: `Здравствуйте!\n\nЧтобы завершить регистрацию, перейдите по ссылке:\n${base}/registration?hash=${token}\n\nСсылка действует ${ttl} часа. Если вы не регистрировались, просто удалите это письмо.\n\nКоманда Moda`,
          }
        : {
            to: email,
            subject: 'Восстановление пароля в кабинете продавца Moda',
            text: `Здравствуйте!\n\nЧтобы задать новый пароль, перейдите по ссылке:\n${base}/reset/password?hash=${token}\n\nСсылка действует ${ttl} час. Если вы не запрашивали восстановление, просто удалите это письмо: пароль останется прежним.\n\nКоманда Moda`,
          };
    ctx.afterCommit(() => this.deps.jobs.send(emailJob, message));
  }

  async register(
    ctx: CallContext,
    p: { email: string; password: string },
  ): Promise<{ email: string; resendAfterSec: number }> {
    const existing = await q.userByEmail(ctx.db, p.email);
    if (existing?.confirmedAt)
      throw new AppError('registration.unableToRegisterWithThisEmail', { field: 'email' });
    if (existing) {
      // Registered but never confirmed: the new password replaces the old one and a fresh link goes out.
      await this.tooEarly(ctx, existing.id);
      await q.setPassword(ctx.db, existing.id, await hashPassword(p.password));
      await this.sendLink(ctx, existing.id, p.email, 'confirm');
      ctx.audit.userId = existing.id;
      return { email: p.email, resendAfterSec: ACCOUNT_LIMITS.resendAfterSec };
    }
    const userId = await q.insertUser(ctx.db, {
      email: p.email,
      passwordHash: await hashPassword(p.password),
      roles: ['onboarding_user'],
      externalId: `EXT-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    ctx.audit.userId = userId;
    ctx.audit.objectId = userId;
    await this.sendLink(ctx, userId, p.email, 'confirm');
    return { email: p.email, resendAfterSec: ACCOUNT_LIMITS.resendAfterSec };
  }

  private async tooEarly(ctx: CallContext, userId: string): Promise<void> {
    const last = await q.lastTokenAt(ctx.db, userId, 'confirm');
    const wait = last ? Math.ceil(ACCOUNT_LIMITS.resendAfterSec - (Date.now() - last.getTime()) / 1000) : 0;
    if (wait > 0) {
      throw new AppError('registration.tooEarlyToRefreshConfirm', {
        message: fill(ERRORS['registration.tooEarlyToRefreshConfirm'].message, { seconds: wait }),
        data: { seconds: wait },
      });
    }
  }

  async resendConfirmation(ctx: CallContext, email: string): Promise<{ resendAfterSec: number }> {
    const user = await q.userByEmail(ctx.db, email);
    if (!user) throw new AppError('registration.userNotFound', { field: 'email' });
    if (user.confirmedAt) throw new AppError('registration.userAlreadyConfirmed');
    await this.tooEarly(ctx, user.id);
    await this.sendLink(ctx, user.id, user.email, 'confirm');
    return { resendAfterSec: ACCOUNT_LIMITS.resendAfterSec };
  }

  async checkConfirmation(ctx: CallContext, hash: string): Promise<{ email: string }> {
    const userId = await q.validToken(ctx.db, hashToken(hash), 'confirm', false);
    if (!userId) return this.explainDeadLink(ctx, hash);
    const user = await q.userById(ctx.db, userId);
    if (user?.confirmedAt) throw new AppError('registration.userAlreadyConfirmed');
    return { email: user!.email };
  }

  /** A used or expired link: already confirmed is told apart from a link that simply ran out. */
  private async explainDeadLink(ctx: CallContext, hash: string): Promise<never> {
    const owner = await q.tokenOwner(ctx.db, hashToken(hash));
    const user = owner ? await q.userById(ctx.db, owner) : undefined;
    if (user?.confirmedAt) throw new AppError('registration.userAlreadyConfirmed');
    throw new AppError('registration.invalidToken');
  }

  /**
   * The link is checked without being used: a mistyped password is a field error (counted under the login
   * limits), and the link stays valid until it is used successfully or expires.
   */
  async completeRegistration(
    ctx: CallContext,
    p: { username: string; password: string; hash: string },
  ): Promise<TokensResult> {
    const owner = await q.validToken(ctx.db, hashToken(p.hash), 'confirm', false);
    if (!owner) return this.explainDeadLink(ctx, p.hash);
    const user = await q.userById(ctx.db, owner);
    if (!user || user.email.toLowerCase() !== p.username.toLowerCase())
      throw new AppError('registration.wrongPassword', { field: 'password' });
    try {
      await this.deps.auth.checkCredentials(ctx, user.email, p.password);
    } catch (err) {
      if (
        err instanceof AppError &&
        (err.key === 'auth.invalidGrant' || err.key === 'auth.invalidCharacters')
      )
        throw new AppError('registration.wrongPassword', { field: 'password' });
      throw err;
    }
    // Used now, once: a second confirmation with the same link (or one racing this) finds it spent.
    if (!(await q.validToken(ctx.db, hashToken(p.hash), 'confirm', true)))
      return this.explainDeadLink(ctx, p.hash);
    await q.confirmUser(ctx.db, owner);
    return this.deps.auth.startSession(ctx, owner, user.roles as TokensResult['scope']);
  }

  async sendReset(ctx: CallContext, username: string): Promise<{ email: string }> {
    const user = await q.userByLogin(ctx.db, username.trim());
    if (!user || user.disabledAt) throw new AppError('password.recoveryUserNotFound', { field: 'username' });
    await this.sendLink(ctx, user.id, user.email, 'reset');
    ctx.audit.userId = user.id;
    return { email: maskEmail(user.email) };
  }

  async checkReset(ctx: CallContext, hash: string): Promise<{ ok: true }> {
    if (!(await q.validToken(ctx.db, hashToken(hash), 'reset', false)))
      throw new AppError('registration.invalidToken');
    return { ok: true };
  }

  async confirmReset(ctx: CallContext, p: { hash: string; password: string }): Promise<{ ok: true }> {
    const userId = await q.validToken(ctx.db, hashToken(p.hash), 'reset', true);
    if (!userId) throw new AppError('registration.invalidToken');
    const user = await q.userById(ctx.db, userId);
    if (await verifyPassword(user!.passwordHash, p.password))
      throw new AppError('password.sameAsOld', { field: 'password' });
    const problem = passwordProblem(p.password);
    if (problem)
      throw new AppError('registration.unableToRegisterWithThisPassword', {
        field: 'password',
        message: problem,
      });
    await q.setPassword(ctx.db, userId, await hashPassword(p.password));
    // Following a reset link proves the mailbox: an unconfirmed account becomes confirmed.
    if (!user!.confirmedAt) await q.confirmUser(ctx.db, userId);
    await this.deps.auth.endAllSessions(ctx, userId, 'password reset');
    ctx.audit.userId = userId;
    return { ok: true };
  }

  async profile(ctx: CallContext): Promise<z.infer<typeof SellerProfile>> {
    const partner = await this.deps.partners.current(ctx);
    const row = await q.profileOf(ctx.db, partner.partnerId);
    return {
      partnerId: partner.partnerId,
      shopName: partner.shopName,
      partnershipStart: row?.partnershipStart ?? null,
      contractNumber: row?.contractNumber ?? null,
      contacts: (row?.contacts as z.infer<typeof SellerProfile>['contacts']) ?? null,
      ceoName: row?.ceoName ?? null,
      bankAccount: (row?.bankAccount as z.infer<typeof SellerProfile>['bankAccount']) ?? null,
    };
  }

  async updateContacts(ctx: CallContext, contacts: { name: string; phone: string; email: string }) {
    await q.upsertContacts(ctx.db, requirePartner(ctx), contacts);
    return this.profile(ctx);
  }

  async brands(ctx: CallContext) {
    const partnerId = requirePartner(ctx);
    const [profile, brands] = await concurrently(ctx.db, [
      () => q.profileOf(ctx.db, partnerId),
      () => q.brandsOf(ctx.db, partnerId),
    ]);
    return {
      countries: profile?.countries ?? ['RU'],
      items: brands.map((b) => ({
        name: b.name,
        countries: b.countries,
        needsPermission: b.needsPermission,
        permissionGranted: b.permissionGranted,
      })),
    };
  }

  async sendSupport(
    ctx: CallContext,
    p: { reasonCode: string; text: string; attachmentId?: string | undefined },
  ) {
    const reason = SUPPORT_REASONS.find((r) => r.code === p.reasonCode);
    if (!reason) throw new AppError('support.unknownReason', { field: 'reasonCode' });
    const partner = await this.deps.partners.current(ctx);
    const principal = requirePrincipal(ctx);
    let attachment: { filename: string; storageKey: string } | undefined;
    if (p.attachmentId) {
      const file = await this.deps.files.findOwn(ctx, p.attachmentId, 'support_attachment');
      if (!file) throw new AppError('support.attachmentNotFound', { field: 'attachmentId' });
      attachment = { filename: file.name, storageKey: file.storageKey };
    }
    const requestId = await q.insertSupportRequest(ctx.db, {
      partnerId: partner.partnerId,
      userId: principal.userId,
      reasonCode: reason.code,
      text: p.text,
      attachmentFileId: p.attachmentId ?? null,
    });
    ctx.audit.objectId = requestId;
    const message = {
      to: this.deps.config.supportMailbox,
      replyTo: principal.email,
      subject: `Обращение продавца ${partner.partnerId} «${partner.shopName}»: ${reason.name}`,
      text: `Партнёр: ${partner.partnerId} «${partner.shopName}»\nОт: ${principal.email}\nТема: ${reason.name}\nНомер обращения: ${requestId}\n\n${p.text}`,
      ...(attachment ? { attachments: [attachment] } : {}),
    };
    ctx.afterCommit(() => this.deps.jobs.send(emailJob, message));
    return { requestId };
  }

  async addAccount(
    ctx: CallContext,
    p: { username?: string | undefined; password?: string | undefined },
  ): Promise<{ partners: Partner[] }> {
    const principal = requirePrincipal(ctx);
    if (!p.username?.trim() || !p.password) throw new AppError('auth.emptyFields');
    const other = await this.deps.auth.checkCredentials(ctx, p.username.trim(), p.password);
    if (other.id === principal.userId) throw new AppError('accounts.alreadyLinked');
    if (!other.roles.includes('partner_user')) throw new AppError('accounts.notASeller');
    const theirs = await q.partnerIdsOf(ctx.db, other.id);
    if (theirs.length === 0) throw new AppError('accounts.notASeller');
    if (theirs.every((id) => principal.partnerIds.includes(id))) throw new AppError('accounts.alreadyLinked');
    await q.linkPartners(ctx.db, principal.userId, theirs);
    await this.deps.auth.principalChanged(ctx, principal.userId);
    ctx.audit.objectId = other.id;
    return {
      partners: await this.deps.partners.byIds(ctx, [...new Set([...principal.partnerIds, ...theirs])]),
    };
  }
}
