import { describe, expect, it } from 'vitest';
import { campaignFrom, nextCampaign } from './campaign';

const q = (s: string) => new URLSearchParams(s);

describe('campaignFrom', () => {
  it('keeps the eight campaign parameters and nothing else', () => {
    expect(
      campaignFrom(
        q('utm_source=news&utm_medium=email&utm_campaign=nov&utm_term=sell&utm_content=a&gclid=G1&DCLID=D1&MSCLKID=M1&ref=x&token=t'),
      ),
    ).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'nov',
      utm_term: 'sell',
      utm_content: 'a',
      gclid: 'G1',
      dclid: 'D1',
      msclkid: 'M1',
    });
  });
  it('is null for a URL without a campaign, or with empty values', () => {
    expect(campaignFrom(q('ref=x'))).toBeNull();
    expect(campaignFrom(q('utm_source=&gclid=%20'))).toBeNull();
  });
  it('caps very long values', () => {
    expect(campaignFrom(q(`utm_source=${'a'.repeat(500)}`))!.utm_source).toHaveLength(200);
  });
});

describe('nextCampaign', () => {
  const t0 = 1_700_000_000_000;
  it('starts a new session on the first campaign', () => {
    expect(nextCampaign(undefined, q('utm_source=a'), t0)).toEqual({ state: { params: { utm_source: 'a' }, at: t0 }, newSession: true });
  });
  it('does nothing without a campaign, or with the same one', () => {
    const state = { params: { utm_source: 'a' }, at: t0 };
    expect(nextCampaign(state, q(''), t0 + 60_000)).toBeNull();
    expect(nextCampaign(state, q('utm_source=a'), t0 + 60_000)).toBeNull();
  });
  it('starts a new session when the campaign changes more than 5 s after the last one', () => {
    const state = { params: { utm_source: 'a' }, at: t0 };
    expect(nextCampaign(state, q('utm_source=b'), t0 + 5_001)).toEqual({
      state: { params: { utm_source: 'b' }, at: t0 + 5_001 },
      newSession: true,
    });
  });
  it('keeps the visit when the campaign changes within 5 s (a redirect chain), but remembers the new one', () => {
    const state = { params: { utm_source: 'a' }, at: t0 };
    expect(nextCampaign(state, q('utm_source=b'), t0 + 5_000)).toEqual({
      state: { params: { utm_source: 'b' }, at: t0 },
      newSession: false,
    });
  });
});
