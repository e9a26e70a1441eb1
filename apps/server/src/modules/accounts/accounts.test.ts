// Accounts end to end through a real SMTP server on loopback: registration and confirmation, password
// recovery, the profile, support requests with an attachment, and linking another account.
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

interface Mail {
  to: string[];
  raw: string;
}
const inbox: Mail[] = [];
let smtp: SMTPServer;
let t: TestApp;

/** The next message to `to`, parsed: headers, subject, decoded text and attachment types in one string. */
async function nextMail(to: string): Promise<string> {
  await expect.poll(() => inbox.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
  const i = inbox.findIndex((m) => m.to.includes(to));
  const mail = await PostalMime.parse(inbox.splice(i, 1)[0]!.raw);
  return [
    `Subject: ${mail.subject}`,
    `Reply-To: ${mail.replyTo?.map((a) => a.address).join(',') ?? ''}`,
    ...mail.attachments.map((a) => `Attachment: ${a.mimeType} ${a.filename}`),
    mail.text ?? '',
  ].join('\n');
}
const linkHash = (mail: string) => /hash=([\w-]+)/.exec(mail)![1]!;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('latin1')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({
    workers: true,
    config: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicUrl: 'http://moda.test',
      loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 50, failureWindowSec: 900 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(r));
});
beforeEach(() => {
  inbox.length = 0;
});

const register = (p: Record<string, unknown>) =>
  t.rpc('v1.registration.initiate', {
    email: 'new.brand@moda.test',
    password: 'Brand2026!',
    passwordRepeat: 'Brand2026!',
    consent: true,
    ...p,
  });
const fields = (r: { error?: { data?: { errors?: { field: string; message: string }[] } } }) =>
  r.error?.data?.errors ?? [];

