// Questions and reviews through the API: the marketplace creating them, every transition of the answer
// allowed and refused (automatic check, specialists, the platform), strikes and the block on a fixed clock
// (the day before and after the 7 days, the third for good, a deleted strike), cancelling rejected answers,
// templates' rules, the list's filters, the timely-answer share, size fit, the gating and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type RpcReply, type TestApp } from '../../../test/helpers';
import { issueServiceCredential } from '../../auth/service-credentials';

const DAY = 86_400_000;
// Tuesday 1 December 2026, noon in Moscow; tests move the clock.
const START = new Date('2026-12-01T09:00:00Z');
let now = START;
let t: TestApp;
const tok: Record<string, string> = {};
let platform: string;
/** Seller SKUs of 10002: a sized one and a one-size one. */
let sized: { sku: string; parent: string };
let oneSize: string;

beforeAll(async () => {
  t = await createTestApp({
    now: () => now,
    config: { loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
  });
  for (const u of ['fbs', 'manager', 'seller', 'support', 'admin', 'operator', 'dropship'])
    tok[u] = (await t.login(u)).accessToken;
  platform = (await issueServiceCredential(t.runtime.db, 'Storefront')).token;
  const [s] = await t.sql<{ seller_sku: string; seller_parent_sku: string }>(
    `select seller_sku, seller_parent_sku from products where partner_id = 10002 and attributes->>'size' <> 'ONE'
      order by id limit 1`,
  );
  sized = { sku: s!.seller_sku, parent: s!.seller_parent_sku };
  oneSize = (
    await t.sql<{ seller_sku: string }>(
      `select seller_sku from products where partner_id = 10002 and attributes->>'size' = 'ONE' order by id limit 1`,
    )
  )[0]!.seller_sku;
});
afterAll(() => t.close());

/** The call's result, once it is not an error (read field by field, as a caller would). */
const ok = (r: RpcReply) => {
  expect(r.error).toBeUndefined();
  return r.result;
};
const create = (over: Record<string, unknown> = {}, token = platform) =>
  t.rpc(
    'v1.platform.feedback.create',
    {
      partnerId: 10002,
      type: 'question',
      sellerSku: sized.sku,
      text: 'Какой рост у модели на фото?',
      authorName: 'Анна',
      createdAt: new Date(now.getTime() - 3600_000).toISOString(),
      ...over,
    },
    token,
  );
const newQuestion = async (over: Record<string, unknown> = {}) => ok(await create(over)).id as string;
const answer = (id: string, text: string, token = tok.fbs!) =>
  t.rpc('v1.questions.answer', { partnerId: 10002, id, text }, token);
const decide = (
  questionId: string,
  decision: string,
  extra: Record<string, unknown> = {},
  token = tok.support!,
) => t.rpc('v1.feedback.moderation.decide', { partnerId: 10002, questionId, decision, ...extra }, token);
const FLAGGED = 'Напишите нам в WhatsApp +7 916 555-12-34';
const CLEAN = 'Здравствуйте! Рост модели 175 см, на ней размер 44.';
/** A question answered with a flagged text and rejected by a specialist: one strike. */
async function strike(): Promise<string> {
  const id = await newQuestion();
  ok(await answer(id, FLAGGED));
  ok(await decide(id, 'reject', { reason: 'contacts' }));
  return id;
}
const answering = async () =>
  ok(await t.rpc('v1.questions.meta', { partnerId: 10002 }, tok.fbs)).answering as {
    block: string;
    blockedUntil: string | null;
    strikes: number;
  };

describe('the marketplace creates questions and reviews', () => {
  it('for a partner’s product by its seller SKU, copying the product in', async () => {
    const id = await newQuestion();
    const list = ok(await t.rpc('v1.questions.list', { partnerId: 10002, sku: sized.sku }, tok.fbs));
    const item = list.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({
      type: 'question',
      status: 'new',
      text: 'Какой рост у модели на фото?',
      rating: null,
      product: { sellerSku: sized.sku, sellerParentSku: sized.parent },
      answer: null,
      actions: ['send'],
    });
    const review = await newQuestion({ type: 'review', rating: 4, sizeFit: 'runs_small', text: 'Маломерит' });
    const r = ok(
      await t.rpc('v1.questions.list', { partnerId: 10002, type: 'review', sku: sized.sku }, tok.fbs),
    );
    expect(r.items.find((i: { id: string }) => i.id === review)).toMatchObject({
      rating: 4,
      sizeFit: 'runs_small',
    });
  });

  it('refuses an unknown SKU, a review without a rating, a fit mark on a one-size product, and sellers', async () => {
    expect((await create({ sellerSku: 'NO-SUCH' })).error).toMatchObject({
      code: 50400,
      message: 'Товар с артикулом продавца «NO-SUCH» не найден',
      data: { errors: [{ field: 'sellerSku' }] },
    });
    expect((await create({ type: 'review' })).error?.data?.errors).toEqual([
      { field: 'rating', message: 'У отзыва должна быть оценка от 1 до 5' },
    ]);
    expect(
      (await create({ type: 'review', rating: 5, sellerSku: oneSize, sizeFit: 'true_to_size' })).error?.data,
    ).toMatchObject({ reason: 'feedback.noSize', errors: [{ field: 'sizeFit' }] });
    expect((await create({ partnerId: 99999 })).error?.data?.reason).toBe('partner.notFound');
    expect((await create({}, tok.fbs)).error?.code).toBe(50403);
    expect((await t.rpc('v1.questions.list', { partnerId: 10002 }, platform)).error?.code).toBe(50403);
  });
});

describe('answering and moderation', () => {
  it('a clean answer passes the automatic check and is published at once; an edit is checked again', async () => {
    const id = await newQuestion();
    const sent = ok(await answer(id, CLEAN));
    expect(sent.outcome).toBe('sent');
    expect(sent.item).toMatchObject({
      status: 'answered',
      answer: { status: 'answered', text: CLEAN, author: 'seller', flags: [], rejection: null },
      actions: ['edit'],
    });
    expect(sent.item.answer.publishedAt).toBe(now.toISOString());
    const edited = ok(await answer(id, FLAGGED));
    expect(edited.outcome).toBe('edited');
    expect(edited.item).toMatchObject({
      status: 'in_progress',
      answer: { status: 'on_moderation', flags: ['contacts'], publishedAt: null },
    });
    // The first sending time stays: the response time counts to it.
    expect(edited.item.answer.sentAt).toBe(sent.item.answer.sentAt);
    const [audit] = await t.sql<{ object_id: string; partner_id: number }>(
      `select object_id, partner_id from audit_log where method = 'v1.questions.answer' order by id desc limit 1`,
    );
    expect(audit).toEqual({ object_id: id, partner_id: 10002 });
  });

  it('a flagged answer waits for a specialist, who publishes it or rejects it with a reason', async () => {
    const a = await newQuestion();
    const b = await newQuestion();
    expect(ok(await answer(a, FLAGGED)).item.status).toBe('in_progress');
    ok(await answer(b, 'Это платье есть на Wildberries'));
    const queue = ok(
      await t.rpc('v1.feedback.moderation.list', { ofPartner: 10002, pageSize: 100 }, tok.support),
    );
    const mine = queue.items.filter((i: { item: { id: string } }) => [a, b].includes(i.item.id));
    expect(
      mine.map((i: { shopName: string; item: { actions: string[] } }) => [i.shopName, i.item.actions]),
    ).toEqual([
      ['Urban Loft', ['publish', 'reject']],
      ['Urban Loft', ['publish', 'reject']],
    ]);
    const published = ok(await decide(a, 'publish'));
    expect(published).toMatchObject({ status: 'answered', answer: { status: 'answered' } });

    const noReason = await decide(b, 'reject');
    expect(noReason.error).toMatchObject({ code: -32602, data: { errors: [{ field: 'reason' }] } });
    const rejected = ok(
      await decide(b, 'reject', { reason: 'communication_rules', comment: 'Ссылка на другой магазин' }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      answer: {
        status: 'rejected',
        rejection: { reason: 'communication_rules', comment: 'Ссылка на другой магазин' },
      },
    });
    // A decided answer is decided: neither again, nor by the platform.
    expect((await decide(a, 'reject', { reason: 'insults' })).error?.data?.reason).toBe(
      'feedback.notAllowedFromState',
    );
    expect(
      (await t.rpc('v1.platform.feedback.moderate', { id: b, decision: 'publish' }, platform)).error?.message,
    ).toBe('Это действие недоступно для ответа в статусе «Отклонён на модерации»');
    // The seller sees the reason, may cancel but not edit the rejected answer.
    const item = ok(
      await t.rpc('v1.questions.list', { partnerId: 10002, status: ['rejected'] }, tok.fbs),
    ).items.find((i: { id: string }) => i.id === b);
    expect(item.actions).toEqual(['cancel']);
    expect((await answer(b, CLEAN)).error?.data?.reason).toBe('feedback.notAllowedFromState');
    // Clean up the strike for the tests below.
    await t.sql(`delete from feedback_strikes where partner_id = 10002`);
  });

  it('only specialists and the platform decide; sellers and operators are refused', async () => {
    const id = await newQuestion();
    ok(await answer(id, FLAGGED));
    expect((await decide(id, 'publish', {}, tok.fbs)).error?.code).toBe(50403);
    expect((await decide(id, 'publish', {}, tok.operator)).error?.code).toBe(50403);
    expect((await t.rpc('v1.feedback.moderation.list', {}, tok.fbs)).error?.code).toBe(50403);
    const pending = ok(await t.rpc('v1.platform.feedback.moderation.list', { limit: 500 }, platform));
    expect(pending.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      partnerId: 10002,
      flags: ['contacts'],
    });
    expect(ok(await t.rpc('v1.platform.feedback.moderate', { id, decision: 'publish' }, platform))).toEqual({
      id,
      status: 'answered',
    });
  });

  it('a rejected answer is cancelled, irreversibly, and the question is answered again; others are not', async () => {
    const id = await newQuestion();
    ok(await answer(id, FLAGGED));
    ok(
      await t.rpc('v1.platform.feedback.moderate', { id, decision: 'reject', reason: 'contacts' }, platform),
    );
    const other = await newQuestion();
    const mixed = await t.rpc(
      'v1.feedback.delete-items',
      { partnerId: 10002, questionIds: [id, other] },
      tok.fbs,
    );
    expect(mixed.error).toMatchObject({
      message: 'Это действие недоступно для ответа в статусе «Нет ответа»',
      data: { errors: [{ field: 'questionIds.1' }] },
    });
    const cancelled = ok(
      await t.rpc('v1.feedback.delete-items', { partnerId: 10002, questionIds: [id] }, tok.fbs),
    );
    expect(cancelled.items[0]).toMatchObject({ id, status: 'new', answer: null, actions: ['send'] });
    // The strike stays with its text, though the answer is gone.
    const [s] = await t.sql<{ answer_text: string }>(
      `select answer_text from feedback_strikes where partner_id = 10002 and feedback_id = $1`,
      [id],
    );
    expect(s!.answer_text).toBe(FLAGGED);
    expect(ok(await answer(id, CLEAN)).item.status).toBe('answered');
    await t.sql(`delete from feedback_strikes where partner_id = 10002`);
  });

  it('the marketplace answers itself; its answer is not the seller’s to edit', async () => {
    const id = await newQuestion();
    expect(
      ok(await t.rpc('v1.platform.feedback.answer', { id, text: 'Ответ поддержки Moda' }, platform)),
    ).toEqual({
      id,
      status: 'answered',
    });
    const item = ok(
      await t.rpc('v1.questions.list', { partnerId: 10002, sku: sized.sku }, tok.fbs),
    ).items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({ answer: { author: 'platform', status: 'answered' }, actions: [] });
    expect((await answer(id, CLEAN)).error?.data?.reason).toBe('feedback.notSellerAnswer');
    expect(
      (await t.rpc('v1.platform.feedback.answer', { id, text: 'Ещё раз' }, platform)).error?.data?.reason,
    ).toBe('feedback.notAllowedFromState');
  });

  it('an answer too short, too long or with control characters is refused on its field', async () => {
    const id = await newQuestion();
    expect((await answer(id, ' ')).error?.data?.errors).toEqual([
      { field: 'text', message: 'Обязательное поле' },
    ]);
    expect((await answer(id, 'а')).error?.data?.errors?.[0]?.message).toBe(
      'Слишком короткий текст: нужно не меньше 2 символов',
    );
    expect((await answer(id, 'я'.repeat(1001))).error?.data?.errors?.[0]?.message).toBe(
      'Не более 1000 символов',
    );
    expect((await answer(id, 'Привет\u0000')).error?.data?.errors?.[0]?.message).toBe('Недопустимые символы');
  });
});

