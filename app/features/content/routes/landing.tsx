import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { SourceList } from '~/features/shell/source-list';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Hero } from '~/features/entry/hero';
import { DealerLogos, RecentSales } from '~/features/entry/home-sections';
import { CITIES } from '~/features/content/cities';
import type { LandingPage } from '~/features/content/landing-types';
import { PART_EXCHANGE, SELL_MY_CAR, SELL_MY_CAR_VARIANTS, SELL_MY_VAN } from '~/features/content/landing-pages';
import { AFFILIATES, PARTNER_PAGES } from '~/features/content/partners';
import { getEntry } from '~/features/content/content.server';
import { cityZone } from '~/features/content/city-zone.server';
import { referralCodeOf } from '~/features/content/referrals';
import { handleLookup, heroLookupPanel } from '~/features/entry/lookup-action.server';
import { formatDealerNetwork, withDealerNetwork } from '~/lib/dealer-network';
import { pageMeta } from '~/lib/meta';
import { routeFlags, type RouteFlags } from '~/lib/route-flags';
import { dealerLogosBlock, recentSalesBlock } from '~/features/entry/home-blocks.server';
import { endpoints } from '../../../../contract/endpoints';

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
    if (Object.hasOwn(SELL_MY_CAR_VARIANTS, second) || Object.hasOwn(PARTNER_PAGES, second)) return { kind: 'redirect', to: `/sell-my-car/${second}` };
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const resolved = resolve(url.pathname);
  if (!resolved) throw new Response('Not Found', { status: 404 });
  if (resolved.kind === 'redirect') throw redirect(resolved.to, 301);
  const panel = heroLookupPanel(context);
  if (resolved.kind === 'city') {
    const city = CITIES[resolved.slug]!;
    const [sales, dealers] = await Promise.all([
      recentSalesBlock(context, undefined, city.postcodeAreas),
      dealerLogosBlock(context, city.postcodeAreas),
    ]);
    // The zone's name and sources come from the zones module here, so its data stays on the server.
    return { kind: 'city' as const, path: url.pathname, panel, city, zone: cityZone(city), sales, dealers, flags: { lookupVariant: 'default' } as RouteFlags };
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

// Which footer lookup and flags apply depends on the page: its data says (route-flags.ts).
export const handle = {
  // Public, except partner pages: they remember the partner in the seller's session.
  ...routeFlags({ stickyVrm: true, cache: true }),
  flagsFrom: (data: unknown) => (data as { flags?: RouteFlags } | undefined)?.flags,
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data?.kind === 'city') {
    return pageMeta(matches, {
      title: `Sell your car in ${data.city.name}`,
      description: `Sell your car in ${data.city.name}: an instant valuation, dealers competing in a daily sale, free collection.`,
    });
  }
  return pageMeta(matches, { title: data?.page.title ?? 'Page not found', description: data?.page.description });
};

export async function action({ request, context }: ActionFunctionArgs) {
  const path = new URL(request.url).pathname;
  if (!resolve(path)) throw new Response('Not Found', { status: 404 });
  return handleLookup(request, context, { hero: path, mileage: '/mileage' });
}

export default function Landing() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (data.kind === 'city') {
    const { city } = data;
    return (
      <div className="stack">
        <Hero title={`Sell your car in ${city.name}`} action={data.path} panel={data.panel} reply={reply} />
        <section className="card" aria-labelledby="city-title">
          <h2 id="city-title">Selling in {city.name}</h2>
          <p>{city.intro}</p>
          <p>Dealers from across {city.nation === 'England' ? 'England' : city.nation} and the rest of the UK bid in the same daily sale, and the one who buys your car collects it from you for free.</p>
        </section>
        {city.zone ? (
          <section className="card" aria-labelledby="zone-title">
            <h2 id="zone-title">{data.zone!.name}</h2>
            <p>{city.zone.summary}</p>
            <p>
              <Link to="/ulez-checker">Check your vehicle</Link> · <Link to="/guides/ulez-and-clean-air-zones">Clean air zones explained</Link>
            </p>
            <SourceList sources={data.zone!.sources} />
          </section>
        ) : null}
        <RecentSales sales={data.sales} heading={`Sold near ${city.name}`} />
        <DealerLogos dealers={data.dealers} heading={`Dealers near ${city.name}`} />
      </div>
    );
  }
  const { page } = data;
  return (
    <div className="stack">
      {data.partner ? <p className="partner-banner">In partnership with {data.partner}</p> : null}
      <Hero
        title={data.referred ? 'A friend sent you: see what your car is worth' : page.heroTitle}
        text={
          data.referred
            ? 'Enter your reg for a free valuation. If you sign up from here and sell through us, the friend who sent you gets a reward from us. You sell on the same terms as everyone else.'
            : page.heroText
        }
        action={data.path} panel={data.panel} reply={reply} />
      {page.sections.map((section) => (
        <section className="card" key={section.heading} aria-labelledby={`s-${slugOf(section.heading)}`}>
          <h2 id={`s-${slugOf(section.heading)}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <WithLinks text={paragraph} />
            </p>
          ))}
          {section.points?.length ? (
            <ul>
              {section.points.map((point) => (
                <li key={point}>
                  <WithLinks text={point} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {data.guides.length ? (
        <section className="card" aria-labelledby="guides-title">
          <h2 id="guides-title">Guides</h2>
          <ul>
            {data.guides.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/guides/${guide.slug}`}>{guide.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {page.sources?.length ? (
        <section className="card" aria-labelledby="sources-title">
          <h2 id="sources-title">Sources</h2>
          <SourceList sources={page.sources} />
        </section>
      ) : null}
    </div>
  );
}

/** The data's copy is plain text; a site path written in it (" /ulez-checker") becomes a link. */
function WithLinks({ text }: { text: string }) {
  const parts = text.split(/(?<=^|\s)(\/[a-z0-9][a-z0-9/-]*[a-z0-9])(?=[\s.,;:)]|$)/);
  return <>{parts.map((part, index) => (index % 2 ? <Link key={index} to={part} prefetch="none">{part}</Link> : part))}</>;
}

const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
