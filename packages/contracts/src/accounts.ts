// Accounts: registration and confirmation, password recovery, the seller's profile, support requests
// and linking another partner account (spec 000 §2 screens, §4 flow; spec 001 §5 Password, §8).
import { z } from 'zod';
import { Role } from './enums';
import { TokensResult } from './auth';
import { defineMethod, Ok, partnerParams } from './rpc';
import { Partner } from './partners';
import { VALIDATION } from './messages';
import { Phone10, safeString } from './text';

export const PASSWORD_POLICY = { min: 8, max: 14 } as const;
export const PASSWORD_SPECIALS = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

/** Why a password breaks the policy of spec 001 §5, or null when it meets it. */
export function passwordProblem(pw: string): string | null {
  if (pw.length < PASSWORD_POLICY.min || pw.length > PASSWORD_POLICY.max)
    return 'Пароль должен содержать от 8 до 14 символов';
  if (/[^\x21-\x7e]/.test(pw)) return 'Используйте только латинские буквы, цифры и спецсимволы, без пробелов';
  if (!/\d/.test(pw)) return 'Добавьте хотя бы одну цифру';
  if (!/[a-z]/.test(pw) || !/[A-Z]/.test(pw)) return 'Добавьте строчные и заглавные латинские буквы';
  if (![...pw].some((c) => PASSWORD_SPECIALS.includes(c)))
    return 'Добавьте хотя бы один спецсимвол, например ! или #';
  return null;
}

/** The strength meter of the registration and reset forms: low, good or strong. */
export function passwordStrength(pw: string): 'low' | 'good' | 'strong' {
  if (passwordProblem(pw)) return 'low';
  const classes =
    [/[a-z]/, /[A-Z]/, /\d/].filter((r) => r.test(pw)).length +
    ([...pw].filter((c) => PASSWORD_SPECIALS.includes(c)).length > 1 ? 2 : 1);
  return pw.length >= 12 && classes >= 5 ? 'strong' : 'good';
}

export const Password = safeString().superRefine((pw, ctx) => {
  const problem = passwordProblem(pw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export const Email = safeString({ trim: true }).toLowerCase().max(254).pipe(z.email(VALIDATION.invalidEmail));

export const ACCOUNT_LIMITS = {
  confirmationTtlHours: 24,
  resetTtlHours: 1,
  /** Seconds before another confirmation email may be sent (tooEarlyToRefreshConfirm). */
  resendAfterSec: 60,
} as const;

export const RegistrationInitiateParams = z
  .strictObject({
    email: Email,
    password: Password,
    passwordRepeat: safeString(),
    consent: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordRepeat)
      ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'Пароли не совпадают' });
    if (!v.consent)
      ctx.addIssue({
        code: 'custom',
        path: ['consent'],
        message: 'Нужно согласие на обработку персональных данных',
      });
  });
export const registrationInitiate = defineMethod({
  name: 'v1.registration.initiate',
  params: RegistrationInitiateParams,
  result: z.strictObject({ email: z.string(), resendAfterSec: z.number().int() }),
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Register with an email and a password; a confirmation link is emailed.',
});
export const registrationResendEmail = defineMethod({
  name: 'v1.registration.resend-email',
  params: z.strictObject({ email: Email }),
  result: z.strictObject({ resendAfterSec: z.number().int() }),
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Send the confirmation link again, at most once a minute.',
});
export const registrationCheckToken = defineMethod({
  name: 'v1.registration.check-confirmation-token',
  params: z.strictObject({ hash: safeString().min(10).max(200) }),
  result: z.strictObject({ email: z.string() }),
  roles: 'public',
  partner: false,
  mutates: false,
  description: 'Whether a confirmation link is still valid, and for which email.',
});
export const userRegistrationComplete = defineMethod({
  name: 'v1.user.registration.complete',
  params: z.strictObject({
    username: Email,
    password: safeString().min(1).max(128),
    hash: safeString().min(10).max(200),
  }),
  result: TokensResult,
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Confirm the email with the link’s hash and the password, and log in as a new seller.',
});