describe('strikes', () => {
  it('the second rejection blocks answering for 7 days, the third for good; deleting one lifts it', async () => {
    now = START;
    await t.sql(`delete from feedback_strikes where partner_id = 10002`);
    await strike();
    expect(await answering()).toMatchObject({ strikes: 1, block: 'none' });
    const waiting = await newQuestion();

    now = new Date(START.getTime() + 2 * DAY);
    const second = now;
    await strike();
    const until = new Date(second.getTime() + 7 * DAY).toISOString();
    expect(await answering()).toEqual({
      sellerAnswers: true,
      strikes: 2,
      block: 'temporary',
      blockedUntil: until,
    });

    // The day before the block ends: refused, with the end shown; the composer offers nothing.
    now = new Date(second.getTime() + 6 * DAY);
    const refused = await answer(waiting, CLEAN);
    expect(refused.error).toMatchObject({
      code: 50403,
      message: 'Ответы на вопросы и отзывы заблокированы до 10.12.2026 12:00: модерация отклонила два ответа',
      data: { reason: 'feedback.answeringBlocked', blockedUntil: until },
    });
    const listed = ok(
      await t.rpc('v1.questions.list', { partnerId: 10002, sku: sized.sku, status: ['new'] }, tok.fbs),
    );
    expect(listed.items.every((i: { actions: string[] }) => i.actions.length === 0)).toBe(true);

    // The day after: answering again.
    now = new Date(second.getTime() + 8 * DAY);
    expect(await answering()).toMatchObject({ strikes: 2, block: 'none', blockedUntil: null });
    expect(ok(await answer(waiting, CLEAN)).item.status).toBe('answered');

    // The third rejection: for good, a hundred days later too.
    await strike();
    now = new Date(second.getTime() + 100 * DAY);
    expect(await answering()).toMatchObject({ strikes: 3, block: 'permanent' });
    const forever = await answer(await newQuestion(), CLEAN);
    expect(forever.error).toMatchObject({
      code: 50403,
      data: { reason: 'feedback.answeringBlockedForever' },
    });

    // Support deletes the last strike in the settings: audited, and the block is what the other two say.
    const settings = ok(await t.rpc('v1.feedback.seller-feedback.get', { partnerId: 10002 }, tok.support));
    expect(settings.strikes.map((s: { deletedAt: string | null }) => s.deletedAt)).toEqual([
      null,
      null,
      null,
    ]);
    const last = settings.strikes[0].id;
    expect(
      (await t.rpc('v1.feedback.strikes.delete', { partnerId: 10002, id: last }, tok.fbs)).error?.code,
    ).toBe(50403);
    const after = ok(await t.rpc('v1.feedback.strikes.delete', { partnerId: 10002, id: last }, tok.support));
    expect(after).toMatchObject({ strikes: 2, block: 'none' });
    const [audit] = await t.sql<{ object_id: string; user_id: string | null }>(
      `select object_id, user_id from audit_log where method = 'v1.feedback.strikes.delete' order by id desc limit 1`,
    );
    expect(audit!.object_id).toBe(last);
    expect(audit!.user_id).not.toBeNull();
    expect(
      (await t.rpc('v1.feedback.strikes.delete', { partnerId: 10002, id: last }, tok.admin)).error?.data
        ?.reason,
    ).toBe('feedback.strikeDeleted');
    const seen = ok(await t.rpc('v1.feedback.seller-feedback.get', { partnerId: 10002 }, tok.fbs));
    expect(seen.strikes[0]).toMatchObject({ id: last, deletedAt: now.toISOString(), reason: 'contacts' });
    expect(seen.rejected.length).toBeGreaterThanOrEqual(3);
    expect(seen.rejected.every((i: { status: string; actions: string[] }) => i.status === 'rejected')).toBe(
      true,
    );
    await t.sql(`delete from feedback_strikes where partner_id = 10002`);
    now = START;
  });

  it('the seller may switch its own answers off: answering is refused until it is on again', async () => {
    const id = await newQuestion();
    expect(
      ok(await t.rpc('v1.feedback.seller-feedback.activate', { partnerId: 10002, active: false }, tok.fbs)),
    ).toMatchObject({
      sellerAnswers: false,
    });
    expect((await answer(id, CLEAN)).error?.data?.reason).toBe('feedback.sellerAnswersOff');
    ok(await t.rpc('v1.feedback.seller-feedback.activate', { partnerId: 10002, active: true }, tok.fbs));
    expect(ok(await answer(id, CLEAN)).item.status).toBe('answered');
  });
});

