import type { ReferralLinkResponse } from '../../../contract/accounts';
import { requireCustomer } from '../auth';
import type { PlatformEnv } from '../env';
import { json } from '../http';

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
export async function referralLink(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  if (!(await hasPaidSale(env, caller.user.id))) return json({ code: null } satisfies ReferralLinkResponse);
  const existing = await env.DB.prepare('SELECT referral_code FROM users WHERE id = ?1')
    .bind(caller.user.id)
    .first<{ referral_code: string | null }>();
  let code = existing?.referral_code ?? null;
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    const candidate = newReferralCode();
    // A clash with another seller's code fails the unique index; draw again.
    const updated = await env.DB.prepare('UPDATE users SET referral_code = ?1 WHERE id = ?2 AND referral_code IS NULL')
      .bind(candidate, caller.user.id)
      .run()
      .catch(() => null);
    if (updated) {
      code =
        (
          await env.DB.prepare('SELECT referral_code FROM users WHERE id = ?1')
            .bind(caller.user.id)
            .first<{ referral_code: string | null }>()
        )?.referral_code ?? null;
    }
  }
  if (!code) throw new Error('could not make a referral code');
  const body: ReferralLinkResponse = { code };
  return json(body);
}

/** A sale of the seller's own that the dealer collected and paid, into an account they confirmed. */
async function hasPaidSale(env: PlatformEnv, userId: number): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT 1 AS yes FROM beneficiaries b JOIN enquiries e ON e.id = b.enquiry_id
      WHERE b.customer_id = ?1 AND b.confirmed_at IS NOT NULL AND e.status = 'sold_invoice_paid' LIMIT 1`,
  )
    .bind(userId)
    .first<{ yes: number }>();
  return !!row;
}

/** The seller who owns a code, for a sign-up that came through their link (never the new seller themselves). */
export async function referrerOf(env: PlatformEnv, code: unknown): Promise<number | null> {
  if (typeof code !== 'string' || !REFERRAL_CODE.test(code)) return null;
  const row = await env.DB.prepare('SELECT id FROM users WHERE referral_code = ?1').bind(code).first<{ id: number }>();
  return row?.id ?? null;
}
