import type { AnalyticsEvent, Review, ReviewsResponse } from '../../../contract/shell';
import type { RegisterRow } from '../providers/register';

/**
 * The shell wing's storage (docs/decisions/033): sellers' reviews, the affiliate each owner came
 * through, the analytics events of sellers who consented, and what the recent sales, the dealers'
 * interest and the sales record read of the register and of the sales completed here.
 */

/**
 * A page of the newest reviews and the figures over all of them, read in one batch (one
 * transaction), so the figures describe the same reviews the page is taken from. The count and the
 * average are computed by the database over every stored review, never kept beside them.
 */
export async function readReviews(db: D1Database, limit: number, offset = 0): Promise<ReviewsResponse> {
  const [figures, page] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT COUNT(*) AS total, AVG(rating) AS average FROM reviews'),
    db
      .prepare(
        'SELECT author, rating, title, body, created_at AS timestamp FROM reviews ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2',
      )
      .bind(limit, offset),
  ]);
  const row = figures!.results[0] as { total: number; average: number | null } | undefined;
  return {
    summary: { totalReviews: row?.total ?? 0, averageRating: row?.average ?? null },
    reviews: page!.results as unknown as Review[],
  };
}

/** Records the affiliate an owner came through: the latest visit wins. */
export async function recordAffiliateVisit(db: D1Database, owner: string, affiliate: string, at: string): Promise<void> {
  await db
    .prepare(
      `INSERT INTO affiliate_visits (owner_key, affiliate, visited_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (owner_key) DO UPDATE SET affiliate = excluded.affiliate, visited_at = excluded.visited_at`,
    )
    .bind(owner, affiliate, at)
    .run();
}

/** The affiliate an owner came through last, or null. */
export async function findAffiliate(db: D1Database, owner: string): Promise<string | null> {
  const row = await db.prepare('SELECT affiliate FROM affiliate_visits WHERE owner_key = ?1').bind(owner).first<{ affiliate: string }>();
  return row?.affiliate ?? null;
}