describe('reply templates', () => {
  const save = (p: Record<string, unknown>, token = tok.fbs) =>
    t.rpc('v1.feedback.templates.save', { partnerId: 10002, kind: 'question', ...p }, token);

  it('are added, edited and deleted, with names unique per kind in any case', async () => {
    const added = ok(await save({ name: 'Состав ткани', content: 'Состав указан в карточке товара.' }));
    expect(added).toMatchObject({ outcome: 'added', template: { kind: 'question', name: 'Состав ткани' } });
    const taken = await save({ name: '  состав ТКАНИ ', content: 'Другой текст' });
    expect(taken.error).toMatchObject({
      message: 'Шаблон с таким названием уже есть',
      data: { errors: [{ field: 'name', message: 'Шаблон с таким названием уже есть' }] },
    });
    ok(await save({ kind: 'review', name: 'Состав ткани', content: 'Спасибо за отзыв!' }));
    const edited = ok(await save({ id: added.template.id, name: 'Состав', content: 'Хлопок 100%.' }));
    expect(edited).toMatchObject({
      outcome: 'edited',
      template: { name: 'Состав', content: 'Хлопок 100%.' },
    });

    const list = ok(
      await t.rpc(
        'v1.feedback.templates.list',
        { partnerId: 10002, kind: 'question', search: 'хлопок' },
        tok.fbs,
      ),
    );
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Состав']);
    expect(list.counts.question).toBeGreaterThan(1);

    expect(
      ok(await t.rpc('v1.feedback.templates.delete', { partnerId: 10002, id: added.template.id }, tok.fbs)),
    ).toEqual({
      ok: true,
    });
    expect(
      (await t.rpc('v1.feedback.templates.delete', { partnerId: 10002, id: added.template.id }, tok.fbs))
        .error,
    ).toMatchObject({ code: 50404, message: 'Шаблон не найден' });
  });

  it('need a name and a text within their lengths', async () => {
    const r = await save({ name: '', content: 'а' });
    expect(r.error?.data?.errors).toEqual([
      { field: 'name', message: 'Обязательное поле' },
      { field: 'content', message: 'Слишком короткий текст: нужно не меньше 2 символов' },
    ]);
    expect((await save({ name: 'я'.repeat(101), content: 'Текст' })).error?.data?.errors).toEqual([
      { field: 'name', message: 'Не более 100 символов' },
    ]);
  });
});

