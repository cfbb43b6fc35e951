import type { ReferralLinkResponse } from '../../../contract/accounts';
import type { endpoints } from '../../../contract/endpoints';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { claimReferralCode, customerByReferralCode, hasPaidSale, referralCodeOf } from './store';

/**
 * Refer a friend. A seller's code is made the first time they ask for their link and kept; a new
 * seller who signs up through it is recorded as referred by them (users.referred_by), which is
 * what the reward is paid against when that seller's sale is paid (sale/referral-rewards.ts).
 * Only a seller with a paid sale of their own gets a link: the reward is paid into that sale's
 * account, and the platform has no other account of theirs to pay.
 *
 * Codes are 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn from the
 * platform's random source: about 10^12 codes, so guessing one is not a way to claim a reward.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE = /^[A-HJKMNP-Z2-9]{8}$/;

export function newReferralCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 256 is not a multiple of 31: drop draws past the last whole multiple so every letter is as likely.
  const limit = 256 - (256 % ALPHABET.length);
  let code = '';
  while (code.length < 8) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte < limit && code.length < 8) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** POST /platform/referrals/link: the signed-in seller's referral code, made on first use. */
export const referralLink: TypedHandler<typeof endpoints.account.referralLink> = async ({ customer }, ctx) => {
  const db = ctx.env.DB;
  const id = customer.user.id;
  if (!(await hasPaidSale(db, id))) return { code: null } satisfies ReferralLinkResponse;
  let code = await referralCodeOf(db, id);
  // A clash with another seller's code fails the unique index; draw again.
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    if (await claimReferralCode(db, id, newReferralCode())) code = await referralCodeOf(db, id);
  }
  if (!code) throw new Error('could not make a referral code');
  return { code } satisfies ReferralLinkResponse;
};

/** The seller who owns a code, for a sign-up that came through their link (never the new seller themselves). */
export async function referrerOf(env: PlatformEnv, code: unknown): Promise<number | null> {
  if (typeof code !== 'string' || !REFERRAL_CODE.test(code)) return null;
  return customerByReferralCode(env.DB, code);
}
