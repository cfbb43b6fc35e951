import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { SourceList } from '~/features/shell/source-list';
import { Hero } from '~/features/entry/hero';
import { RecentSales, ReviewsCarousel } from '~/features/entry/home-sections';
import { handleLookup, heroLookupPanel } from '~/features/entry/lookup-action.server';
import { makeContent } from '~/features/content/content.server';
import { contentValues } from '~/features/content/content-values';
import { reviewsBlockWithCards } from '~/features/shell/shell-data.server';
import { dealerInterestBlock, recentSalesBlock } from '~/features/entry/home-blocks.server';
import { brandFrom, dealerNetworkFrom, pageMeta } from '~/lib/meta';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

/** `/sell-my-car/brands/{brand}`: the hero for one make. Unknown makes are not found. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { makes } = await context.gateway.call(endpoints.shell.makes);
  const make = makes.find((m) => m.slug === params.brand);
  if (!make) throw new Response('Not Found', { status: 404 });
  // Reviews that mention the make come first; recent sales are of the make.
  const [reviews, sales, interest] = await Promise.all([
    reviewsBlockWithCards(context, make.display_name),
    recentSalesBlock(context, make.slug),
    dealerInterestBlock(context, make.slug),
  ]);
  const content = makeContent(make.slug, contentValues(context.config));
  return { make, panel: heroLookupPanel(context, `/sell-my-car/brands/${make.slug}`), reviews, sales, interest, content };
}

// A brand landing page: the footer lookup speaks of the make.
export const handle = withStickyVrm(routeFlags({ lookupVariant: 'brand', stickyVrm: true, hideReviews: true }));

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return pageMeta(matches, { title: 'Page not found' });
  const network = dealerNetworkFrom(matches);
  return pageMeta(matches, {
    title: `Sell your ${data.make.display_name} car the ${brandFrom(matches)} way`,
    description: `Sell your ${data.make.display_name} to ${network ? `${network} dealers` : 'dealers'} competing in a daily sale. Free collection, no fee.`,
  });
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const hero = `/sell-my-car/brands/${encodeURIComponent(params.brand ?? '')}`;
  return handleLookup(request, context, { hero, mileage: `${hero}/mileage` });
}

export default function BrandPage() {
  const { make, panel, reviews, sales, interest, content } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  return (
    <div className="stack">
      <Hero
        title={`Sell your ${make.display_name} car the ${brandName} way`}
        action={`/sell-my-car/brands/${make.slug}`}
        panel={panel}
        reply={reply}
      />
      {interest ? (
        <section className="card" aria-labelledby="interest-title" data-testid="dealer-interest">
          <h2 id="interest-title">Dealer interest in {make.display_name}s</h2>
          <p>
            In the last {interest.periodDays} days, <strong>{interest.dealers.toLocaleString('en-GB')} dealers</strong> placed{' '}
            {interest.bids.toLocaleString('en-GB')} bids on {interest.lots.toLocaleString('en-GB')} {make.display_name}
            {interest.lots === 1 ? '' : 's'} in our daily sale.
          </p>
        </section>
      ) : null}
      {content ? (
        <section className="card prose" aria-labelledby="brand-content-title">
          <h2 id="brand-content-title">{content.title}</h2>
          {/* Compiled at build time from our own Markdown, raw HTML escaped (scripts/build-content.mjs). */}
          <div dangerouslySetInnerHTML={{ __html: content.html }} />
          {content.sources.length ? <SourceList sources={content.sources} /> : null}
        </section>
      ) : null}
      {reviews ? <ReviewsCarousel {...reviews} /> : null}
      <RecentSales sales={sales} heading={`${make.display_name} cars sold recently`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
