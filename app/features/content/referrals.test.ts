import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE as PLATFORM_CODE, newReferralCode } from '../../../platform/src/account/referrals';
import { REFERRAL_CODE, referralCodeOf, referralLink } from './referrals';

describe('referral links', () => {
  it('carries the code to the refer landing page, and reads it back', () => {
    const link = referralLink('https://kerbside.co.uk', 'AB3CD4EF');
    expect(link).toBe('https://kerbside.co.uk/sell-my-car/refer?ref=AB3CD4EF');
    expect(referralCodeOf(new URL(link))).toBe('AB3CD4EF');
  });

  it('ignores codes that are not ours', () => {
    for (const ref of ['', 'ab3cd4e', 'AB3CD4EF9', 'AB0CD4EF', 'AB3CD4E<', '../AB3CD4']) {
      expect(referralCodeOf(new URL(`https://kerbside.co.uk/sell-my-car/refer?ref=${encodeURIComponent(ref)}`)), ref).toBeNull();
    }
    expect(referralCodeOf(new URL('https://kerbside.co.uk/sell-my-car/refer?ref=ab3cd4ef'))).toBe('AB3CD4EF');
  });

  it('accepts every code the platform makes, and the two agree on the shape', () => {
    expect(REFERRAL_CODE.source).toBe(PLATFORM_CODE.source);
    for (let i = 0; i < 200; i++) expect(newReferralCode()).toMatch(REFERRAL_CODE);
  });

  it('draws every letter of the alphabet evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4_000; i++) for (const c of newReferralCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(31);
    const expected = (4_000 * 8) / 31;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });
});
