/**
 * The size of the dealer network, as the copy states it ("7,500+ dealers compete"). The size is one
 * configured fact (DEALER_NETWORK_SIZE, env.server.ts); every page that makes the claim shows it
 * through formatDealerNetwork, so changing the configuration changes every page at once.
 */

const whole = new Intl.NumberFormat('en-GB');

/**
 * The figure a page shows: the size rounded down to two significant figures, with "+" (at least
 * this many), so the claim stays true and round as the network grows: 7,500 and 7,549 → '7,500+',
 * 12,345 → '12,000+', 980 → '980+', 45 → '45+'.
 */
export function formatDealerNetwork(size: number): string {
  const digits = String(Math.trunc(size)).length;
  const step = digits <= 2 ? 1 : 10 ** (digits - 2);
  return `${whole.format(Math.floor(size / step) * step)}+`;
}

/**
 * The claim at the start of a sentence: 'N dealers compete', or 'Dealers compete' where no figure
 * is at hand (the shell of a page whose root data did not load), rather than a number made up.
 */
export function dealersCompete(network: string | null): string {
  return network ? `${network} dealers compete` : 'Dealers compete';
}

/** The token data files write where the figure goes ('{dealerNetwork} verified dealers can bid'). */
export const DEALER_NETWORK_TOKEN = '{dealerNetwork}';

/**
 * A value from a data file (a string, or objects and arrays of them) with the token replaced by the
 * figure, for data that is written once and rendered with the configured size (landing pages).
 */
export function withDealerNetwork<T>(value: T, network: string): T {
  if (typeof value === 'string') return value.replaceAll(DEALER_NETWORK_TOKEN, network) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withDealerNetwork(item, network)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDealerNetwork(item, network)])) as T;
  }
  return value;
}
