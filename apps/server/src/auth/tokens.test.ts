// The access token's verification and its memory of verified tokens: a remembered token still expires on time,
// and a token that failed is never remembered as good.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('access token verification', () => {
  it('answers a verified token from memory through the moment it expires, then «expired»', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const signer = new TokenSigner('a-secret-of-enough-length-for-hs256', 60);
    const token = await signer.sign({ userId: 'u1', familyId: 'f1', roles: ['partner_user'] });
    const claims = { userId: 'u1', familyId: 'f1', roles: ['partner_user'] };

    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T10:01:00Z'));
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T10:01:00.001Z'));
    expect(await signer.verify(token)).toBe('expired');
    // Forgotten once expired: the verifier itself says so again.
    expect(await signer.verify(token)).toBe('expired');
  });

  it('refuses a token of another key, and a tampered copy of a remembered one', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-for-hs256', 60);
    const other = new TokenSigner('another-secret-of-enough-length-too', 60);
    const token = await signer.sign({ userId: 'u1', familyId: 'f1', roles: ['partner_user'] });
    expect(await signer.verify(token)).not.toBeNull();
    expect(
      await signer.verify(await other.sign({ userId: 'u1', familyId: 'f1', roles: ['admin'] })),
    ).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u1', fid: 'f1', scope: ['admin'], exp: 9e9 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });
});