describe('registration', () => {
  it.each([
    ['Br1!', 'Пароль должен содержать от 8 до 14 символов'],
    ['Brand2026!Brand2026', 'Пароль должен содержать от 8 до 14 символов'],
    ['Бренд2026!aB', 'Используйте только латинские буквы, цифры и спецсимволы, без пробелов'],
    ['Brand 2026!', 'Используйте только латинские буквы, цифры и спецсимволы, без пробелов'],
    ['BrandBrand!', 'Добавьте хотя бы одну цифру'],
    ['brand2026!', 'Добавьте строчные и заглавные латинские буквы'],
    ['BRAND2026!', 'Добавьте строчные и заглавные латинские буквы'],
    ['Brand2026', 'Добавьте хотя бы один спецсимвол, например ! или #'],
  ])('refuses the password %s: %s', async (password, message) => {
    const res = await register({ password, passwordRepeat: password });
    expect(fields(res)).toContainEqual({ field: 'password', message });
  });

  it('refuses a mismatched repeat, a missing consent and a bad email, each on its field, saving nothing', async () => {
    const res = await register({ email: 'not-an-email', passwordRepeat: 'Brand2026?', consent: false });
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Введите корректный email' },
        { field: 'passwordRepeat', message: 'Пароли не совпадают' },
        { field: 'consent', message: 'Нужно согласие на обработку персональных данных' },
      ]),
    );
    expect(await t.sql(`select 1 from users where email = 'not-an-email'`)).toHaveLength(0);
  });

  it('register → email with a link → confirm → log in as a new seller', async () => {
    const res = await register({ email: 'New.Brand@Moda.test' });
    expect(res.result).toEqual({ email: 'new.brand@moda.test', resendAfterSec: 60 });
    const mail = await nextMail('new.brand@moda.test');
    expect(mail).toContain('Подтвердите регистрацию');
    expect(mail).toContain('http://moda.test/registration?hash=');
    const hash = linkHash(mail);

    const early = await t.rpc('v1.tokens.create', {
      username: 'new.brand@moda.test',
      password: 'Brand2026!',
    });
    expect(early.error).toMatchObject({ data: { reason: 'registration.userNotConfirmed' } });
    expect((await t.rpc('v1.registration.check-confirmation-token', { hash })).result).toEqual({
      email: 'new.brand@moda.test',
    });
    // A mistyped password is a field error, and the link stays valid for the right one.
    const wrong = await t.rpc('v1.user.registration.complete', {
      username: 'new.brand@moda.test',
      password: 'Other2026!',
      hash,
    });
    expect(wrong.error).toMatchObject({
      code: 50400,
      data: {
        reason: 'registration.wrongPassword',
        errors: [
          {
            field: 'password',
            message: 'Неверный пароль: введите пароль, который вы задали при регистрации',
          },
        ],
      },
    });
    expect((await t.rpc('v1.registration.check-confirmation-token', { hash })).result).toEqual({
      email: 'new.brand@moda.test',
    });
    const done = await t.rpc('v1.user.registration.complete', {
      username: 'new.brand@moda.test',
      password: 'Brand2026!',
      hash,
    });
    expect(done.result.scope).toEqual(['onboarding_user']);
    const dict = (await t.rpc('v1.dictionaries.get', {}, done.result.accessToken)).result;
    expect(dict.user).toMatchObject({ email: 'new.brand@moda.test', isNewSeller: true });
    expect(dict.partners).toEqual([]);

    // Used successfully, the link is spent.
    const again = await t.rpc('v1.user.registration.complete', {
      username: 'new.brand@moda.test',
      password: 'Brand2026!',
      hash,
    });
    expect(again.error).toMatchObject({
      message: 'Этот адрес уже подтверждён: войдите в кабинет',
      data: { reason: 'registration.userAlreadyConfirmed' },
    });
    const twice = await register({ email: 'new.brand@moda.test' });
    expect(twice.error).toMatchObject({
      data: { reason: 'registration.unableToRegisterWithThisEmail', errors: [{ field: 'email' }] },
    });
  });

  it('resending within a minute is refused with the seconds left', async () => {
    await register({ email: 'quick@moda.test' });
    const res = await t.rpc('v1.registration.resend-email', { email: 'quick@moda.test' });
    expect(res.error?.data?.reason).toBe('registration.tooEarlyToRefreshConfirm');
    const seconds = res.error?.data?.seconds as number;
    expect(seconds).toBeGreaterThan(50);
    expect(res.error?.message).toBe(`Письмо можно отправить повторно через ${seconds} сек.`);
  });

  it('wrong passwords on the confirmation screen count under the login limits and leave the link valid', async () => {
    await register({ email: 'typo@moda.test' });
    const hash = linkHash(await nextMail('typo@moda.test'));
    const attempt = (password: string) =>
      t.rpc('v1.user.registration.complete', { username: 'typo@moda.test', password, hash }, undefined, {
        ip: '203.0.113.77',
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt('Wrong2026!')).error?.data?.reason).toBe('registration.wrongPassword');
    expect((await attempt('Brand2026!')).result?.scope).toEqual(['onboarding_user']);
    const failures = await t.sql<{ count: number }>(
      `select count from rate_limits where key like 'login:fail:user:%:203.0.113.77'`,
    );
    expect(failures).toEqual([{ count: 3 }]);
  });

  it('an expired link is refused', async () => {
    await register({ email: 'late@moda.test' });
    const hash = linkHash(await nextMail('late@moda.test'));
    await t.sql(`update user_tokens set expires_at = now() - interval '1 second'`);
    const res = await t.rpc('v1.user.registration.complete', {
      username: 'late@moda.test',
      password: 'Brand2026!',
      hash,
    });
    expect(res.error).toMatchObject({
      message: 'Ссылка устарела или уже использована. Запросите новую',
      data: { reason: 'registration.invalidToken' },
    });
  });
});