describe('the list', () => {
  it('filters by kind, status, answered, rating, fit, product, brand, search and dates, and sorts', async () => {
    await t.sql(`delete from questions where partner_id = 10002`);
    const at = (days: number) => new Date(START.getTime() - days * DAY).toISOString();
    const q1 = await newQuestion({ createdAt: at(10), text: 'Есть ли подкладка?' });
    const r5 = await newQuestion({
      type: 'review',
      rating: 5,
      sizeFit: 'true_to_size',
      createdAt: at(5),
      text: 'Отлично',
    });
    const r2 = await newQuestion({
      type: 'review',
      rating: 2,
      sizeFit: 'runs_small',
      createdAt: at(1),
      text: 'Маломерит',
    });
    ok(await answer(r5, 'Спасибо за отзыв!'));
    const ids = async (p: Record<string, unknown>) =>
      ok(await t.rpc('v1.questions.list', { partnerId: 10002, ...p }, tok.fbs)).items.map(
        (i: { id: string }) => i.id,
      );
    expect(await ids({})).toEqual([r2, r5, q1]);
    expect(await ids({ sort: 'created_at' })).toEqual([q1, r5, r2]);
    expect(await ids({ type: 'review', sort: '-rating' })).toEqual([r5, r2]);
    expect(await ids({ type: 'question' })).toEqual([q1]);
    expect(await ids({ status: ['answered'] })).toEqual([r5]);
    expect(await ids({ answered: false })).toEqual([r2, q1]);
    expect(await ids({ status: ['answered'], answered: false })).toEqual([]);
    expect(await ids({ rating: [1, 2] })).toEqual([r2]);
    expect(await ids({ sizeFit: ['runs_small'] })).toEqual([r2]);
    expect(await ids({ sku: sized.parent })).toEqual([r2, r5, q1]);
    expect(await ids({ sku: 'NO-SUCH' })).toEqual([]);
    expect(await ids({ search: 'ПОДКЛАДКА' })).toEqual([q1]);
    expect(await ids({ brand: ['Нет такого'] })).toEqual([]);
    expect(await ids({ createdAt: { from: '20261125000000', to: '20261128235959' } })).toEqual([r5]);
    const page = ok(await t.rpc('v1.questions.list', { partnerId: 10002, pageSize: 2, page: 2 }, tok.fbs));
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([q1]);
    expect((await t.rpc('v1.questions.list', { partnerId: 10002, sort: 'text' }, tok.fbs)).error?.code).toBe(
      -32602,
    );

    const meta = ok(await t.rpc('v1.questions.meta', { partnerId: 10002 }, tok.fbs));
    expect(meta.counts).toEqual({
      question: { new: 1, in_progress: 0, answered: 0, rejected: 0 },
      review: { new: 1, in_progress: 0, answered: 1, rejected: 0 },
    });
    expect(ok(await t.rpc('v1.feedback.new', { partnerId: 10002 }, tok.fbs))).toEqual({
      question: 1,
      review: 1,
    });
  });

  it('counts the timely-answer share of the last 30 days with its level', async () => {
    await t.sql(`delete from questions where partner_id = 10002`);
    const hours = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
    // Four answered within 24 hours, one late, one unanswered past the window, one still within it.
    const inTime = [];
    for (let i = 0; i < 4; i++) inTime.push(await newQuestion({ createdAt: hours(48 + i) }));
    const late = await newQuestion({ createdAt: hours(100) });
    await newQuestion({ createdAt: hours(30) });
    await newQuestion({ createdAt: hours(2) });
    await newQuestion({ createdAt: hours(24 * 40) }); // before the period
    for (const id of inTime) ok(await answer(id, CLEAN));
    await t.sql(
      `update questions set answer_sent_at = created_at + interval '2 hours' where id = any($1::bigint[])`,
      [inTime],
    );
    ok(await answer(late, CLEAN));
    await t.sql(`update questions set answer_sent_at = created_at + interval '30 hours' where id = $1`, [
      late,
    ]);
    const stats = ok(await t.rpc('v1.questions.stats', { partnerId: 10002 }, tok.fbs));
    expect(stats).toMatchObject({
      total: 7,
      answeredInTime: 4,
      late: 2,
      pending: 1,
      share: 66.7,
      level: 'medium',
    });
    expect(stats.averageResponseMinutes).toBe(Math.round((4 * 120 + 30 * 60) / 5));
    expect(
      ok(await t.rpc('v1.questions.stats', { partnerId: 10002, type: 'review' }, tok.fbs)),
    ).toMatchObject({
      total: 0,
      share: null,
      level: null,
    });
  });

  it('sums the fit marks of a product per size and suggests a change when buyers agree', async () => {
    await t.sql(`delete from questions where partner_id = 10002`);
    for (let i = 0; i < 10; i++)
      await newQuestion({
        type: 'review',
        rating: 3,
        sizeFit: i < 7 ? 'runs_small' : 'true_to_size',
        text: 'Отзыв',
      });
    const fit = ok(
      await t.rpc('v1.feedback.size-fit.get', { partnerId: 10002, sellerParentSku: sized.parent }, tok.fbs),
    );
    expect(fit.overall).toEqual({ runs_small: 7, true_to_size: 3, runs_large: 0, total: 10 });
    expect(fit.sizes).toHaveLength(1);
    expect(fit.sizes[0]).toMatchObject({ total: 10, lean: 'runs_small' });
    expect(fit.suggestion).toEqual({ direction: 'runs_small', share: 0.7, marks: 10 });
    expect(
      (await t.rpc('v1.feedback.size-fit.get', { partnerId: 10002, sellerParentSku: 'NO-SUCH' }, tok.fbs))
        .error?.code,
    ).toBe(50404);
  });
});

