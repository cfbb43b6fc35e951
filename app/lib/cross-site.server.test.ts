import { describe, expect, it } from 'vitest';
import { isCrossSite, isSameOriginPost } from './cross-site.server';

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

  it('refuses what Remix would answer with a bare 500: an Origin that is not one, or another host than the request’s', () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    for (const origin of ['not a url', 'http://[::1', '', 'null']) expect(isCrossSite(post({ ...sameOrigin, origin })), origin).toBe(true);
    expect(isCrossSite(post({ ...sameOrigin, origin: 'https://kerbside.test', 'x-forwarded-host': 'evil.example' }))).toBe(true);
    expect(isCrossSite(post({ ...sameOrigin, origin: 'https://kerbside.test', 'x-forwarded-host': 'kerbside.test, proxy.example' }))).toBe(
      false,
    );
  });

  it('never refuses a read', () => {
    expect(isCrossSite(new Request('https://kerbside.test/', { headers: { 'sec-fetch-site': 'cross-site' } }))).toBe(false);
  });
});

describe('isSameOriginPost', () => {
  it('is a post the browser says came from one of our pages', () => {
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'same-origin', origin: 'https://kerbside.test' }))).toBe(true);
    expect(isSameOriginPost(post({ origin: 'https://kerbside.test' }))).toBe(true);
  });

  it('is not a read, a post from elsewhere, nor a post that says nothing of where it came from', () => {
    expect(isSameOriginPost(new Request('https://kerbside.test/', { headers: { 'sec-fetch-site': 'same-origin' } }))).toBe(false);
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isSameOriginPost(post({ 'sec-fetch-site': 'same-site', origin: 'https://shop.kerbside.test' }))).toBe(false);
    expect(isSameOriginPost(post({ origin: 'http://kerbside.test' }))).toBe(false);
    expect(isSameOriginPost(post({}))).toBe(false);
  });
});