/** Keeps a checked batch of one requester's events, all of them or none (one batch). */
export async function storeEvents(
  db: D1Database,
  who: { requesterId: string; userId: number | null },
  events: readonly AnalyticsEvent[],
  receivedAt: string,
): Promise<void> {
  const stringify = (value: object | undefined) => (value ? JSON.stringify(value) : null);
  await db.batch(
    events.map((event) =>
      db
        .prepare(
          `INSERT INTO analytics_events (requester_id, user_id, name, path, occurred_at, received_at, properties, campaign, experiments)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
        )
        .bind(
          who.requesterId,
          who.userId,
          event.name,
          event.path,
          event.occurredAt,
          receivedAt,
          stringify(event.properties),
          stringify(event.campaign),
          stringify(event.experiments),
        ),
    ),
  );
}

/** An analytics event as it is stored. */
export interface EventRow {
  id: number;
  requester_id: string;
  user_id: number | null;
  name: string;
  path: string;
  occurred_at: string;
  properties: string | null;
  campaign: string | null;
  experiments: string | null;
}

/**
 * The latest events, oldest first: one requester's last 500, or, without a requester, everyone's
 * last 200 (a developer watching the stream).
 */
export async function latestEvents(db: D1Database, requesterId: string | null): Promise<EventRow[]> {
  const { results } = await (
    requesterId
      ? db
          .prepare('SELECT * FROM (SELECT * FROM analytics_events WHERE requester_id = ?1 ORDER BY id DESC LIMIT 500) ORDER BY id')
          .bind(requesterId)
      : db.prepare('SELECT * FROM (SELECT * FROM analytics_events ORDER BY id DESC LIMIT 200) ORDER BY id')
  ).all<EventRow>();
  return results;
}

/** What the seeded history of sales needs of a register vehicle. */
export type HistoryVehicle = Pick<
  RegisterRow,
  'vrm' | 'make' | 'model' | 'body' | 'colour' | 'fuel_type' | 'vehicle_type' | 'first_used_date' | 'list_price'
>;

/** Every register vehicle, for the seeded history, with its sandbox note (named sandbox cars tell their own stories). */
export async function historyVehicles(db: D1Database): Promise<(HistoryVehicle & { sandbox_note: string | null })[]> {
  const { results } = await db
    .prepare(
      `SELECT vrm, make, model, body, colour, fuel_type, vehicle_type, first_used_date, list_price, sandbox_note
         FROM register_vehicles ORDER BY vrm`,
    )
    .all<HistoryVehicle & { sandbox_note: string | null }>();
  return results;
}

/**
 * The daily sales of these makes that ran in [sinceMs, nowMs), each with every bid placed before
 * now (a sale without bids once, with a null dealer).
 */
export async function liveBidsOnMakes(
  db: D1Database,
  makes: readonly string[],
  sinceMs: number,
  nowMs: number,
): Promise<{ sale_id: number; dealer_id: number | null }[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id AS sale_id, b.dealer_id
         FROM sales s
         JOIN enquiries e ON e.id = s.enquiry_id
         JOIN register_vehicles r ON r.vrm = e.vrm
         LEFT JOIN bids b ON b.sale_id = s.id AND b.placed_at < ?2
        WHERE s.starts_at <= ?2 AND s.ends_at > ?1 AND r.make IN (SELECT value FROM json_each(?3))`,
    )
    .bind(sinceMs, nowMs, JSON.stringify(makes))
    .all<{ sale_id: number; dealer_id: number | null }>();
  return results;
}

/** A sale completed here (paid), as a public list may show it: the seller's first name and postcode, the car. */
export interface PaidSaleRow {
  id: number;
  offer_amount: number;
  paid_at: string;
  first_name: string;
  postcode: string;
  make: string;
  model: string;
  body: string;
  colour: string;
  vehicle_type: string;
}

/** The sales completed here since `since` (of these makes, or of any), newest first. */
export async function paidSalesSince(
  db: D1Database,
  makes: readonly string[] | null,
  since: string,
  limit: number,
): Promise<PaidSaleRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.offer_amount, s.paid_at, u.first_name, u.postcode, r.make, r.model, r.body, r.colour, r.vehicle_type
         FROM sales s
         JOIN enquiries e ON e.id = s.enquiry_id
         JOIN users u ON u.id = e.customer_id
         JOIN register_vehicles r ON r.vrm = e.vrm
        WHERE s.paid_at IS NOT NULL AND s.offer_amount IS NOT NULL AND s.paid_at > ?1
          AND (?2 IS NULL OR r.make IN (SELECT value FROM json_each(?2)))
        ORDER BY s.paid_at DESC, s.id DESC
        LIMIT ?3`,
    )
    .bind(since, makes ? JSON.stringify(makes) : null, limit)
    .all<PaidSaleRow>();
  return results;
}

/** A sale of the record completed here: what it sold for, to whom, and the car's mileage and age. */
export interface RecordedPaidRow {
  offer_amount: number;
  offer_dealer_id: number | null;
  paid_at: string;
  mileage: number | null;
  first_used_date: string;
}

/**
 * What the sales record holds of one make and model, read together: the register's vehicles of it
 * (named sandbox cars left out) and its sales completed here in (since, until].
 */
export async function recordOfModel(
  db: D1Database,
  make: string,
  model: string,
  since: string,
  until: string,
): Promise<{ vehicles: HistoryVehicle[]; paid: RecordedPaidRow[] }> {
  const [register, paid] = await db.batch([
    db
      .prepare(
        `SELECT vrm, make, model, body, colour, fuel_type, vehicle_type, first_used_date, list_price
           FROM register_vehicles WHERE make = ?1 AND model = ?2 AND sandbox_note IS NULL ORDER BY vrm`,
      )
      .bind(make, model),
    db
      .prepare(
        `SELECT s.offer_amount, s.offer_dealer_id, s.paid_at, e.mileage, r.first_used_date
           FROM sales s
           JOIN enquiries e ON e.id = s.enquiry_id
           JOIN register_vehicles r ON r.vrm = e.vrm
          WHERE s.paid_at IS NOT NULL AND s.offer_amount IS NOT NULL AND s.paid_at > ?3 AND s.paid_at <= ?4
            AND r.make = ?1 AND r.model = ?2`,
      )
      .bind(make, model, since, until),
  ]);
  return { vehicles: (register?.results ?? []) as HistoryVehicle[], paid: (paid?.results ?? []) as RecordedPaidRow[] };
}
