import { Link } from '@remix-run/react';
import { useState } from 'react';
import { Carousel } from './carousel';
import { formatDate, formatPounds } from '~/lib/format';

/**
 * The carousel needs more reviews than fit side by side on the widest screen (docs/behaviour/constants.md#shell-constants).
 * Here, not with the review rules in reviews.ts: that module is the reviews page's, and sharing it
 * made a file of its own in every page with a carousel.
 */
export const CAROUSEL_MIN_REVIEWS = 5;

/** docs/behaviour/constants.md#shell-constants: the video is a 512×310 frame, loaded only when asked for. */
export const VIDEO_SIZE = { width: 512, height: 310 } as const;
/** docs/behaviour/entry.md#constants: recent sales show model names up to 32 characters and 137×124 images. */
export const MODEL_MAX = 32;
export const SALE_IMAGE = { width: 137, height: 124 } as const;

/**
 * The video (docs/behaviour/shell.md#home-page) behind a light facade: nothing is fetched from the video host until the
 * seller asks. Without JavaScript the facade is a link to the video; with it, the frame replaces
 * the facade in the same box.
 */
export function VideoSection({ src, brandName }: { src: string; brandName: string }) {
  const [playing, setPlaying] = useState(false);
  const title = `How ${brandName} works, in a short video`;
  return (
    <section className="section" aria-labelledby="video-title">
      <h2 id="video-title">See how it works</h2>
      <div className="video-box">
        {playing ? (
          <iframe
            src={`${src}?autoplay=1`}
            title={title}
            width={VIDEO_SIZE.width}
            height={VIDEO_SIZE.height}
            loading="lazy"
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <a
            className="video-facade"
            href={src}
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
          >
            <span className="play" aria-hidden="true" />
            <span>Play: {title}</span>
          </a>
        )}
      </div>
    </section>
  );
}

/**
 * Sellers' reviews: a carousel only with more than four (docs/behaviour/constants.md#shell-constants), otherwise a row. The
 * cards come as markup (review-cards.server.ts), each laid out as if it were the card itself.
 */
export function ReviewsCarousel({ rating, countLabel, cards: markup }: { rating: string; countLabel: string; cards: string[] }) {
  if (!markup.length) return null;
  const cards = markup.map((html, index) => <div key={index} className="contents" dangerouslySetInnerHTML={{ __html: html }} />);
  return (
    <section className="section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Rated {rating} out of 5 by sellers</h2>
      <p>
        <Link to="/reviews">Read {countLabel}</Link>
      </p>
      {cards.length >= CAROUSEL_MIN_REVIEWS ? (
        <Carousel label="Sellers' reviews" className="reviews-carousel">
          {cards}
        </Carousel>
      ) : (
        <div className="review-row">{cards}</div>
      )}
    </section>
  );
}

export interface RecentSaleCard {
  id: string;
  firstName: string;
  make: string;
  model: string;
  soldPrice: number;
  soldDate: string;
  image: string | null;
}

export function RecentSales({ sales, heading = 'Recently sold' }: { sales: RecentSaleCard[]; heading?: string }) {
  if (!sales.length) return null;
  return (
    <section className="section" aria-labelledby="recent-sales-title">
      <h2 id="recent-sales-title">{heading}</h2>
      <Carousel label="Recent sales" className="sales-carousel">
        {sales.map((sale) => (
          <article className="sale-card" key={sale.id}>
            {sale.image ? (
              <img src={sale.image} alt="" width={SALE_IMAGE.width} height={SALE_IMAGE.height} loading="lazy" decoding="async" />
            ) : null}
            <h3>
              {sale.make} {sale.model}
            </h3>
            <p>
              <strong>{formatPounds(sale.soldPrice)}</strong>
            </p>
            <p className="muted small">
              Sold by {sale.firstName} on {formatDate(sale.soldDate)}
            </p>
          </article>
        ))}
      </Carousel>
    </section>
  );
}

export function DealerLogos({
  dealers,
  heading = 'Some of the dealers who bid',
}: {
  dealers: { id: number; name: string; town: string; logo: string | null }[];
  heading?: string;
}) {
  if (!dealers.length) return null;
  return (
    <section className="section" aria-labelledby="dealers-title">
      <h2 id="dealers-title">{heading}</h2>
      <ul className="logo-row">
        {dealers.map((dealer) =>
          dealer.logo ? (
            <li key={dealer.id}>
              <img src={dealer.logo} alt={`${dealer.name}, ${dealer.town}`} width={160} height={48} loading="lazy" decoding="async" />
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}
