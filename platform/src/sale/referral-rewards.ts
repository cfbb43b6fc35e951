import { REFERRAL_REWARD_PENCE, type ReferralReward, type ReferralRewardsResponse } from '../../../contract/accounts';
import { requireCustomer } from '../auth';
import { clockNowIso } from '../clock';
import type { EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import { json } from '../http';
import { sameAsAnyAccount, sealedAccountOf, sealedAccountsOfCustomer, type SealedAccount } from './payments';

/**
 * The referral reward (content/pages/referral-terms.md): when a seller who signed up through a
 * friend's link has their sale paid, the friend who referred them is paid REFERRAL_REWARD_PENCE
 * into the account of their own most recent paid sale. Once per referred seller, whatever they
 * sell next (the unique referred_user_id). Nothing is paid when the friend is paid into any
 * account the referrer ever was (any sale's payout account, any reward's): a second account of
 * one's own is not a friend, and comparing with the latest one alone let a referrer "refer"
 * themselves into an older account. A frozen payout account holds the reward until support has
 * checked with the seller, as it holds a sale's payout.
 */
export async function recordReferralReward(env: PlatformEnv, enquiry: EnquiryRow): Promise<void> {
  if (enquiry.customer_id == null) return;
  const friend = await env.DB.prepare('SELECT referred_by FROM users WHERE id = ?1')
    .bind(enquiry.customer_id)
    .first<{ referred_by: number | null }>();
  if (friend?.referred_by == null) return;
  const payout = await env.DB.prepare(
    `SELECT b.enquiry_id, b.last4, b.frozen_at FROM beneficiaries b JOIN enquiries e ON e.id = b.enquiry_id
      WHERE b.customer_id = ?1 AND b.confirmed_at IS NOT NULL AND e.status = 'sold_invoice_paid'
      ORDER BY e.updated_at DESC, e.id DESC LIMIT 1`,
  )
    .bind(friend.referred_by)
    .first<{ enquiry_id: number; last4: string; frozen_at: string | null }>();
  // The link is only given to a seller with a paid sale (account/referrals.ts), so this is rare:
  // a referrer with no payout account is owed nothing the platform could pay.
  if (!payout) return;
  const friendAccount = await sealedAccountOf(env, enquiry.id);
  const referrerAccounts = [
    ...(await sealedAccountsOfCustomer(env, friend.referred_by)),
    ...(await rewardAccounts(env, friend.referred_by)),
  ];
  if (friendAccount && (await sameAsAnyAccount(env, friendAccount, referrerAccounts))) {
    console.warn(JSON.stringify({ event: 'referral.same_account', referrer: friend.referred_by, enquiry: enquiry.id }));
    return;
  }
  const now = clockNowIso();
  const paid = payout.frozen_at === null;
  const paidTo = paid ? await sealedAccountOf(env, payout.enquiry_id) : null;
  await env.DB.prepare(
    `INSERT INTO referral_rewards (referrer_id, referred_user_id, enquiry_id, amount_pence, status, paid_to_last4, created_at, paid_at,
       paid_to_enquiry_id, paid_to_iv, paid_to_ciphertext)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (referred_user_id) DO NOTHING`,
  )
    .bind(
      friend.referred_by,
      enquiry.customer_id,
      enquiry.id,
      REFERRAL_REWARD_PENCE,
      paid ? 'paid' : 'held',
      paid ? payout.last4 : null,
      now,
      paid ? now : null,
      paidTo?.enquiryId ?? null,
      paidTo?.iv ?? null,
      paidTo?.ciphertext ?? null,
    )
    .run();
}

/** The accounts the referrer's rewards were paid into, as sealed when each was paid. */
async function rewardAccounts(env: PlatformEnv, referrerId: number): Promise<SealedAccount[]> {
  const { results } = await env.DB.prepare(
    `SELECT paid_to_enquiry_id, paid_to_iv, paid_to_ciphertext FROM referral_rewards
      WHERE referrer_id = ?1 AND paid_to_enquiry_id IS NOT NULL AND paid_to_iv IS NOT NULL AND paid_to_ciphertext IS NOT NULL`,
  )
    .bind(referrerId)
    .all<{ paid_to_enquiry_id: number; paid_to_iv: string; paid_to_ciphertext: string }>();
  return results.map((row) => ({ enquiryId: row.paid_to_enquiry_id, iv: row.paid_to_iv, ciphertext: row.paid_to_ciphertext }));
}

/** GET /platform/referrals/rewards → ReferralRewardsResponse */
export async function referralRewards(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const { results } = await env.DB.prepare(
    `SELECT amount_pence, status, paid_to_last4, created_at, paid_at FROM referral_rewards
      WHERE referrer_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 100`,
  )
    .bind(caller.user.id)
    .all<{
      amount_pence: number;
      status: ReferralReward['status'];
      paid_to_last4: string | null;
      created_at: string;
      paid_at: string | null;
    }>();
  const body: ReferralRewardsResponse = {
    rewards: results.map((row) => ({
      amountPence: row.amount_pence,
      status: row.status,
      paidToLast4: row.paid_to_last4,
      createdAt: row.created_at,
      paidAt: row.paid_at,
    })),
  };
  return json(body);
}
