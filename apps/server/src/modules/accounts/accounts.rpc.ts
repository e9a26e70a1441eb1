// Account methods: registration, recovery, profile, support, linked accounts.
import type { HandlerMap } from '../../core/handlers';
import { SUPPORT_REASONS, type AccountsService } from './accounts.service';

export const accountsRpc = (a: AccountsService) =>
  ({
    'v1.registration.initiate': (ctx, p) => a.register(ctx, p),
    'v1.registration.resend-email': (ctx, p) => a.resendConfirmation(ctx, p.email),
    'v1.registration.check-confirmation-token': (ctx, p) => a.checkConfirmation(ctx, p.hash),
    'v1.user.registration.complete': (ctx, p) => a.completeRegistration(ctx, p),
    'v1.passwords.send-reset-email': (ctx, p) => a.sendReset(ctx, p.username),
    'v1.passwords.check-reset-token': (ctx, p) => a.checkReset(ctx, p.hash),
    'v1.passwords.confirm-reset': (ctx, p) => a.confirmReset(ctx, p),
    'v1.seller.profile.get': (ctx) => a.profile(ctx),
    'v1.seller.profile.update-contacts': (ctx, p) => a.updateContacts(ctx, p.contacts),
    'v1.seller.brands.list': (ctx) => a.brands(ctx),
    'v1.support.reasons.list': async () => ({ items: SUPPORT_REASONS.map((r) => ({ ...r })) }),
    'v1.support.email.send': (ctx, p) => a.sendSupport(ctx, p),
    'v1.accounts.add': (ctx, p) => a.addAccount(ctx, p),
  }) satisfies HandlerMap;