describe('the export', () => {
  it('starts an xlsx of the list’s filters, and refuses a filter the list would refuse', async () => {
    const ok1 = await t.rpc(
      'v1.exports.create',
      { partnerId: 10002, type: 'questions_and_reviews', filter: { type: 'review', rating: [1, 2] } },
      tok.fbs,
    );
    expect(ok1.result).toMatchObject({ type: 'questions_and_reviews', format: 'xlsx', status: 'PROCESSING' });
    const bad = await t.rpc(
      'v1.exports.create',
      { partnerId: 10002, type: 'questions_and_reviews', filter: { rating: [9] } },
      tok.fbs,
    );
    expect(bad.error?.data?.errors?.[0]?.field).toBe('filter.rating.0');
  });
});

describe('gating, roles and tenancy', () => {
  it('needs the partner’s feedback section: off, every seller method is refused', async () => {
    const off = await t.rpc('v1.questions.list', { partnerId: 10003 }, tok.dropship);
    expect(off.error).toMatchObject({
      code: 50403,
      message: 'Раздел «Вопросы и отзывы» не подключён для этого магазина: обратитесь к менеджеру',
    });
    await t.rpc(
      'v1.partners.features.update',
      { partnerId: 10002, featureName: 'ShowFeedbackSection', enabled: false },
      tok.admin,
    );
    for (const [m, p] of [
      ['v1.questions.meta', {}],
      ['v1.feedback.templates.list', {}],
      ['v1.feedback.seller-feedback.get', {}],
    ] as const)
      expect((await t.rpc(m, { partnerId: 10002, ...p }, tok.fbs)).error?.data?.reason, m).toBe(
        'feedback.sectionOff',
      );
    await t.rpc(
      'v1.partners.features.update',
      { partnerId: 10002, featureName: 'ShowFeedbackSection', enabled: true },
      tok.admin,
    );
    expect((await t.rpc('v1.questions.meta', { partnerId: 10002 }, tok.fbs)).result).toBeDefined();
  });

  it('lets the partner’s users and its B2B manager in; other staff only to the settings', async () => {
    expect((await t.rpc('v1.questions.list', { partnerId: 10002 }, tok.manager)).result).toBeDefined();
    expect((await t.rpc('v1.questions.list', { partnerId: 10002 }, tok.support)).error?.code).toBe(50403);
    expect((await t.rpc('v1.questions.list', { partnerId: 10002 }, tok.operator)).error?.code).toBe(50403);
    expect(
      (await t.rpc('v1.feedback.seller-feedback.get', { partnerId: 10002 }, tok.support)).result,
    ).toBeDefined();
  });

  it('another partner’s question, template or strike answers exactly as a missing one', async () => {
    const theirs = (
      await t.sql<{ id: string }>(`select id::text from questions where partner_id = 10001 limit 1`)
    )[0]!.id;
    const missing = await t.rpc(
      'v1.questions.answer',
      { partnerId: 10002, id: '999999999', text: CLEAN },
      tok.fbs,
    );
    const other = await t.rpc('v1.questions.answer', { partnerId: 10002, id: theirs, text: CLEAN }, tok.fbs);
    expect(other.error).toEqual(missing.error);
    expect(other.error).toMatchObject({ code: 50404, message: 'Вопрос или отзыв не найден' });
    const cancel = await t.rpc(
      'v1.feedback.delete-items',
      { partnerId: 10002, questionIds: [theirs] },
      tok.fbs,
    );
    expect(cancel.error?.code).toBe(50404);
    const tpl = (
      await t.sql<{ id: string }>(`select id::text from feedback_templates where partner_id = 10001 limit 1`)
    )[0]!.id;
    expect(
      (await t.rpc('v1.feedback.templates.delete', { partnerId: 10002, id: tpl }, tok.fbs)).error?.code,
    ).toBe(50404);
    expect(
      (
        await t.rpc(
          'v1.feedback.templates.save',
          { partnerId: 10002, id: tpl, kind: 'question', name: 'x', content: 'xx' },
          tok.fbs,
        )
      ).error?.code,
    ).toBe(50404);
    expect((await t.rpc('v1.questions.list', { partnerId: 10001 }, tok.fbs)).error?.code).toBe(50404);
    const strikeOf10001 = (
      await t.sql<{ id: string }>(`select id::text from feedback_strikes where partner_id = 10001 limit 1`)
    )[0]!.id;
    expect(
      (await t.rpc('v1.feedback.strikes.delete', { partnerId: 10002, id: strikeOf10001 }, tok.support)).error
        ?.data?.reason,
    ).toBe('feedback.strikeNotFound');
    // 10001's rows are unchanged.
    const [left] = await t.sql<{ n: number }>(
      `select count(*)::int as n from feedback_strikes where partner_id = 10001 and deleted_at is null`,
    );
    expect(left!.n).toBe(1);
  });
});

