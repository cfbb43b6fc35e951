import type { CrmTier } from '../../../contract/accounts';

/**
 * The customer: a seller's account as the platform keeps it. Every wing reads it (sign-in makes
 * it, the sale messages its owner, the account changes it), so it lives below them all.
 */

export interface UserRow {
  id: number;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  postcode: string;
  email_crm_tier: CrmTier;
  referred_by?: number | null;
  /** When the seller proved the address by opening a link sent to it; null until then. */
  email_verified_at: string | null;
  /** When the seller stopped texts (a STOP reply, /unsubscribe/sms or the account page); null while texts go. */
  sms_stopped_at?: string | null;
  /** When `phone` was proven by a texted code; null while it is not, and nothing but codes is texted to it. */
  phone_verified_at?: string | null;
  /** A new mobile waiting for the code texted to it; `phone` stays until it is entered. */
  phone_pending?: string | null;
  /** Every payout of the account is held (an account-wide freeze link was pressed). */
  payouts_frozen_at?: string | null;
  /** 1 when the details typed at sign-up were cleared at proof, until the seller confirms theirs. */
  details_to_confirm?: number;
  /** SHA-256 of the key of the browser that signed up: proof from another browser trusts nothing typed here. */
  signup_browser_key_hash?: string | null;
  created_at: string;
  updated_at: string;
}

/** A customer by their id, or null. */
export async function findCustomer(db: D1Database, id: number): Promise<UserRow | null> {
  return db.prepare('SELECT * FROM users WHERE id = ?1').bind(id).first<UserRow>();
}

/** A customer by their e-mail address (stored in lower case), or null. */
export async function findCustomerByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
}
