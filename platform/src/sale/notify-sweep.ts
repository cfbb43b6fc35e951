import type { EnquiryRow } from '../records/enquiries';
import { intVar, type PlatformEnv } from '../env';
import { advance } from './daily-sale';
import { notify, redeliverUnsettled } from '../notify/messages';

const DAY_MS = 24 * 3600 * 1000;
/** Enquiries brought up to the clock per run: far more than a day's sales locally. */
const BATCH = 500;

/**
 * What the Cron Trigger sends (platform/src/index.ts scheduled):
 * - sales nobody has looked at since their state changed are brought up to the clock, which
 *   enqueues their messages (sale started, offer arrived, no bids) as a seller's visit would;
 * - offers lapsing within OFFER_LAPSE_WARNING_SECONDS (6 hours unless configured);
 * - collections due tomorrow;
 * - messages recorded but never settled (the queue lost them, or the platform stopped mid-send).
 * Every run may enqueue the same occurrence again: the consumer sends each once.
 */
export async function sendDueNotifications(env: PlatformEnv, now: Date) {
  const { results: inFlight } = await env.DB.prepare(
    "SELECT * FROM enquiries WHERE dp_state_slug IN ('ready-for-sale', 'sale-active', 'under-offer') ORDER BY id LIMIT ?1",
  )
    .bind(BATCH)
    .all<EnquiryRow>();
  for (const enquiry of inFlight) await advance(env, enquiry, now.getTime());

  const warningMs = intVar(env.OFFER_LAPSE_WARNING_SECONDS, 6 * 3600) * 1000;
  const { results: lapsing } = await env.DB.prepare(
    `SELECT id, enquiry_id, offer_amount, offer_expires_at FROM sales
     WHERE outcome IS NULL AND offer_amount IS NOT NULL AND offer_expires_at > ?1 AND offer_expires_at <= ?2`,
  )
    .bind(now.getTime(), now.getTime() + warningMs)
    .all<{ id: number; enquiry_id: number; offer_amount: number; offer_expires_at: number }>();
  for (const sale of lapsing) {
    await notify(env, sale.enquiry_id, `offer_lapsing#${sale.id}`, {
      kind: 'offer_lapsing',
      amount: sale.offer_amount,
      expiresAt: new Date(sale.offer_expires_at).toISOString(),
    });
  }

  const tomorrow = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  const { results: collections } = await env.DB.prepare(
    'SELECT id, enquiry_id, collection_date, collection_slot, collection_address FROM sales WHERE collection_date = ?1 AND collected_at IS NULL',
  )
    .bind(tomorrow)
    .all<{
      id: number;
      enquiry_id: number;
      collection_date: string;
      collection_slot: 'morning' | 'afternoon';
      collection_address: string | null;
    }>();
  for (const sale of collections) {
    await notify(env, sale.enquiry_id, `collection_tomorrow#${sale.id}@${sale.collection_date}`, {
      kind: 'collection_tomorrow',
      date: sale.collection_date,
      slot: sale.collection_slot,
      address: sale.collection_address ?? '',
    });
  }
  const redelivered = await redeliverUnsettled(env, now.getTime());
  return { salesChecked: inFlight.length, offersLapsing: lapsing.length, collectionsTomorrow: collections.length, redelivered };
}
