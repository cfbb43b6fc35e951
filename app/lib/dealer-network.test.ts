import { describe, expect, it } from 'vitest';
import { DEALER_NETWORK_TOKEN, dealersCompete, formatDealerNetwork, withDealerNetwork } from './dealer-network';

describe('formatDealerNetwork', () => {
  it.each([
    [7500, '7,500+'],
    [7549, '7,500+'],
    [7599, '7,500+'],
    [8000, '8,000+'],
    [12_345, '12,000+'],
    [150_999, '150,000+'],
    [1000, '1,000+'],
    [999, '990+'],
    [980, '980+'],
    [45, '45+'],
    [1, '1+'],
  ])('shows %i as %s: rounded down, never more than the network', (size, shown) => {
    expect(formatDealerNetwork(size)).toBe(shown);
  });
});

describe('dealersCompete', () => {
  it('states the figure, or makes the claim without one when none is configured at hand', () => {
    expect(dealersCompete('9,100+')).toBe('9,100+ dealers compete');
    expect(dealersCompete(null)).toBe('Dealers compete');
  });
});

describe('withDealerNetwork', () => {
  it('fills the token in every string of a data value, leaving the rest as it was', () => {
    const page = {
      title: `Sell to ${DEALER_NETWORK_TOKEN} dealers`,
      flags: { cache: true },
      order: 3,
      sections: [{ heading: 'Why', paragraphs: [`${DEALER_NETWORK_TOKEN} can bid; ${DEALER_NETWORK_TOKEN} compete.`, 'No fee.'] }],
    };
    expect(withDealerNetwork(page, '9,100+')).toEqual({
      title: 'Sell to 9,100+ dealers',
      flags: { cache: true },
      order: 3,
      sections: [{ heading: 'Why', paragraphs: ['9,100+ can bid; 9,100+ compete.', 'No fee.'] }],
    });
    expect(page.title).toBe(`Sell to ${DEALER_NETWORK_TOKEN} dealers`);
  });
});
