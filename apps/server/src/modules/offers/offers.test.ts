// Cooperation terms: listing, signing only the newest unsigned version, statuses, downloads, and the
// read-only cabinet of a partner that has never signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['seller', 'multi', 'admin', 'support', 'fbs']) tok[u] = (await t.login(u)).accessToken;
});
afterAll(() => t.close());

const offersOf = async (partnerId: number, who: string) =>
  (await t.rpc('v1.offers.list', { partnerId }, tok[who])).result.items;

describe('offers', () => {
  it('lists versions newest first with their status and approval', async () => {
    const items = await offersOf(10001, 'seller');
    expect(items.map((o: { version: string; status: string }) => [o.version, o.status])).toEqual([
      ['2.0', 'new'],
      ['1.0', 'agreed'],
    ]);
    expect(items[1].approvalInformation).toMatchObject({ isAgreed: true, email: 'seller@moda.test' });
  });

  it('statuses: signed terms and a waiting version; a never-signed partner with offers on is restricted', async () => {
    expect((await t.rpc('v1.offers.statuses.list', {}, tok.seller)).result.items).toEqual([
      { partnerId: 10001, hasActual: true, hasPending: true, restricted: false },
    ]);
    expect((await t.rpc('v1.offers.statuses.list', {}, tok.multi)).result.items).toEqual([
      { partnerId: 10004, hasActual: false, hasPending: true, restricted: true },
      { partnerId: 10005, hasActual: false, hasPending: false, restricted: false },
    ]);
  });

  it('only the newest unsigned version can be signed; signing supersedes older unsigned ones', async () => {
    const v1 = (await offersOf(10001, 'seller')).find((o: { version: string }) => o.version === '1.0');
    expect(
      (await t.rpc('v1.offers.approve', { partnerId: 10001, newestOfferId: v1.id }, tok.seller)).error?.data
        ?.reason,
    ).toBe('offer.alreadyAgreed');
    const v3 = (
      await t.rpc('v1.offers.publish', { partnerId: 10001, version: '3.0', actDate: '2027-01-01' }, tok.admin)
    ).result;
    const v2 = (await offersOf(10001, 'seller')).find((o: { version: string }) => o.version === '2.0');
    const refused = await t.rpc('v1.offers.approve', { partnerId: 10001, newestOfferId: v2.id }, tok.seller);
    expect(refused.error).toMatchObject({ message: 'Подписать можно только самую новую версию условий' });
    const signed = await t.rpc('v1.offers.approve', { partnerId: 10001, newestOfferId: v3.id }, tok.seller);
    expect(signed.result).toMatchObject({
      status: 'agreed',
      approvalInformation: { isAgreed: true, email: 'seller@moda.test', date: expect.any(String) },
    });
    expect((await offersOf(10001, 'seller')).map((o: { status: string }) => o.status)).toEqual([
      'agreed',
      'superseded',
      'agreed',
    ]);
    expect((await t.rpc('v1.offers.statuses.list', {}, tok.seller)).result.items[0]).toMatchObject({
      hasPending: false,
    });
  });

  it('a seller cannot publish; another partner’s offer is not found', async () => {
    expect(
      (
        await t.rpc(
          'v1.offers.publish',
          { partnerId: 10001, version: '9', actDate: '2027-01-01' },
          tok.seller,
        )
      ).error?.code,
    ).toBe(50403);
    const theirs = (await offersOf(10004, 'multi'))[0];
    expect(
      (await t.rpc('v1.offers.approve', { partnerId: 10001, newestOfferId: theirs.id }, tok.seller)).error
        ?.code,
    ).toBe(50404);
    expect(
      (await t.rpc('v1.offers.approve', { partnerId: 10004, newestOfferId: theirs.id }, tok.seller)).error
        ?.code,
    ).toBe(50404);
    const download = await t.app.inject({
      method: 'GET',
      url: theirs.downloadUrl,
      headers: { authorization: `Bearer ${tok.seller}` },
    });
    expect(download.statusCode).toBe(404);
  });

  it('downloads the terms as a PDF named by content-disposition', async () => {
    const [offer] = await offersOf(10004, 'multi');
    const res = await t.app.inject({
      method: 'GET',
      url: offer.downloadUrl,
      headers: { authorization: `Bearer ${tok.multi}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent('Условия сотрудничества v2.0.pdf'),
    );
  });
});

describe('read-only cabinet until the terms are signed', () => {
  const contacts = { name: 'Мария Волкова', phone: '9160000000', email: 'maria@moda.test' };

  it('refuses the seller’s changes with a message leading to the terms, but allows support requests', async () => {
    const res = await t.rpc('v1.seller.profile.update-contacts', { partnerId: 10004, contacts }, tok.multi);
    expect(res.error).toMatchObject({
      code: 50403,
      message:
        'Кабинет доступен только для просмотра: подтвердите условия сотрудничества в разделе «Условия сотрудничества»',
      data: { reason: 'offer.restricted' },
    });
    const upload = (type: string, name: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/api/v1/files',
        headers: { authorization: `Bearer ${tok.multi}`, 'content-type': 'multipart/form-data; boundary=b' },
        payload: `--b\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n--b\r\nContent-Disposition: form-data; name="partner_code"\r\n\r\n10004\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${content}\r\n--b--\r\n`,
      });
    // Uploads for the catalogue are held; an attachment to a support request is not.
    expect((await upload('promotion_products', 'a.xlsx', 'PK')).statusCode).toBe(403);
    expect((await upload('support_attachment', 'a.txt', 'hello')).statusCode).toBe(201);
    const support = await t.rpc(
      'v1.support.email.send',
      { partnerId: 10004, reasonCode: 'account', text: 'Не могу подписать условия, помогите' },
      tok.multi,
    );
    expect(support.result).toBeDefined();
    // Reading stays open, and the user's other partner is not held.
    expect((await t.rpc('v1.seller.profile.get', { partnerId: 10004 }, tok.multi)).result).toBeDefined();
    expect(
      (await t.rpc('v1.seller.profile.update-contacts', { partnerId: 10005, contacts }, tok.multi)).result,
    ).toBeDefined();
  });

  it('staff acting for the partner are not held', async () => {
    expect(
      (await t.rpc('v1.seller.profile.update-contacts', { partnerId: 10004, contacts }, tok.support)).result,
    ).toBeDefined();
  });

  it('after signing, the seller can act', async () => {
    const [offer] = await offersOf(10004, 'multi');
    expect(
      (await t.rpc('v1.offers.approve', { partnerId: 10004, newestOfferId: offer.id }, tok.multi)).result
        .status,
    ).toBe('agreed');
    expect((await t.rpc('v1.offers.statuses.list', {}, tok.multi)).result.items[0]).toMatchObject({
      restricted: false,
      hasActual: true,
    });
    expect(
      (await t.rpc('v1.seller.profile.update-contacts', { partnerId: 10004, contacts }, tok.multi)).result,
    ).toBeDefined();
  });
});
