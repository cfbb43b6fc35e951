import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { ReviewCard } from '~/features/shell/review-card';
import { brandFrom, pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { formatNumber } from '~/lib/format';
import { REVIEWS_PAGE_SIZE, reviewFigures, reviewsToShow } from '~/features/shell/reviews';
import { endpoints } from '../../../../contract/endpoints';

// The page is the reviews: the footer does not repeat them.
export const handle = routeFlags({ hideReviews: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Reviews', description: `What sellers say about selling their car with ${brandFrom(matches)}.` });

/** `?page=2` and on: the older reviews, a page at a time, so every review can be reached without JavaScript. */
function pageNumber(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(value)) throw new Response('Not Found', { status: 404 });
  return Number(value);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageNumber(new URL(request.url));
  // A failed reviews service leaves the reviews and their figures out (docs/behaviour/landing-and-content.md#reviews-page); it does not fail the page.
  const data = await context.gateway
    .call(endpoints.shell.reviews, { query: { limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE } })
    .catch(() => null);
  const figures = reviewFigures(data?.summary);
  const pages = figures ? Math.ceil(figures.total / REVIEWS_PAGE_SIZE) : 1;
  // Past the last page is no page; while the reviews can't be read, any page says so instead.
  if (data && page > pages) throw new Response('Not Found', { status: 404 });
  return { unavailable: !data, figures, page, pages, reviews: data ? reviewsToShow(data.reviews) : [] };
}

export default function Reviews() {
  const { unavailable, figures, page, pages, reviews } = useLoaderData<typeof loader>();
  const { brandName } = useRootData();
  const first = (page - 1) * REVIEWS_PAGE_SIZE + 1;
  return (
    <div className="stack">
      <section className="card">
        <h1>What sellers say</h1>
        {figures ? (
          <p>
            Rated {figures.rating} out of 5 from {figures.count}.
          </p>
        ) : unavailable ? (
          <p>The reviews can&rsquo;t be shown just now. Please try again later.</p>
        ) : (
          <p>No seller has reviewed {brandName} yet.</p>
        )}
        {figures && pages > 1 ? (
          <p>
            Showing reviews {formatNumber(first)} to {formatNumber(first + reviews.length - 1)} of {formatNumber(figures.total)}, newest
            first.
          </p>
        ) : null}
      </section>
      {reviews.map((review) => (
        <div className="card" key={`${review.author}-${review.timestamp}`}>
          <ReviewCard review={review} headingLevel={2} />
        </div>
      ))}
      {pages > 1 ? (
        <nav className="actions" aria-label="More reviews">
          {page > 1 ? <Link to={page === 2 ? '/reviews' : `/reviews?page=${page - 1}`}>Newer reviews</Link> : null}
          {page < pages ? <Link to={`/reviews?page=${page + 1}`}>Older reviews</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
