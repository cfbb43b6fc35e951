import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal';

const current = 'dev-only-current-secret-0123456789abcdef';
const previous = 'dev-only-previous-secret-0123456789abcdef';
const data = { requesterId: 'r-1', auth: { idToken: 'secret-token', email: 'sarah@example.co.uk' } };

describe('sealing', () => {
  it('round-trips, and hides what it holds', async () => {
    const sealed = await seal(data, current, 'kerbside_session');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain('secret-token');
    expect(atob(sealed.split('.')[2]!.replace(/-/g, '+').replace(/_/g, '/'))).not.toContain('sarah');
    expect(await unseal(sealed, [current], 'kerbside_session')).toEqual(data);
  });

  it('uses a fresh IV every time', async () => {
    expect(await seal(data, current, 'a')).not.toBe(await seal(data, current, 'a'));
  });

  it('opens values sealed with an older secret still in the list, and not once it is retired', async () => {
    const old = await seal(data, previous, 'kerbside_session');
    expect(await unseal(old, [current, previous], 'kerbside_session')).toEqual(data);
    expect(await unseal(old, [current], 'kerbside_session')).toBeNull();
  });

  it('refuses a tampered, truncated or relabelled value', async () => {
    const sealed = await seal(data, current, 'kerbside_session');
    const [v, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = body.slice(0, 10) + (body[10] === 'A' ? 'B' : 'A') + body.slice(11);
    for (const bad of [
      `${v}.${iv}.${flipped}`,
      `${v}.${iv}.${body.slice(0, -4)}`,
      `${v}.${iv}`,
      `v2.${iv}.${body}`,
      `${v}.${iv}.${body}.x`,
      'garbage',
      '',
    ]) {
      expect(await unseal(bad, [current], 'kerbside_session'), bad).toBeNull();
    }
    expect(await unseal(sealed, [current], 'another_cookie')).toBeNull();
  });
});
