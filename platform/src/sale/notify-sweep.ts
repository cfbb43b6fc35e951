import { findEnquiriesInStates, findEnquiryById } from '../records/enquiries';
import { collectionStepsDue } from './collection-store';
import { reconcilePayouts } from './payouts';
import { intVar, type PlatformEnv } from '../env';
import { advance } from './daily-sale';
import { notify, redeliverUnsettled } from '../notify/messages';
import { collectionsDueOn, offersLapsingBetween } from './sale-store';

const DAY_MS = 24 * 3600 * 1000;
/** Enquiries brought up to the clock per run: far more than a day's sales locally. */
const BATCH = 500;
/** The states the clock moves on by itself. */
const IN_FLIGHT = ['ready-for-sale', 'sale-active', 'under-offer'];

/**
 * What the Cron Trigger sends (platform/src/index.ts scheduled):
 * - sales nobody has looked at since their state changed are brought up to the clock, which
 *   enqueues their messages (sale started, offer arrived, no bids) as a seller's visit would;
 * - offers lapsing within OFFER_LAPSE_WARNING_SECONDS (6 hours unless configured);
 * - collections due tomorrow;
 * - collection day: handovers whose slot has come, and DVLA told a while after them;
 * - messages recorded but never settled (the queue lost them, or the platform stopped mid-send).
 * Every run may enqueue the same occurrence again: the consumer sends each once.
 */
export async function sendDueNotifications(env: PlatformEnv, now: Date) {
  const inFlight = await findEnquiriesInStates(env.DB, IN_FLIGHT, BATCH);
  for (const enquiry of inFlight) await advance(env, enquiry, now.getTime());

  const warningMs = intVar(env.OFFER_LAPSE_WARNING_SECONDS, 6 * 3600) * 1000;
  const lapsing = await offersLapsingBetween(env.DB, now.getTime(), now.getTime() + warningMs);
  for (const sale of lapsing) {
    await notify(env, sale.enquiry_id, `offer_lapsing#${sale.id}`, {
      kind: 'offer_lapsing',
      amount: sale.offer_amount,
      expiresAt: new Date(sale.offer_expires_at).toISOString(),
    });
  }

  const tomorrow = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  const collections = await collectionsDueOn(env.DB, tomorrow);
  for (const sale of collections) {
    await notify(env, sale.enquiry_id, `collection_tomorrow#${sale.id}@${sale.collection_date}`, {
      kind: 'collection_tomorrow',
      date: sale.collection_date,
      slot: sale.collection_slot,
      address: sale.collection_address ?? '',
    });
  }
  // Collection day on the clock (collection-day.ts): handovers whose slot has come, DVLA told after them.
  const handovers = await collectionStepsDue(env.DB, now.toISOString().slice(0, 10), BATCH);
  for (const id of handovers) {
    // One sale that cannot be brought up to the clock must not hold up the others: it is logged, and tried again next run.
    try {
      const enquiry = await findEnquiryById(env.DB, id);
      if (enquiry) await advance(env, enquiry, now.getTime());
    } catch (error) {
      console.error(JSON.stringify({ event: 'collection_day.sweep_failed', enquiryId: id, error: String(error) }));
    }
  }
  // The money: payouts sent, asked after (the provider's callbacks may never come), repaid after a return.
  const payouts = await reconcilePayouts(env, now);
  const redelivered = await redeliverUnsettled(env, now.getTime());
  return {
    salesChecked: inFlight.length,
    offersLapsing: lapsing.length,
    collectionsTomorrow: collections.length,
    collectionSteps: handovers.length,
    payouts,
    redelivered,
  };
}