describe('password recovery', () => {
  it('an unknown user is told so', async () => {
    const res = await t.rpc('v1.passwords.send-reset-email', { username: 'nobody@moda.test' });
    expect(res.error).toMatchObject({ code: 50404, data: { errors: [{ field: 'username' }] } });
  });

  it('email or login → link → new password (checked) → old sessions end, new password works', async () => {
    const before = await t.login('dropship');
    const sent = await t.rpc('v1.passwords.send-reset-email', { username: 'dropship' });
    expect(sent.result).toEqual({ email: 'd***p@moda.test' });
    const mail = await nextMail('dropship@moda.test');
    expect(mail).toContain('http://moda.test/reset/password?hash=');
    const hash = linkHash(mail);
    expect((await t.rpc('v1.passwords.check-reset-token', { hash })).result).toEqual({ ok: true });

    const mismatch = await t.rpc('v1.passwords.confirm-reset', {
      hash,
      password: 'Drop2026!x',
      passwordRepeat: 'Drop2026!y',
    });
    expect(fields(mismatch)).toEqual([{ field: 'passwordRepeat', message: 'Пароли не совпадают' }]);
    const weak = await t.rpc('v1.passwords.confirm-reset', {
      hash,
      password: 'dropship',
      passwordRepeat: 'dropship',
    });
    expect(fields(weak)[0]!.field).toBe('password');
    const same = await t.rpc('v1.passwords.confirm-reset', {
      hash,
      password: 'Moda2026!',
      passwordRepeat: 'Moda2026!',
    });
    expect(same.error).toMatchObject({
      data: { errors: [{ field: 'password', message: 'Новый пароль должен отличаться от старого' }] },
    });

    // The refusals above did not use the link up.
    expect(
      (
        await t.rpc('v1.passwords.confirm-reset', {
          hash,
          password: 'Drop2026!x',
          passwordRepeat: 'Drop2026!x',
        })
      ).result,
    ).toEqual({ ok: true });
    expect((await t.rpc('v1.dictionaries.get', {}, before.accessToken)).error?.code).toBe(50401);
    expect(
      (await t.rpc('v1.tokens.create', { username: 'dropship', password: 'Moda2026!' })).error?.data?.error,
    ).toBe('invalid_grant');
    expect((await t.login('dropship', 'Drop2026!x')).accessToken).toBeTruthy();
    const reused = await t.rpc('v1.passwords.confirm-reset', {
      hash,
      password: 'Drop2026!z',
      passwordRepeat: 'Drop2026!z',
    });
    expect(reused.error?.data?.reason).toBe('registration.invalidToken');
  });

  it('an expired reset link is refused', async () => {
    await t.rpc('v1.passwords.send-reset-email', { username: 'keeper@moda.test' });
    const hash = linkHash(await nextMail('keeper@moda.test'));
    await t.sql(`update user_tokens set expires_at = now() - interval '1 second' where kind = 'reset'`);
    expect((await t.rpc('v1.passwords.check-reset-token', { hash })).error?.data?.reason).toBe(
      'registration.invalidToken',
    );
  });
});

