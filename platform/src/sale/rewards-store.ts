import type { ReferralReward } from '../../../contract/accounts';

/**
 * The referral rewards' records (docs/decisions/033): one reward per referred seller, paid (or
 * held) into the account of the referrer's latest paid sale, with that account as it was sealed.
 */

/** The payout account of the referrer's most recent paid sale, confirmed, or null. */
export async function latestPaidPayout(
  db: D1Database,
  referrerId: number,
): Promise<{ enquiry_id: number; last4: string; frozen_at: string | null } | null> {
  return db
    .prepare(
      `SELECT b.enquiry_id, b.last4, b.frozen_at FROM beneficiaries b JOIN enquiries e ON e.id = b.enquiry_id
        WHERE b.customer_id = ?1 AND b.confirmed_at IS NOT NULL AND e.status = 'sold_invoice_paid'
        ORDER BY e.updated_at DESC, e.id DESC LIMIT 1`,
    )
    .bind(referrerId)
    .first<{ enquiry_id: number; last4: string; frozen_at: string | null }>();
}

/** The accounts the referrer's rewards were paid into, as sealed when each was paid. */
export async function rewardAccounts(
  db: D1Database,
  referrerId: number,
): Promise<{ paid_to_enquiry_id: number; paid_to_iv: string; paid_to_ciphertext: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT paid_to_enquiry_id, paid_to_iv, paid_to_ciphertext FROM referral_rewards
        WHERE referrer_id = ?1 AND paid_to_enquiry_id IS NOT NULL AND paid_to_iv IS NOT NULL AND paid_to_ciphertext IS NOT NULL`,
    )
    .bind(referrerId)
    .all<{ paid_to_enquiry_id: number; paid_to_iv: string; paid_to_ciphertext: string }>();
  return results;
}

export interface NewReward {
  referrerId: number;
  referredUserId: number;
  enquiryId: number;
  amountPence: number;
  status: ReferralReward['status'];
  paidToLast4: string | null;
  paidAt: string | null;
  paidTo: { enquiryId: number; iv: string; ciphertext: string } | null;
}

/** The reward's row: once per referred seller, so a payment reported again pays nothing more. */
export function insertReward(db: D1Database, reward: NewReward, nowIso: string) {
  return db
    .prepare(
      `INSERT INTO referral_rewards (referrer_id, referred_user_id, enquiry_id, amount_pence, status, paid_to_last4, created_at, paid_at,
         paid_to_enquiry_id, paid_to_iv, paid_to_ciphertext)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (referred_user_id) DO NOTHING`,
    )
    .bind(
      reward.referrerId,
      reward.referredUserId,
      reward.enquiryId,
      reward.amountPence,
      reward.status,
      reward.paidToLast4,
      nowIso,
      reward.paidAt,
      reward.paidTo?.enquiryId ?? null,
      reward.paidTo?.iv ?? null,
      reward.paidTo?.ciphertext ?? null,
    );
}

export interface RewardRow {
  amount_pence: number;
  status: ReferralReward['status'];
  paid_to_last4: string | null;
  created_at: string;
  paid_at: string | null;
}

/** The referrer's rewards, newest first (the last hundred). */
export async function rewardsOf(db: D1Database, referrerId: number): Promise<RewardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT amount_pence, status, paid_to_last4, created_at, paid_at FROM referral_rewards
        WHERE referrer_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    )
    .bind(referrerId)
    .all<RewardRow>();
  return results;
}
