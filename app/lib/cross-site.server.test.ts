import { describe, expect, it } from 'vitest';
import { isCrossSite } from './cross-site.server';

const post = (headers: Record<string, string>) => new Request('https://kerbside.test/cookie-consent', { method: 'POST', headers });

describe('isCrossSite', () => {
  it('lets this site post to itself', () => {
    expect(isCrossSite(post({ 'sec-fetch-site': 'same-origin', origin: 'https://kerbside.test' }))).toBe(false);
    expect(isCrossSite(post({ origin: 'https://kerbside.test' }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });

  it('refuses posts from other sites, sibling subdomains and opaque origins', () => {
    expect(isCrossSite(post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(post({ 'sec-fetch-site': 'same-site', origin: 'https://shop.kerbside.test' }))).toBe(true);
    expect(isCrossSite(post({ origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(post({ origin: 'null' }))).toBe(true);
    expect(isCrossSite(post({ origin: 'http://kerbside.test' }))).toBe(true);
  });

  it('never refuses a read', () => {
    expect(isCrossSite(new Request('https://kerbside.test/', { headers: { 'sec-fetch-site': 'cross-site' } }))).toBe(false);
  });
});
