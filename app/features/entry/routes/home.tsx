import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { Hero } from '~/features/entry/hero';
import { DealerLogos, RecentSales, ReviewsCarousel, VideoSection } from '~/features/entry/home-sections';
import { homeSectionMarkup, homeStaticMarkup, homeStaticProps } from '~/features/entry/home-static.server';
import { ServerMarkup } from '~/lib/server-markup';
import { handleLookup, heroLookupPanel } from '~/features/entry/lookup-action.server';
import { brandFrom, dealerNetworkFrom, pageMeta } from '~/lib/meta';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import { routeFlags } from '~/lib/route-flags';
import { reviewsBlockWithCards } from '~/features/shell/shell-data.server';
import { dealerLogosBlock, recentSalesBlock } from '../home-blocks.server';

// The home page shows its own reviews and lookup, so the footer leaves them out (docs/behaviour/routes.md#public-routes).
export const handle = withStickyVrm(
  routeFlags({
    hideReviews: true,
    hideVehicleLookup: true,
    translucentHeader: true,
    stickyVrm: true,
    lookupVariant: 'home',
  }),
);

export const meta: MetaFunction = ({ matches }) => {
  const network = dealerNetworkFrom(matches);
  return pageMeta(matches, {
    title: `Sell your car the ${brandFrom(matches)} way`,
    description: `Get an instant valuation, then ${network ? `${network} dealers` : 'dealers'} compete to buy your car. Free collection, no fee.`,
    suffix: false,
  });
};

export async function loader({ context }: LoaderFunctionArgs) {
  const [reviews, sales, dealers] = await Promise.all([
    reviewsBlockWithCards(context),
    recentSalesBlock(context),
    dealerLogosBlock(context),
  ]);
  return {
    panel: heroLookupPanel(context, '/?index'),
    reviews,
    sales,
    dealers,
    video: context.config.youtubeEmbedUrl,
    reviewsFirst: context.experiments.home_reviews_first === 'on',
    statics: homeStaticProps(context),
    markup: homeStaticMarkup(context),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLookup(request, context, { hero: '/', mileage: '/mileage' });
}

export default function Home() {
  const { panel, reviews, sales, dealers, video, reviewsFirst, statics, markup } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  const reviewBlock = reviews ? <ReviewsCarousel {...reviews} /> : null;
  // The sections that are the same for everyone (ADR 012): rendered by the server only.
  const staticSection = (id: keyof NonNullable<typeof markup>, titleId: string) => (
    <ServerMarkup
      as="section"
      id={id}
      className="section"
      aria-labelledby={titleId}
      render={() => homeSectionMarkup(id, statics)}
      markup={markup?.[id]}
    />
  );
  return (
    <div className="stack">
      <Hero title="The way to sell your car" action="/?index" panel={panel} reply={reply} />
      {staticSection('home-benefits', 'benefits-title')}
      {video ? <VideoSection src={video} brandName={brandName} /> : null}
      {reviewsFirst ? reviewBlock : null}
      {staticSection('home-steps', 'steps-title')}
      {reviewsFirst ? null : reviewBlock}
      <RecentSales sales={sales} />
      <DealerLogos dealers={dealers} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
