import type { ReviewsResponse } from '../../../contract/shell';
import { json } from '../http';

/**
 * The third-party reviews service, simulated: a fixed set of seller reviews and the service's
 * summary. Reviews are data a provider owns, so they live here and not in the app.
 */
const REVIEWS: ReviewsResponse['reviews'] = [
  {
    author: 'Sarah K.',
    rating: 5,
    title: 'Sold my Fiesta in two days',
    body: 'Put the reg in on Sunday night, the sale ran on Monday and I accepted an offer £400 above what the part-exchange offered me. Collected from my drive on Thursday and the money was in my account the same afternoon.',
    timestamp: '2026-10-28T09:12:00Z',
  },
  {
    author: 'Dev P.',
    rating: 5,
    title: 'No haggling at the door',
    body: 'I was worried the dealer would knock money off at collection like with other sites. They checked the car against my photos, everything matched, and they paid the full price.',
    timestamp: '2026-10-19T17:40:00Z',
  },
  {
    author: 'Margaret W.',
    rating: 4,
    title: 'Easy, even for me',
    body: 'Not very good with computers but the pages were clear and I could see what was happening at every step. Took a while to find my logbook but that was my fault.',
    timestamp: '2026-10-11T11:05:00Z',
  },
  {
    author: 'Tom R.',
    rating: 5,
    title: 'Van sold to a trade buyer',
    body: 'Sold my Transit Custom with 120k on the clock. Three dealers bid, highest offer was fair for the mileage. Free collection from the yard.',
    timestamp: '2026-09-30T08:22:00Z',
  },
  {
    author: 'Aisha B.',
    rating: 5,
    title: 'Finance settled for me',
    body: 'I still had finance on my car. They settled it with the lender out of the sale price and paid me the rest the next day. Much easier than doing it myself.',
    timestamp: '2026-09-21T14:48:00Z',
  },
  {
    author: 'Gareth L.',
    rating: 3,
    title: 'Good price, slow collection',
    body: 'The offer was good but collection took a week to arrange. Payment was quick once it was collected.',
    timestamp: '2026-09-14T19:31:00Z',
  },
  {
    author: 'Priya S.',
    rating: 5,
    title: 'Better than the big buying sites',
    body: 'Got three instant quotes elsewhere and this was £650 more. The price did not change at collection.',
    timestamp: '2026-09-02T10:10:00Z',
  },
  {
    author: 'John M.',
    rating: 1,
    title: 'Did not sell',
    body: 'My car did not get any bids above my reserve.',
    timestamp: '2026-08-29T16:00:00Z',
  },
  {
    author: 'Emma H.',
    rating: 5,
    title: 'Clear about what could change the price',
    body: 'I liked that they told me up front what a dealer can and cannot adjust at collection. No surprises on the day.',
    timestamp: '2026-08-17T12:34:00Z',
  },
  {
    author: 'Chris D.',
    rating: 4,
    title: 'Worked on my old phone with no apps',
    body: 'Did the whole thing on an old phone with a terrible signal. Pages loaded fine and nothing got lost when the connection dropped.',
    timestamp: '2026-08-03T07:55:00Z',
  },
];

/** The provider's own totals (it counts reviews on every platform it collects). */
const SUMMARY = { rating: 4.7, totalReviews: 82_417 };

export async function listReviews(): Promise<Response> {
  const body: ReviewsResponse = { summary: SUMMARY, reviews: REVIEWS };
  return json(body);
}
