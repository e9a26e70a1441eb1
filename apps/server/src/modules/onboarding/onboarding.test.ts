// Onboarding through the API with a fixed clock: every survey and committee transition allowed and refused,
// the reviewer's role, the 2 working days across a weekend and a holiday, the 90-day restart and its
// warning, the 3-month return, the legal check that makes a partner, the steps after, and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';
import { sampleAnswers } from './onboarding.demo';

const DAY = 24 * 3600 * 1000;
// Friday 20.11.2026, noon in Moscow.
const FRIDAY = new Date('2026-11-20T09:00:00Z');
let now = FRIDAY;
let t: TestApp;
let platform: string;
const tok: Record<string, string> = {};
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({
    now: () => now,
    config: { loginRate: { perIpPerMinute: 10_000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
  });
  for (const u of ['support', 'admin', 'seller']) tok[u] = (await t.login(u)).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'legal')).token;
});
afterAll(() => t.close());

/** A freshly registered applicant (an onboarding user without a partner), logged in. */
async function applicant(): Promise<string> {
  const login = `applicant-test-${++seq}`;
  await t.sql(
    `insert into users (email, login, password_hash, roles, external_id, confirmed_at)
     select $1 || '@moda.test', $1, password_hash, '{onboarding_user}', 'EXT-T-' || $1, now() from users where login = 'newseller'`,
    [login],
  );
  return (await t.login(login)).accessToken;
}

const answers = sampleAnswers();
const PAGES = Object.keys(answers) as (keyof typeof answers)[];
const save = (token: string, page: string, data: unknown) =>
  t.rpc('v1.surveys.first.save', { page, data }, token);
async function fillAll(token: string) {
  for (const page of PAGES) expect((await save(token, page, answers[page])).error).toBeUndefined();
}
const fields = (r: { error?: { data?: { errors?: { field: string; message: string }[] } } }) =>
  Object.fromEntries((r.error?.data?.errors ?? []).map((e) => [e.field, e.message]));
const reasonOf = (r: { error?: { data?: { reason?: string } } }) => r.error?.data?.reason;
const review = (params: object, who = 'support') => t.rpc('v1.surveys.review', params, tok[who]);
const get = async (token: string) => (await t.rpc('v1.surveys.first.get', {}, token)).result;
const road = async (token: string) => (await t.rpc('v1.onboarding.road.get', {}, token)).result;
async function submitted(token: string) {
  await fillAll(token);
  const r = await t.rpc('v1.surveys.first.submit', {}, token);
  expect(r.error).toBeUndefined();
  return r.result.id as string;
}

describe('questionnaire as a draft', () => {
  it('starts empty, each page saves as a draft and resumes', async () => {
    now = FRIDAY;
    const a = await applicant();
    expect(await get(a)).toMatchObject({ status: 'empty', id: null, pagesSaved: [] });
    expect((await road(a)).steps[0]).toEqual({ key: 'initialSeller', state: 'notStarted' });
    const r = await save(a, 'company', { ...answers.company, phone: '+7 (495) 123-45-67' });
    expect(r.result).toMatchObject({
      status: 'on_draft',
      pagesSaved: ['company'],
      draftExpiresOn: '2027-02-18',
    });
    expect(r.result.answers.company.phone).toBe('4951234567');
    await save(a, 'brands', answers.brands);
    expect(await get(a)).toMatchObject({ status: 'on_draft', pagesSaved: ['company', 'brands'] });
    expect((await road(a)).steps[0].state).toBe('started');
  });

  it('a bad field is refused on its field in Russian, nothing saved', async () => {
    const a = await applicant();
    const r = await save(a, 'company', { ...answers.company, inn: '7707083894', kpp: '7707' });
    expect(r.error?.code).toBe(-32602);
    expect(fields(r)).toEqual({
      'data.inn': 'Неверное контрольное число ИНН',
      'data.kpp': 'КПП должен состоять из 9 символов',
    });
    const dup = await save(a, 'brands', {
      multibrand: true,
      brands: [answers.brands.brands[0], { ...answers.brands.brands[0], name: 'NORDWIND' }],
    });
    expect(fields(dup)).toEqual({ 'data.brands.1.name': 'Такой бренд уже есть в анкете' });
    const link = await save(a, 'channels', { onlineShop: 'nordwind.ru' });
    expect(fields(link)).toEqual({ 'data.onlineShop': 'Ссылка должна начинаться с http:// или https://' });
    expect(await get(a)).toMatchObject({ status: 'empty', pagesSaved: [] });
  });

  it('cannot be sent before all six pages are saved', async () => {
    const a = await applicant();
    await save(a, 'company', answers.company);
    const r = await t.rpc('v1.surveys.first.submit', {}, a);
    expect(r.error?.message).toBe('Заполните все страницы анкеты, прежде чем отправить её');
    expect(await get(a)).toMatchObject({ status: 'on_draft' });
    const none = await applicant();
    expect(reasonOf(await t.rpc('v1.surveys.first.submit', {}, none))).toBe('survey.notAllowedFromState');
  });

  it('a draft may be discarded; an empty one may not', async () => {
    const a = await applicant();
    expect(reasonOf(await t.rpc('v1.surveys.delete', {}, a))).toBe('survey.notAllowedFromState');
    await save(a, 'company', answers.company);
    expect((await t.rpc('v1.surveys.delete', {}, a)).result).toMatchObject({ status: 'empty', answers: {} });
  });
});

