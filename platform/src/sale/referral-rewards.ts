import { REFERRAL_REWARD_PENCE, type ReferralRewardsResponse } from '../../../contract/accounts';
import type { endpoints } from '../../../contract/endpoints';
import { clockNowIso } from '../clock';
import { findCustomer } from '../records/customers';
import type { EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { sameAsAnyAccount, sealedAccountOf, sealedAccountsOfCustomer, type SealedAccount } from './payments';
import { insertReward, latestPaidPayout, rewardAccounts, rewardsOf } from './rewards-store';

/**
 * The referral reward (content/pages/referral-terms.md): when a seller who signed up through a
 * friend's link has their sale paid, the friend who referred them is paid REFERRAL_REWARD_PENCE
 * into the account of their own most recent paid sale. Once per referred seller, whatever they
 * sell next (the unique referred_user_id). Nothing is paid when the friend is paid into any
 * account the referrer ever was (any sale's payout account, any reward's): a second account of
 * one's own is not a friend, and comparing with the latest one alone let a referrer "refer"
 * themselves into an older account. A frozen payout account holds the reward until support has
 * checked with the seller, as it holds a sale's payout.
 *
 * The reward is the statement of its row, or null when none is owed: it goes in the batch that
 * records the sale as paid, so a paid sale never misses its reward nor a reward its sale.
 */
export async function referralRewardFor(env: PlatformEnv, enquiry: EnquiryRow): Promise<D1PreparedStatement | null> {
  if (enquiry.customer_id == null) return null;
  const referrerId = (await findCustomer(env.DB, enquiry.customer_id))?.referred_by;
  if (referrerId == null) return null;
  const payout = await latestPaidPayout(env.DB, referrerId);
  // The link is only given to a seller with a paid sale (account/referrals.ts), so this is rare:
  // a referrer with no payout account is owed nothing the platform could pay.
  if (!payout) return null;
  const friendAccount = await sealedAccountOf(env, enquiry.id);
  const referrerAccounts: SealedAccount[] = [
    ...(await sealedAccountsOfCustomer(env, referrerId)),
    ...(await rewardAccounts(env.DB, referrerId)).map((row) => ({
      enquiryId: row.paid_to_enquiry_id,
      iv: row.paid_to_iv,
      ciphertext: row.paid_to_ciphertext,
    })),
  ];
  if (friendAccount && (await sameAsAnyAccount(env, friendAccount, referrerAccounts))) {
    console.warn(JSON.stringify({ event: 'referral.same_account', referrer: referrerId, enquiry: enquiry.id }));
    return null;
  }
  const now = clockNowIso();
  const paid = payout.frozen_at === null;
  const paidTo = paid ? await sealedAccountOf(env, payout.enquiry_id) : null;
  return insertReward(
    env.DB,
    {
      referrerId,
      referredUserId: enquiry.customer_id,
      enquiryId: enquiry.id,
      amountPence: REFERRAL_REWARD_PENCE,
      status: paid ? 'paid' : 'held',
      paidToLast4: paid ? payout.last4 : null,
      paidAt: paid ? now : null,
      paidTo,
    },
    now,
  );
}

/** GET /platform/referrals/rewards → ReferralRewardsResponse */
export const referralRewards: TypedHandler<typeof endpoints.sale.referralRewards> = async ({ customer }, ctx) => {
  const body: ReferralRewardsResponse = {
    rewards: (await rewardsOf(ctx.env.DB, customer.user.id)).map((row) => ({
      amountPence: row.amount_pence,
      status: row.status,
      paidToLast4: row.paid_to_last4,
      createdAt: row.created_at,
      paidAt: row.paid_at,
    })),
  };
  return body;
};
