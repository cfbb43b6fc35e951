import { describe, expect, it } from 'vitest';
import { randomToken, sha256, signChatToken, signIdToken, verifyIdToken, type ChatClaims, type IdClaims } from './tokens';

const claims: IdClaims = { sub: 7, sid: 's1', email: 'a@b.uk', token_use: 'id', iat: 1_000, exp: 2_000 };

describe('id tokens', () => {
  it('verify with the secret that signed them, until they expire', async () => {
    const token = await signIdToken(claims, 'secret-a');
    expect(await verifyIdToken(token, 'secret-a', 1_500)).toEqual({ ok: true, claims });
    expect(await verifyIdToken(token, 'secret-a', 2_000)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyIdToken(token, 'secret-b', 1_500)).toEqual({ ok: false, reason: 'signature' });
  });

  it('reject a token whose claims were changed', async () => {
    const [h, , s] = (await signIdToken(claims, 'k')).split('.');
    const forged = btoa(JSON.stringify({ ...claims, sub: 8 })).replace(/=+$/, '');
    expect(await verifyIdToken(`${h}.${forged}.${s}`, 'k', 1_500)).toEqual({ ok: false, reason: 'signature' });
    expect(await verifyIdToken('not-a-token', 'k', 1_500)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('opaque tokens', () => {
  it('are random and stored by hash', async () => {
    expect(randomToken()).not.toBe(randomToken());
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sha256('x')).toBe(await sha256('x'));
    expect(await sha256('x')).not.toBe(await sha256('y'));
  });
});

describe('chat tokens', () => {
  const chat: ChatClaims = { sub: 'u-1', sid: 'chat-1', token_use: 'chat', iat: 1_000, exp: 1_600 };

  it('are never id tokens', async () => {
    // A chat token reaches the browser: it must not sign anyone in to the platform.
    expect((await verifyIdToken(await signChatToken(chat, 'k'), 'k', 1_500)).ok).toBe(false);
    const forgedUse = { ...chat, token_use: 'id' } as unknown as ChatClaims;
    expect((await verifyIdToken(await signChatToken(forgedUse, 'k'), 'k', 1_500)).ok).toBe(false);
  });
});
