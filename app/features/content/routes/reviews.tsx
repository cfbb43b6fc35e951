import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ReviewCard } from '~/features/shell/review-card';
import { brandFrom, pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { DEFAULT_RATING, reviewCountLabel, reviewsToShow } from '~/features/shell/reviews';
import { endpoints } from '../../../../contract/endpoints';

// The page is the reviews: the footer does not repeat them.
export const handle = routeFlags({ hideReviews: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Reviews', description: `What sellers say about selling their car with ${brandFrom(matches)}.` });

export async function loader({ context }: LoaderFunctionArgs) {
  // A failed reviews service hides the reviews (docs/behaviour/entry.md#lookup-errors), it does not fail the page.
  const data = await context.gateway.call(endpoints.shell.reviews).catch(() => null);
  return {
    rating: data?.summary.rating ?? DEFAULT_RATING,
    count: reviewCountLabel(data?.summary.totalReviews),
    reviews: data ? reviewsToShow(data.reviews) : [],
  };
}

export default function Reviews() {
  const { rating, count, reviews } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <section className="card">
        <h1>What sellers say</h1>
        <p>
          Rated {rating} out of 5 from {count}.
        </p>
      </section>
      {reviews.map((review) => (
        <div className="card" key={`${review.author}-${review.timestamp}`}>
          <ReviewCard review={review} headingLevel={2} />
        </div>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
