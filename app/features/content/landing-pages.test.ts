import { describe, expect, it } from 'vitest';
import { DEALER_NETWORK_TOKEN, withDealerNetwork } from '~/lib/dealer-network';
import { PART_EXCHANGE, SELL_MY_CAR, SELL_MY_CAR_VARIANTS, SELL_MY_VAN } from './landing-pages';
import { PARTNER_PAGES } from './partners';

const PAGES = {
  'sell-my-car': SELL_MY_CAR,
  'sell-my-van': SELL_MY_VAN,
  'part-exchange': PART_EXCHANGE,
  ...SELL_MY_CAR_VARIANTS,
  ...PARTNER_PAGES,
};

describe('landing page copy', () => {
  it('states the dealer network only through the configured figure, and has no other placeholder', () => {
    for (const [slug, page] of Object.entries(PAGES)) {
      const text = JSON.stringify(withDealerNetwork(page, '9,100+'));
      expect(text, slug).not.toMatch(/\{[a-zA-Z]+\}/);
      // No figure of dealers written by hand beside the configured one.
      expect(text.replaceAll('9,100+', ''), slug).not.toMatch(/\d[\d,]*\+/);
    }
    expect(JSON.stringify(SELL_MY_CAR)).toContain(DEALER_NETWORK_TOKEN);
    expect(withDealerNetwork(SELL_MY_CAR, '9,100+').description).toContain('9,100+ verified dealers');
  });
});
