import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { CITIES } from '~/features/content/cities';
import type { LandingPage } from '~/features/content/landing-types';
import { PART_EXCHANGE, SELL_MY_CAR, SELL_MY_CAR_VARIANTS, SELL_MY_VAN } from '~/features/content/landing-pages';
import { AFFILIATES, PARTNER_PAGES } from '~/features/content/partners';
import { getEntry } from '~/features/content/content.server';
import { cityZone } from '~/features/content/city-zone.server';
import { referralCodeOf } from '~/features/content/referrals';
import { handleLookup, heroLookupPanel } from '~/features/entry/lookup-action.server';
import { formatDealerNetwork, withDealerNetwork } from '~/lib/dealer-network';
import type { RouteFlags } from '~/lib/route-flags';
import { dealerLogosBlock, recentSalesBlock } from '~/features/entry/home-blocks.server';
import { endpoints } from '../../../contract/endpoints';

/**
 * Every landing page (docs/behaviour/routes.md#landing-routes) from one module and its data files: /sell-my-car and its
 * variants, the partner pages under it, /sell-my-van, /part-exchange, /partner/{affiliate} and the
 * city pages /sell-your-car/{city}. Each has the hero lookup; a city page adds its clean air zone,
 * dealers and recent sales nearby.
 */
type Resolved =
  | { kind: 'page'; page: LandingPage; partner?: string; affiliate?: string; lookupVariant: RouteFlags['lookupVariant'] }
  | { kind: 'city'; slug: string }
  | { kind: 'redirect'; to: string }
  | null;

function resolve(pathname: string): Resolved {
  const [first, second, ...rest] = pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (rest.length) return null;
  if (first === 'sell-my-van' && !second) return { kind: 'page', page: SELL_MY_VAN, lookupVariant: 'default' };
  if (first === 'part-exchange' && !second) return { kind: 'page', page: PART_EXCHANGE, lookupVariant: 'default' };
  if (first === 'sell-my-car') {
    if (!second) return { kind: 'page', page: SELL_MY_CAR, lookupVariant: 'default' };
    if (Object.hasOwn(SELL_MY_CAR_VARIANTS, second)) return { kind: 'page', page: SELL_MY_CAR_VARIANTS[second]!, lookupVariant: 'default' };
    if (Object.hasOwn(PARTNER_PAGES, second)) {
      const page = PARTNER_PAGES[second]!;
      return { kind: 'page', page, partner: page.partnerName, affiliate: second, lookupVariant: 'partner' };
    }
    return null;
  }
  if (first === 'sell-your-car' && second) {
    if (Object.hasOwn(CITIES, second)) return { kind: 'city', slug: second };
    // docs/behaviour/routes.md#route-behaviour: 'sell-your-car' is the old spelling of the landing paths under 'sell-my-car'.
    if (Object.hasOwn(SELL_MY_CAR_VARIANTS, second) || Object.hasOwn(PARTNER_PAGES, second))
      return { kind: 'redirect', to: `/sell-my-car/${second}` };
    return null;
  }
  if (first === 'sell-your-car' && !second) return { kind: 'redirect', to: '/sell-my-car' };
  if (first === 'partner' && second && Object.hasOwn(AFFILIATES, second)) {
    const affiliate = AFFILIATES[second]!;
    return {
      kind: 'page',
      partner: affiliate.name,
      affiliate: second,
      lookupVariant: 'partner',
      page: {
        ...SELL_MY_CAR,
        title: `Sell your car with Kerbside, from ${affiliate.name}`,
        heroTitle: `Welcome from ${affiliate.name}: sell your car the Kerbside way`,
      },
    };
  }
  return null;
}

export async function loadLanding({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const resolved = resolve(url.pathname);
  if (!resolved) throw new Response('Not Found', { status: 404 });
  if (resolved.kind === 'redirect') throw redirect(resolved.to, 301);
  const panel = heroLookupPanel(context, url.pathname);
  if (resolved.kind === 'city') {
    const city = CITIES[resolved.slug]!;
    const [sales, dealers] = await Promise.all([
      recentSalesBlock(context, undefined, city.postcodeAreas),
      dealerLogosBlock(context, city.postcodeAreas),
    ]);
    // The zone's name and sources come from the zones module here, so its data stays on the server.
    return {
      kind: 'city' as const,
      path: url.pathname,
      panel,
      city,
      zone: cityZone(city),
      sales,
      dealers,
      flags: { lookupVariant: 'default' } as RouteFlags,
    };
  }
  const { page, partner, lookupVariant } = resolved;
  if (resolved.affiliate) await rememberAffiliate(context, resolved.affiliate);
  // A friend's referral link: the code goes with this seller's sign-up (the page is theirs, not cached).
  const referral = page === SELL_MY_CAR_VARIANTS.refer ? referralCodeOf(url) : null;
  if (referral) context.session.set('referral', referral);
  const guides = (page.guides ?? []).flatMap((slug) => {
    const guide = getEntry('guides', slug);
    return guide ? [{ slug, title: guide.title }] : [];
  });
  return {
    kind: 'page' as const,
    path: url.pathname,
    panel,
    // The data files write '{dealerNetwork}' where the configured figure goes.
    page: withDealerNetwork(page, formatDealerNetwork(context.config.dealerNetworkSize)),
    partner: partner ?? null,
    guides,
    referred: !!referral,
    flags: { ...page.flags, lookupVariant, ...(resolved.affiliate || referral ? { cache: false } : {}) },
  };
}

/**
 * A seller who arrives through a partner keeps that partner on their session and, through the
 * gateway (docs/behaviour/gateway.md#shell-calls POST /api/affiliates), on the enquiries they make, so the partner's reward
 * can follow the sale. A failing gateway does not stop the page.
 */
async function rememberAffiliate(context: LoaderFunctionArgs['context'], affiliate: string) {
  if (context.session.get('affiliate') === affiliate) return;
  context.session.set('affiliate', affiliate);
  await context.gateway.call(endpoints.shell.affiliate, { body: { affiliate } }).catch((error: unknown) => {
    console.warn(JSON.stringify({ event: 'affiliate.not_recorded', affiliate, error: String(error) }));
  });
}

export async function landingAction({ request, context }: ActionFunctionArgs) {
  const path = new URL(request.url).pathname;
  if (!resolve(path)) throw new Response('Not Found', { status: 404 });
  return handleLookup(request, context, { hero: path, mileage: '/mileage' });
}

export type LandingData = Awaited<ReturnType<typeof loadLanding>>;