export const passwordsSendResetEmail = defineMethod({
  name: 'v1.passwords.send-reset-email',
  params: z.strictObject({ username: safeString({ trim: true }).min(1).max(254) }),
  result: z.strictObject({ email: z.string() }),
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Email a password reset link to the account with this email or login.',
});
export const passwordsCheckResetToken = defineMethod({
  name: 'v1.passwords.check-reset-token',
  params: z.strictObject({ hash: safeString().min(10).max(200) }),
  result: Ok,
  roles: 'public',
  partner: false,
  mutates: false,
  description: 'Whether a reset link is still valid.',
});
export const PasswordsConfirmResetParams = z
  .strictObject({ hash: safeString().min(10).max(200), password: Password, passwordRepeat: safeString() })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordRepeat)
      ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'Пароли не совпадают' });
  });
export const passwordsConfirmReset = defineMethod({
  name: 'v1.passwords.confirm-reset',
  params: PasswordsConfirmResetParams,
  result: Ok,
  roles: 'public',
  partner: false,
  mutates: true,
  description: 'Set a new password with a reset link; every existing login of the account ends.',
});

export const SellerContacts = z.strictObject({
  name: safeString({ trim: true }).min(2).max(150),
  phone: Phone10,
  email: Email,
});
export const SellerProfile = z.strictObject({
  partnerId: z.number().int(),
  shopName: z.string(),
  partnershipStart: z.string().nullable(),
  contractNumber: z.string().nullable(),
  contacts: SellerContacts.nullable(),
  ceoName: z.string().nullable(),
  bankAccount: z
    .strictObject({
      rating: z.string().nullable(),
      accountNumber: z.string(),
      name: z.string(),
      bankCode: z.string(),
      bankName: z.string(),
      inn: z.string(),
    })
    .nullable(),
});
export const sellerProfileGet = defineMethod({
  name: 'v1.seller.profile.get',
  params: z.strictObject(partnerParams),
  result: SellerProfile,
  roles: Role.options,
  partner: true,
  mutates: false,
  description: 'The seller’s profile: shop, contract, contacts, CEO and bank account.',
});
export const sellerProfileUpdateContacts = defineMethod({
  name: 'v1.seller.profile.update-contacts',
  params: z.strictObject({ ...partnerParams, contacts: SellerContacts }),
  result: SellerProfile,
  roles: ['partner_user', 'b2b_manager', 'support_engineer'],
  partner: true,
  mutates: true,
  description: 'Change the contact person; the rest of the profile is kept by the marketplace.',
});
export const SellerBrand = z.strictObject({
  name: z.string(),
  countries: z.array(z.string()),
  needsPermission: z.boolean(),
  permissionGranted: z.boolean(),
});
export const sellerBrandsList = defineMethod({
  name: 'v1.seller.brands.list',
  params: z.strictObject(partnerParams),
  result: z.strictObject({ countries: z.array(z.string()), items: z.array(SellerBrand) }),
  roles: Role.options,
  partner: true,
  mutates: false,
  description: 'Countries the seller sells in and their brands; some brands need permission to sell.',
});

export const SupportReason = z.strictObject({ code: z.string(), name: z.string() });
export const supportReasonsList = defineMethod({
  name: 'v1.support.reasons.list',
  params: z.strictObject({}),
  result: z.strictObject({ items: z.array(SupportReason) }),
  roles: Role.options,
  partner: false,
  mutates: false,
  description: 'Reasons a seller can pick when writing to support.',
});
export const supportEmailSend = defineMethod({
  name: 'v1.support.email.send',
  params: z.strictObject({
    ...partnerParams,
    reasonCode: safeString().min(1).max(50),
    text: safeString({ trim: true, multiline: true }).min(10).max(5000),
    /** An upload of type support_attachment (POST /rest/api/v1/files). */
    attachmentId: z.string().uuid().optional(),
  }),
  result: z.strictObject({ requestId: z.string() }),
  roles: Role.options,
  partner: true,
  mutates: true,
  allowWhenRestricted: true,
  description: 'Send a request to the support mailbox, with at most one attachment.',
});

export const accountsAdd = defineMethod({
  name: 'v1.accounts.add',
  // Checked by the login rules, as v1.tokens.create's (see TokensCreateParams).
  params: z.strictObject({
    username: z.string().max(254).optional(),
    password: z.string().max(128).optional(),
  }),
  result: z.strictObject({ partners: z.array(Partner) }),
  roles: ['partner_user'],
  partner: false,
  mutates: true,
  description: 'Link another seller account (its email or login and password) to the current user.',
});