describe('review', () => {
  it('the answer is due in 2 working days across a weekend', async () => {
    now = FRIDAY;
    const a = await applicant();
    await submitted(a);
    expect(await get(a)).toMatchObject({ status: 'on_review', reviewDueDate: '2026-11-24' });
    expect((await road(a)).steps[0].state).toBe('underConsideration');
  });

  it('and across a public holiday (04.11.2026)', async () => {
    now = new Date('2026-11-02T09:00:00Z');
    const a = await applicant();
    await submitted(a);
    expect((await get(a)).reviewDueDate).toBe('2026-11-05');
    now = FRIDAY;
  });

  it('only support and admin decide; the applicant, a seller and the platform cannot', async () => {
    const a = await applicant();
    const id = await submitted(a);
    expect((await t.rpc('v1.surveys.review', { id, decision: 'approve' }, a)).error?.code).toBe(50403);
    expect((await review({ id, decision: 'approve' }, 'seller')).error?.code).toBe(50403);
    expect((await t.rpc('v1.surveys.review', { id, decision: 'approve' }, platform)).error?.code).toBe(50403);
    expect((await t.rpc('v1.surveys.list', {}, a)).error?.code).toBe(50403);
    const queue = (await t.rpc('v1.surveys.list', { queue: 'survey' }, tok.support)).result.items;
    expect(queue.some((c: { id: string }) => c.id === id)).toBe(true);
    // Declining for good is the admin's alone.
    expect(
      (await review({ id, decision: 'declineForGood', reason: 'Поддельные документы' })).error?.code,
    ).toBe(50403);
    expect((await review({ id, decision: 'approve' })).result.status).toBe('finished');
    // Decided once: a second decision is refused, and the seller cannot send or edit a finished one.
    expect(reasonOf(await review({ id, decision: 'approve' }, 'admin'))).toBe('survey.notAllowedFromState');
    expect(reasonOf(await t.rpc('v1.surveys.first.submit', {}, a))).toBe('survey.notAllowedFromState');
    expect(reasonOf(await save(a, 'company', answers.company))).toBe('survey.notAllowedFromState');
    // The decision is in the audit trail (the refused ones changed nothing and left none).
    const audit = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where method = 'v1.surveys.review' and object_id = $1`,
      [id],
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('a questionnaire on review cannot be edited or decided before it is sent', async () => {
    const a = await applicant();
    await save(a, 'company', answers.company);
    const draftId = (await get(a)).id;
    expect(reasonOf(await review({ id: draftId, decision: 'approve' }))).toBe('survey.notAllowedFromState');
    await fillAll(a);
    await t.rpc('v1.surveys.first.submit', {}, a);
    expect(reasonOf(await save(a, 'company', answers.company))).toBe('survey.notAllowedFromState');
    expect(reasonOf(await t.rpc('v1.surveys.delete', {}, a))).toBe('survey.notAllowedFromState');
  });

  it('clarification per field: the seller sees the questions, edits and sends again', async () => {
    const a = await applicant();
    const id = await submitted(a);
    const ask = await review({
      id,
      decision: 'askClarification',
      questions: [{ field: 'company.organizationName', question: 'Укажите полное название, как в ЕГРЮЛ' }],
    });
    expect(ask.result).toMatchObject({ status: 'on_clarification' });
    expect((await get(a)).clarifications).toEqual([
      { field: 'company.organizationName', question: 'Укажите полное название, как в ЕГРЮЛ' },
    ]);
    expect((await road(a)).steps[0].state).toBe('clarificationRequired');
    const edited = await save(a, 'company', {
      ...answers.company,
      organizationName: 'ООО «Северный ветер — Москва»',
    });
    expect(edited.result).toMatchObject({ status: 'on_clarification' });
    const again = await t.rpc('v1.surveys.first.submit', {}, a);
    expect(again.result).toMatchObject({ status: 'on_review', clarifications: [] });
    const badField = await review({
      id,
      decision: 'askClarification',
      questions: [{ field: 'company.nope', question: 'Что это?' }],
    });
    expect(badField.error?.code).toBe(-32602);
  });

  it('declined: may apply again after 3 months, not before, and the date is told', async () => {
    now = FRIDAY;
    const a = await applicant();
    const id = await submitted(a);
    const declined = await review({ id, decision: 'decline', reason: 'Ассортимент не подходит площадке' });
    expect(declined.result).toMatchObject({
      status: 'on_delayed_rejection',
      reapplyFrom: '2027-02-20',
      rejectionReason: 'Ассортимент не подходит площадке',
    });
    expect((await road(a)).steps[0].state).toBe('notAgreed');
    now = new Date('2027-02-19T20:59:59Z'); // 23:59:59 on 19.02.2027 in Moscow
    const early = await t.rpc('v1.surveys.delete', {}, a);
    expect(early.error?.message).toBe('Подать анкету повторно можно с 20.02.27');
    expect(reasonOf(await save(a, 'company', answers.company))).toBe('survey.notAllowedFromState');
    now = new Date('2027-02-19T21:00:00Z'); // midnight of 20.02.2027 in Moscow
    expect((await t.rpc('v1.surveys.delete', {}, a)).result).toMatchObject({ status: 'empty', answers: {} });
    expect((await save(a, 'company', answers.company)).result.status).toBe('on_draft');
    now = FRIDAY;
  });

  it('declined for good by an admin: no return', async () => {
    const a = await applicant();
    const id = await submitted(a);
    expect(
      (await review({ id, decision: 'declineForGood', reason: 'Поддельные документы' }, 'admin')).result
        .status,
    ).toBe('on_rejection');
    expect(reasonOf(await t.rpc('v1.surveys.delete', {}, a))).toBe('survey.notAllowedFromState');
  });
});

describe('the 90-day restart and its warning', () => {
  it('warns 7 days before, restarts after 90 days untouched, not a moment before', async () => {
    now = FRIDAY;
    const a = await applicant();
    await save(a, 'company', answers.company);
    now = new Date(FRIDAY.getTime() + 83 * DAY - 1);
    expect((await road(a)).notifications).toEqual([]);
    now = new Date(FRIDAY.getTime() + 83 * DAY);
    const [notice] = (await road(a)).notifications;
    expect(notice).toMatchObject({ type: 'survey_deadline_warning', expiresOn: '2027-02-18', acted: false });
    expect((await t.rpc('v1.surveys.notification.act', { id: notice.id }, a)).result).toEqual({ ok: true });
    expect((await road(a)).notifications[0].acted).toBe(true);
    // Acknowledging is not an edit: the clock did not move.
    now = new Date(FRIDAY.getTime() + 90 * DAY);
    expect(await get(a)).toMatchObject({ status: 'on_draft', pagesSaved: ['company'] });
    now = new Date(FRIDAY.getTime() + 90 * DAY + 1);
    expect(await get(a)).toMatchObject({ status: 'empty', answers: {}, pagesSaved: [] });
    expect((await road(a)).notifications).toEqual([]);
    const next = await save(a, 'contacts', answers.contacts);
    expect(next.result).toMatchObject({ status: 'on_draft', pagesSaved: ['contacts'] });
    expect(next.result.answers.company).toBeUndefined();
    now = FRIDAY;
  });
  it('an unknown notification answers as missing', async () => {
    const a = await applicant();
    expect(reasonOf(await t.rpc('v1.surveys.notification.act', { id: 'survey_deadline_warning:1' }, a))).toBe(
      'survey.notificationNotFound',
    );
  });
});

describe('assortment committee, legal check and the steps after', () => {
  it('walks from approval to a partner user with the full cabinet', async () => {
    now = FRIDAY;
    const a = await applicant();
    const id = await submitted(a);
    expect((await t.rpc('v1.surveys.assortment-committee.get', {}, a)).result).toBeNull();
    await review({ id, decision: 'approve' });
    const committee = (await t.rpc('v1.surveys.assortment-committee.get', {}, a)).result;
    expect(committee.status).toBe('onReview');
    expect(committee.items.map((i: { id: string; name: string }) => `${i.id}:${i.name}`)).toEqual([
      'brand-1:Nordwind',
      'category-1:clothes',
      'category-2:accessories',
    ]);
    const queue = (await t.rpc('v1.surveys.list', { queue: 'committee' }, tok.support)).result.items;
    expect(queue.some((c: { id: string }) => c.id === id)).toBe(true);
    const decide = (params: object, token = tok.support) =>
      t.rpc('v1.surveys.assortment-committee.decide', { id, ...params }, token);
    expect((await decide({ decision: 'APPROVED' }, a)).error?.code).toBe(50403);
    expect(reasonOf(await decide({ decision: 'NEED_CLARIFICATION' }))).toBe('committee.itemDecisionMissing');
    expect(
      reasonOf(await decide({ decision: 'APPROVED', items: [{ itemId: 'brand-9', decision: 'APPROVED' }] })),
    ).toBe('committee.itemNotFound');
    // The seller cannot answer before a question.
    const answer = (token = a) =>
      t.rpc(
        'v1.surveys.assortment-committee.save',
        { answers: [{ itemId: 'category-2', answer: 'Сумки и ремни' }] },
        token,
      );
    expect(reasonOf(await answer())).toBe('committee.notAllowedFromState');
    const asked = await decide({
      decision: 'NEED_CLARIFICATION',
      items: [{ itemId: 'category-2', decision: 'NEED_CLARIFICATION', comment: 'Какие именно аксессуары?' }],
    });
    expect(asked.result.status).toBe('clarificationRequired');
    expect((await road(a)).steps[1]).toEqual({
      key: 'assortmentConfirmation',
      state: 'clarificationRequired',
    });
    // Another applicant has no case: the same call answers as missing.
    expect(reasonOf(await answer(await applicant()))).toBe('committee.notFound');
    expect(
      reasonOf(
        await t.rpc(
          'v1.surveys.assortment-committee.save',
          { answers: [{ itemId: 'brand-1', answer: 'Бренд' }] },
          a,
        ),
      ),
    ).toBe('committee.itemNotFound');
    const answered = await answer();
    expect(answered.result.status).toBe('onReview');
    expect(answered.result.items[2]).toMatchObject({ decision: 'ON_REVIEW', answer: 'Сумки и ремни' });
    // Legal check only after approval.
    const legal = (params: object, token = platform) =>
      t.rpc('v1.platform.onboarding.legal-check', { id, ...params }, token);
    expect(reasonOf(await legal({ result: 'passed' }))).toBe('onboarding.legalCheckNotReady');
    expect((await decide({ decision: 'APPROVED', comment: 'Ассортимент одобрен' })).result.status).toBe(
      'approved',
    );
    expect((await road(a)).steps.map((s: { state: string }) => s.state)).toEqual([
      'complete',
      'complete',
      'underConsideration',
      'locked',
      'locked',
      'locked',
    ]);
    expect((await legal({ result: 'passed' }, tok.support)).error?.code).toBe(50403);
    const passed = await legal({ result: 'passed' });
    const partnerId = passed.result.partnerId as number;
    expect(partnerId).toBeGreaterThan(20000);
    expect(reasonOf(await legal({ result: 'passed' }))).toBe('onboarding.legalCheckNotReady');
    const [partner] = await t.sql<{ business_model: string; is_new_in_ui_app: boolean }>(
      `select business_model, is_new_in_ui_app from partners where id = $1`,
      [partnerId],
    );
    expect(partner).toEqual({ business_model: 'marketplace_crossdocking', is_new_in_ui_app: true });
    let r = await road(a);
    expect(r).toMatchObject({
      partnerId,
      businessModel: 'marketplace_crossdocking',
      logisticsNeeds: 'activeWarehouse',
    });
    expect(r.steps.slice(2).map((s: { state: string }) => s.state)).toEqual([
      'complete',
      'started',
      'notStarted',
      'notStarted',
    ]);
    expect(reasonOf(await t.rpc('v1.onboarding.finish', {}, a))).toBe('onboarding.notComplete');
    // Contract: the published terms, signed by the new partner user.
    const offers = (await t.rpc('v1.offers.list', { partnerId }, a)).result.items;
    expect(
      (await t.rpc('v1.offers.approve', { partnerId, newestOfferId: offers[0].id }, a)).error,
    ).toBeUndefined();
    // Product cards: complete at the minimum SKU count.
    const addProducts = (from: number, n: number) =>
      t.sql(
        `insert into products (partner_id, moda_sku, moda_parent_sku, seller_sku, seller_parent_sku, title, brand, category, status, moderation_status)
         select $1::int, 'ONB' || $1::text || '-' || g, 'ONB' || $1::text, 'S-' || g, 'S', 'Платье', 'Nordwind', 'Платья', 'new', 'on_moderation'
           from generate_series($2::int, $3::int) g`,
        [partnerId, from, from + n - 1],
      );
    await addProducts(1, 9);
    r = await road(a);
    expect(r.productCount).toBe(9);
    expect(r.steps[4].state).toBe('started');
    await addProducts(10, 1);
    expect((await road(a)).steps[4].state).toBe('complete');
    // Logistics: an active FBS warehouse.
    // The new FBS partner's delivery profile came with the legal check.
    const days = ['mon', 'tue', 'wed', 'thu', 'fri'];
    const wh = await t.rpc(
      'v1.warehouses.create',
      {
        partnerId,
        general: {
          name: 'Склад Nordwind',
          address: {
            index: '127018',
            region: 'Москва',
            locality: 'Москва',
            street: 'ул. Складочная',
            house: '1',
          },
          phone: '4951234567',
        },
        deliveryMethod: {
          type: 'DROP_OFF',
          orderAcceptance: { days, time: '12:00' },
          shipment: { days, time: '15:00' },
          shippingPoint: 'Bykovo',
          expectedVolume: 10,
          noticeTiming: 'ON_THE_DAY_OF_SHIPMENT',
        },
        returnMethod: { type: 'DROP_OFF', schedule: { days, time: '15:00' }, pickupPoint: 'Bykovo' },
        activate: true,
      },
      a,
    );
    expect(wh.result?.outcome).toBe('addedAndActivated');
    r = await road(a);
    expect(r.allComplete).toBe(true);
    expect((await t.rpc('v1.onboarding.finish', {}, a)).result).toEqual({ partnerId });
    const dict = (await t.rpc('v1.dictionaries.get', {}, a)).result;
    expect(dict.user).toMatchObject({ roles: ['partner_user'], isNewSeller: false });
    expect(dict.partners.map((p: { partnerId: number }) => p.partnerId)).toEqual([partnerId]);
    // No longer an applicant: the road is closed to them.
    expect((await t.rpc('v1.onboarding.road.get', {}, a)).error?.code).toBe(50403);
    const audit = await t.sql<{ method: string }>(
      `select method from audit_log where object_id = $1 order by at`,
      [id],
    );
    expect(audit.map((x) => x.method)).toContain('v1.platform.onboarding.legal-check');
  });

  it('a failed legal check is notAgreed and makes no partner; a declined committee is notAgreed', async () => {
    const a = await applicant();
    const id = await submitted(a);
    await review({ id, decision: 'approve' });
    await t.rpc('v1.surveys.assortment-committee.decide', { id, decision: 'APPROVED' }, tok.admin);
    expect(
      (await t.rpc('v1.platform.onboarding.legal-check', { id, result: 'failed' }, platform)).result,
    ).toEqual({
      partnerId: null,
    });
    expect((await road(a)).steps[2].state).toBe('notAgreed');
    const b = await applicant();
    const idB = await submitted(b);
    await review({ id: idB, decision: 'approve' });
    const declined = await t.rpc(
      'v1.surveys.assortment-committee.decide',
      { id: idB, decision: 'DECLINED' },
      tok.support,
    );
    expect(declined.result.items.every((i: { decision: string }) => i.decision === 'DECLINED')).toBe(true);
    expect((await road(b)).steps[1].state).toBe('notAgreed');
  });
});

describe('isolation between applicants', () => {
  it('one applicant never sees or changes another’s questionnaire', async () => {
    now = FRIDAY;
    const a = await applicant();
    const b = await applicant();
    await save(a, 'company', answers.company);
    expect(await get(b)).toMatchObject({ status: 'empty', id: null });
    expect((await road(b)).survey.answers).toEqual({});
    expect((await t.rpc('v1.surveys.details', { id: (await get(a)).id }, b)).error?.code).toBe(50403);
    await save(b, 'company', { ...answers.company, organizationName: 'ООО «Другое»' });
    expect((await get(a)).answers.company.organizationName).toBe('ООО «Северный ветер»');
    const missing = await t.rpc(
      'v1.surveys.details',
      { id: '00000000-0000-4000-8000-000000000000' },
      tok.support,
    );
    expect(reasonOf(missing)).toBe('survey.notFound');
  });
});

describe('trademark documents of a brand', () => {
  const BOUNDARY = '----moda-onboarding-boundary';
  const MB5 = 5 * 1024 * 1024;
  const pdf = (size = 64) => {
    const head = Buffer.from(
      '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
      'latin1',
    );
    return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
  };
  const upload = (token: string, fields: Record<string, string>, file: { name: string; content: Buffer }) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/api/v1/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${token}`,
      },
      payload: Buffer.concat([
        ...Object.entries(fields).map(([k, v]) =>
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
  const download = (token: string, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/rest/api/v1/surveys/attachments/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const reserve = (token: string, fileName: string, size: number) =>
    t.rpc('v1.surveys.attachments.reserve', { fileName, size }, token);
  async function document(token: string, name = 'Свидетельство.pdf', content = pdf()) {
    const r = await reserve(token, name, content.length);
    expect(r.error).toBeUndefined();
    const up = await upload(
      token,
      { type: 'survey_trademark', attachment_id: r.result.id },
      { name, content },
    );
    return { id: r.result.id as string, up };
  }
  const brandsWith = (documents: string[]) => ({
    ...answers.brands,
    brands: [{ ...answers.brands.brands[0], documents }],
  });

  it('the demo’s applicant answering clarifications has the certificate uploaded and named in the brand', async () => {
    const survey = await get((await t.login('applicant-clarify')).accessToken);
    expect(survey.status).toBe('on_clarification');
    expect(survey.attachments).toEqual([
      expect.objectContaining({ name: 'Свидетельство на товарный знак Warm Home.pdf', format: 'pdf' }),
    ]);
    expect(survey.answers.brands.brands[0].documents).toEqual([survey.attachments[0].id]);
  });

  it('reserve, upload, name in a brand: shown to the applicant and to staff, who download it', async () => {
    now = FRIDAY;
    const a = await applicant();
    const { id, up } = await document(a);
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ id, name: 'Свидетельство.pdf', format: 'pdf', size: 64 });
    const saved = await save(a, 'brands', brandsWith([id]));
    expect(saved.error).toBeUndefined();
    expect(saved.result.answers.brands.brands[0].documents).toEqual([id]);
    expect(saved.result.attachments).toEqual([
      expect.objectContaining({ id, name: 'Свидетельство.pdf', format: 'pdf', size: 64 }),
    ]);
    const mine = await download(a, id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const surveyId = (await get(a)).id;
    const details = await t.rpc('v1.surveys.details', { id: surveyId }, tok.support);
    expect(details.result.survey.attachments.map((x: { id: string }) => x.id)).toEqual([id]);
    const staff = await download(tok.admin!, id);
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    // A seller of the marketplace is not staff: the document answers as missing.
    expect((await download(tok.seller!, id)).json().error).toMatchObject({ code: 50404 });
    // Taken out of the brand while a draft: gone from the questionnaire and from storage.
    const removed = await save(a, 'brands', brandsWith([]));
    expect(removed.result.attachments).toEqual([]);
    expect((await download(a, id)).statusCode).toBe(404);
  });

  it('another applicant’s document answers as missing: upload, download, naming it in a brand', async () => {
    now = FRIDAY;
    const a = await applicant();
    const b = await applicant();
    const { id } = await document(a);
    const open = await reserve(a, 'Лицензия.pdf', 64);
    const into = await upload(
      b,
      { type: 'survey_trademark', attachment_id: open.result.id },
      { name: 'x.pdf', content: pdf() },
    );
    expect(into.statusCode).toBe(404);
    expect((await download(b, id)).statusCode).toBe(404);
    const named = await save(b, 'brands', brandsWith([id]));
    expect(fields(named)).toEqual({ 'data.brands.0.documents.0': 'Файл не найден' });
    expect((await get(b)).pagesSaved).toEqual([]);
    // A reservation takes one file: uploading into it again answers as missing too.
    const again = await upload(
      a,
      { type: 'survey_trademark', attachment_id: id },
      { name: 'x.pdf', content: pdf() },
    );
    expect(again.statusCode).toBe(404);
  });

  it('type and size are checked on the reservation and again on the bytes, at the 5 MB boundary', async () => {
    now = FRIDAY;
    const a = await applicant();
    expect(fields(await reserve(a, 'Свидетельство.docx', 100))).toEqual({
      fileName: 'Неверный формат файла. Допустимые форматы: PDF, JPG, PNG',
    });
    expect(fields(await reserve(a, 'Свидетельство.pdf', MB5 + 1))).toEqual({
      size: 'Файл слишком большой: максимальный размер — 5 МБ',
    });
    // Named .pdf, but its bytes are a PNG: refused, nothing kept.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const fake = await document(a, 'Подделка.pdf', png);
    expect(fake.up.statusCode).toBe(400);
    expect(fake.up.json().error.message).toBe('Неверный формат файла. Допустимые форматы: PDF, JPG, PNG');
    const exact = await document(a, 'Ровно.pdf', pdf(MB5));
    expect(exact.up.statusCode).toBe(201);
    const r = await reserve(a, 'Больше.pdf', MB5);
    const over = await upload(
      a,
      { type: 'survey_trademark', attachment_id: r.result.id },
      { name: 'Больше.pdf', content: pdf(MB5 + 1) },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe('Файл слишком большой: максимальный размер — 5 МБ');
    expect((await get(a)).attachments.map((x: { id: string }) => x.id)).toEqual([exact.id]);
  });

  it('once the questionnaire is sent, documents can no longer be reserved or uploaded', async () => {
    now = FRIDAY;
    const a = await applicant();
    await fillAll(a);
    const open = await reserve(a, 'Поздно.pdf', 64);
    expect((await t.rpc('v1.surveys.first.submit', {}, a)).error).toBeUndefined();
    expect(reasonOf(await reserve(a, 'Поздно.pdf', 64))).toBe('survey.notAllowedFromState');
    const late = await upload(
      a,
      { type: 'survey_trademark', attachment_id: open.result.id },
      { name: 'Поздно.pdf', content: pdf() },
    );
    expect(late.json().error?.data?.reason).toBe('survey.notAllowedFromState');
  });
});

describe('the deadline warning by email (survey_deadline_warning)', () => {
  const mails = async (email: string) =>
    (
      await t.sql<{ subject: string; text: string }>(
        `select data->>'subject' as subject, data->>'text' as text from pgboss.job
          where name = 'email.send' and data->>'to' = $1 order by created_on`,
        [email],
      )
    ).map((m) => m.subject);
  const warn = () => t.services.onboarding.warnExpiringDrafts();

  it('once per draft deadline, from 7 days before; touching the draft warns again later', async () => {
    now = FRIDAY;
    const a = await applicant();
    const email = `applicant-test-${seq}@moda.test`;
    await save(a, 'company', answers.company);
    now = new Date(FRIDAY.getTime() + 83 * DAY - 1);
    await warn();
    expect(await mails(email)).toEqual([]);
    now = new Date(FRIDAY.getTime() + 83 * DAY);
    await warn();
    expect(await mails(email)).toEqual(['Анкета продавца: черновик будет удалён 18.02.27']);
    now = new Date(FRIDAY.getTime() + 89 * DAY);
    await warn();
    expect(await mails(email)).toHaveLength(1);
    // Touched again: a new deadline, warned about once when its own window comes.
    await save(a, 'contacts', answers.contacts);
    await warn();
    expect(await mails(email)).toHaveLength(1);
    now = new Date(FRIDAY.getTime() + (89 + 83) * DAY);
    await warn();
    await warn();
    expect(await mails(email)).toEqual([
      'Анкета продавца: черновик будет удалён 18.02.27',
      'Анкета продавца: черновик будет удалён 18.05.27',
    ]);
    now = FRIDAY;
  });
});
