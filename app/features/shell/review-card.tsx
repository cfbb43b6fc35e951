import type { Review } from '../../../contract/shell';
import { formatDate } from '~/lib/format';

/** One review: the stars are text for screen readers and a picture for everyone else. */
export function ReviewCard({ review, headingLevel = 3 }: { review: Review; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="review-card">
      <p className="stars">
        <span aria-hidden="true">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>
        <span className="sr-only">{review.rating} out of 5 stars</span>
      </p>
      <Heading className="review-title">{review.title}</Heading>
      <p>{review.body}</p>
      <p className="muted small">
        {review.author}, {formatDate(review.timestamp)}
      </p>
    </article>
  );
}
