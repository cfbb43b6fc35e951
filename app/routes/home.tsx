import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Hero } from '~/components/hero';
import { Benefits, DealerLogos, RecentSales, ReviewsCarousel, Steps, VideoSection } from '~/components/home-sections';
import { handleLookup } from '~/lib/lookup-action.server';
import { brandFrom, pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { dealerLogosBlock, recentSalesBlock, reviewsBlock } from '~/lib/shell-data.server';
import { useRootData } from '~/root';

// The home page shows its own reviews and lookup, so the footer leaves them out (spec 2 §2.1).
export const handle = routeFlags({ hideReviews: true, hideVehicleLookup: true, translucentHeader: true, stickyVrm: true, lookupVariant: 'home' });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Sell your car the ${brandFrom(matches)} way`,
    description: 'Get an instant valuation, then 7,500+ dealers compete to buy your car. Free collection, no fee.',
    suffix: false,
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const [reviews, sales, dealers] = await Promise.all([reviewsBlock(context), recentSalesBlock(context), dealerLogosBlock(context)]);
  return {
    resultError: context.session.get('lookup')?.resultError ?? null,
    reviews,
    sales,
    dealers,
    video: context.config.youtubeEmbedUrl,
    reviewsFirst: context.experiments.home_reviews_first === 'on',
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLookup(request, context, { hero: '/', mileage: '/mileage' });
}

export default function Home() {
  const { resultError, reviews, sales, dealers, video, reviewsFirst } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { brandName } = useRootData();
  const reviewBlock = reviews ? <ReviewsCarousel {...reviews} /> : null;
  return (
    <div className="stack">
      <Hero title="The way to sell your car" action="/?index" resultError={resultError} lastResult={lastResult} brandName={brandName} />
      <Benefits />
      {video ? <VideoSection src={video} brandName={brandName} /> : null}
      {reviewsFirst ? reviewBlock : null}
      <Steps />
      {reviewsFirst ? null : reviewBlock}
      <RecentSales sales={sales} />
      <DealerLogos dealers={dealers} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