describe('profile, brands and support', () => {
  let seller: string;
  beforeAll(async () => {
    seller = (await t.login('seller')).accessToken;
  });

  it('shows the seller info and lets the seller change the contacts only', async () => {
    const profile = (await t.rpc('v1.seller.profile.get', { partnerId: 10001 }, seller)).result;
    expect(profile).toMatchObject({
      shopName: 'Северный ветер',
      contractNumber: expect.stringMatching(/^МД-10001/),
      bankAccount: { bankCode: '044525225' },
    });
    const bad = await t.rpc(
      'v1.seller.profile.update-contacts',
      { partnerId: 10001, contacts: { name: 'А', phone: '12345', email: 'x' } },
      seller,
    );
    expect(fields(bad).map((e) => e.field)).toEqual(['contacts.name', 'contacts.phone', 'contacts.email']);
    const ok = await t.rpc(
      'v1.seller.profile.update-contacts',
      {
        partnerId: 10001,
        contacts: { name: 'Анна Петрова', phone: '8 (916) 111-22-33', email: 'Anna@Moda.test' },
      },
      seller,
    );
    expect(ok.result.contacts).toEqual({
      name: 'Анна Петрова',
      phone: '9161112233',
      email: 'anna@moda.test',
    });
    const sneaky = await t.rpc(
      'v1.seller.profile.update-contacts',
      { partnerId: 10001, contacts: ok.result.contacts, ceoName: 'Я' },
      seller,
    );
    expect(sneaky.error?.code).toBe(-32602);
  });

  it('lists countries and brands, marking those that need permission', async () => {
    const brands = (await t.rpc('v1.seller.brands.list', { partnerId: 10001 }, seller)).result;
    expect(brands.countries).toEqual(['RU', 'BY', 'KZ']);
    expect(brands.items).toContainEqual({
      name: 'Calvin Klein',
      countries: ['RU'],
      needsPermission: true,
      permissionGranted: false,
    });
  });

  it('sends a request with an attachment to the support mailbox', async () => {
    const reasons = (await t.rpc('v1.support.reasons.list', {}, seller)).result.items;
    expect(reasons[0]).toEqual({ code: 'catalogue', name: 'Товары и карточки' });
    const boundary = 'b0undary';
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: {
        authorization: `Bearer ${seller}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nsupport_attachment\r\n--${boundary}\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n10001\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="акт.pdf"\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const attachmentId = upload.json().id;
    const unknown = await t.rpc(
      'v1.support.email.send',
      { partnerId: 10001, reasonCode: 'gossip', text: 'Здравствуйте, вопрос по заказу' },
      seller,
    );
    expect(fields(unknown)).toEqual([{ field: 'reasonCode', message: 'Выберите тему обращения из списка' }]);
    const short = await t.rpc(
      'v1.support.email.send',
      { partnerId: 10001, reasonCode: 'orders', text: 'Помогите' },
      seller,
    );
    expect(fields(short)[0]!.field).toBe('text');
    const sent = await t.rpc(
      'v1.support.email.send',
      { partnerId: 10001, reasonCode: 'orders', text: 'Заказ MD-1001 не уходит в сборку', attachmentId },
      seller,
    );
    expect(sent.result.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await nextMail('support@moda.test');
    expect(mail).toContain('Заказ MD-1001 не уходит в сборку');
    expect(mail).toContain('Attachment: application/pdf акт.pdf');
    expect(mail).toContain('Reply-To: seller@moda.test');
  });

  it('another partner’s profile is not found', async () => {
    expect((await t.rpc('v1.seller.profile.get', { partnerId: 10002 }, seller)).error?.code).toBe(50404);
  });
});

describe('adding an account', () => {
  it('links another seller account’s partners after checking its password', async () => {
    const fbs = (await t.login('fbs')).accessToken;
    const wrong = await t.rpc(
      'v1.accounts.add',
      { username: 'dropship@moda.test', password: 'Nope2026!' },
      fbs,
    );
    expect(wrong.error?.data?.error).toBe('invalid_grant');
    const self = await t.rpc('v1.accounts.add', { username: 'fbs', password: 'Moda2026!' }, fbs);
    expect(self.error?.data?.reason).toBe('accounts.alreadyLinked');
    const staff = await t.rpc('v1.accounts.add', { username: 'admin', password: 'Moda2026!' }, fbs);
    expect(staff.error?.data?.reason).toBe('accounts.notASeller');
    const res = await t.rpc('v1.accounts.add', { username: 'multi', password: 'Moda2026!' }, fbs);
    expect(res.result.partners.map((p: { partnerId: number }) => p.partnerId)).toEqual([10002, 10004, 10005]);
    const dict = (await t.rpc('v1.dictionaries.get', {}, fbs)).result;
    expect(dict.partners).toHaveLength(3);
  });
});
