import type { Review } from '../../../contract/shell';
import { ReviewCard } from './review-card';
import { markupOf } from '~/lib/server-markup.server';

/**
 * The footer's reviews block, as markup (ADR 012): it is the same for every seller and does
 * nothing in the browser, so its cards travel in the root's data as the markup they render to,
 * not as code in every page's scripts.
 */
function FooterReviews({ brandName, rating, countLabel, reviews }: FooterReviewsProps) {
  return (
    <div className="wrap">
      <h2 id="footer-reviews-title">
        Sellers rate {brandName} {rating} out of 5
      </h2>
      <p>
        <a href="/reviews">Read {countLabel}</a>
      </p>
      <div className="review-row">
        {reviews.map((review) => (
          <ReviewCard key={`${review.author}-${review.timestamp}`} review={review} />
        ))}
      </div>
    </div>
  );
}

interface FooterReviewsProps {
  brandName: string;
  /** The average rating of every review, as shown ('4.2'). */
  rating: string;
  /** The exact count ('10 reviews'). */
  countLabel: string;
  /** At most three, already cut to the shell card's lengths. */
  reviews: Review[];
}

export const footerReviewsMarkup = (props: FooterReviewsProps) => markupOf(FooterReviews, { ...props, reviews: props.reviews.slice(0, 3) });
