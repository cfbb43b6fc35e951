import type { AppLoadContext } from '@remix-run/cloudflare';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { markupForNavigation, markupOf } from './server-markup.server';
import { BenefitsContent, homeStaticMarkup } from '~/features/entry/home-static.server';

const context = (dataRequest: boolean) => ({ dataRequest, config: { dealerNetworkSize: 8250 } }) as AppLoadContext;

describe('markupForNavigation', () => {
  it('renders nothing for a document load: the page itself carries the markup', () => {
    expect(markupForNavigation(context(false), { part: () => createElement('p', null, 'x') })).toBeNull();
    expect(homeStaticMarkup(context(false))).toBeNull();
  });

  it("renders each part's markup for a client-side navigation", () => {
    expect(
      markupForNavigation(context(true), { a: () => createElement('p', null, 'one'), b: BenefitsContent }, { dealerNetwork: '9,100+' }),
    ).toEqual({
      a: '<p>one</p>',
      b: expect.stringContaining('<h2 id="benefits-title">Why sellers choose us</h2>'),
    });
    const home = homeStaticMarkup(context(true))!;
    expect(Object.keys(home)).toEqual(['home-benefits', 'home-steps']);
    expect(home['home-benefits']).toContain('<strong>8,200+ dealers compete</strong>');
    expect(home['home-steps']).toContain('<a href="/how-it-works" data-discover="true">More about how it works</a>');
  });

  it('renders a part again for other props: the markup follows the configuration', () => {
    const part = ({ dealerNetwork }: { dealerNetwork: string }) => createElement('p', null, dealerNetwork);
    expect(markupForNavigation(context(true), { part }, { dealerNetwork: '6,000+' })).toEqual({ part: '<p>6,000+</p>' });
    expect(markupForNavigation(context(true), { part }, { dealerNetwork: '12,000+' })).toEqual({ part: '<p>12,000+</p>' });
  });
});

describe('markupOf: what every document takes its shell parts from', () => {
  it('renders a part once for the same props and again for others, with plain links that Remix discovers', () => {
    let renders = 0;
    const part = ({ href }: { href: string }) => (renders++, createElement('a', { href, 'data-discover': 'true' }, 'Guides'));
    expect(markupOf(part, { href: '/guides' })).toBe('<a href="/guides" data-discover="true">Guides</a>');
    expect(markupOf(part, { href: '/guides' })).toBe('<a href="/guides" data-discover="true">Guides</a>');
    expect(renders).toBe(1);
    expect(markupOf(part, { href: '/stories' })).toContain('href="/stories"');
    expect(renders).toBe(2);
  });
});
