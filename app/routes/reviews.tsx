import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import type { ReviewsResponse } from '../../contract/gateway';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/lib/format';
import { brandFrom, pageMeta } from '~/lib/meta';
import { DEFAULT_RATING, reviewCountLabel, reviewsToShow } from '~/lib/reviews';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Reviews', description: `What sellers say about selling their car with ${brandFrom(matches)}.` });

export async function loader({ context }: LoaderFunctionArgs) {
  // A failed reviews service hides the reviews (spec 1 §8), it does not fail the page.
  const data = await context.gateway.get<ReviewsResponse>('/platform/reviews').catch(() => null);
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
        <article className="card" key={`${review.author}-${review.timestamp}`}>
          <h2>{review.title}</h2>
          <p aria-label={`${review.rating} out of 5 stars`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</p>
          <p>{review.body}</p>
          <p className="muted">
            {review.author}, {formatDate(review.timestamp)}
          </p>
        </article>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