describe('kept counts per rating (feedback_rating_counts)', () => {
  // Every (partner, kind, rating, status) of the rated rows against the kept figure; a kept zero is no row.
  const drift = () =>
    t.sql<{ partner_id: number }>(
      `select coalesce(a.partner_id, b.partner_id) as partner_id, coalesce(a.rating, b.rating) as rating
         from (select partner_id, type, rating, answer_status, count(*)::int as n from questions
                where rating is not null group by 1, 2, 3, 4) a
         full join (select partner_id, type, rating, answer_status, n::int as n from feedback_rating_counts
                     where n <> 0) b
           on a.partner_id = b.partner_id and a.type = b.type and a.rating = b.rating
          and a.answer_status = b.answer_status
        where a.n is distinct from b.n`,
    );
  const total = async (p: Record<string, unknown>) =>
    ok(await t.rpc('v1.questions.list', { partnerId: 10002, ...p }, tok.fbs)).total as number;
  const counted = async (ratings: number[], states: string[] | null) =>
    (
      await t.sql<{ n: number }>(
        `select count(*)::int as n from questions where partner_id = 10002 and type = 'review'
            and rating = any($1) and ($2::text[] is null or answer_status = any($2))`,
        [ratings, states],
      )
    )[0]!.n;

  it('equal counting the rows after inserts, status moves and deletes; the list reads them', async () => {
    expect(await drift()).toEqual([]);
    // Inserts: reviews through the marketplace's call, and many partners' rows in one statement.
    const ids: string[] = [];
    for (const rating of [1, 2, 2, 5])
      ids.push(await newQuestion({ type: 'review', rating, sizeFit: 'true_to_size', text: 'Отзыв' }));
    await t.sql(
      `insert into questions (partner_id, type, moda_sku, seller_sku, moda_parent_sku, seller_parent_sku, product_title,
                              brand, text, rating, author_name, created_at, answer_status, search_text)
       select partner_id, type, moda_sku, seller_sku, moda_parent_sku, seller_parent_sku, product_title, brand,
              text, rating, author_name, created_at, answer_status, search_text
         from questions where rating is not null`,
    );
    expect(await drift()).toEqual([]);
    expect(await total({ type: 'review', rating: [1, 2] })).toBe(await counted([1, 2], null));
    // Status moves: an answer through the service, then many rows at once, and an edit that moves nothing.
    ok(await answer(ids[1]!, 'Спасибо, учтём'));
    await t.sql(
      `update questions set answer_status = case answer_status when 'new' then 'answered' else 'new' end
        where rating in (1, 2) and partner_id in (10001, 10002)`,
    );
    const before = await t.sql(`select * from feedback_rating_counts order by 1, 2, 3, 4`);
    await t.sql(`update questions set answer_text = coalesce(answer_text, '') || '.' where rating = 2`);
    expect(await t.sql(`select * from feedback_rating_counts order by 1, 2, 3, 4`)).toEqual(before);
    // A rating changed (a row moving between keys), then deletes.
    await t.sql(`update questions set rating = 3 where id = $1`, [ids[0]]);
    expect(await drift()).toEqual([]);
    expect(await total({ type: 'review', rating: [1, 2], status: ['new'] })).toBe(
      await counted([1, 2], ['new']),
    );
    expect(await total({ rating: [2, 3], status: ['answered', 'rejected'] })).toBe(
      await counted([2, 3], ['answered', 'rejected']),
    );
    await t.sql(`delete from questions where rating = 2 and partner_id = 10002`);
    expect(await drift()).toEqual([]);
    expect(await total({ type: 'review', rating: [2] })).toBe(0);
    expect(await total({ type: 'review', rating: [1, 3, 5] })).toBe(await counted([1, 3, 5], null));
  });
});
