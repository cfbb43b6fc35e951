import { clockNowIso } from '../clock';
import type { PlatformEnv } from '../env';
import { requirePublicOrigin } from '../public-origin';
import { randomToken, sha256 } from '../tokens';

/**
 * "Not you? Freeze my payout": the link in every notice about money or the account's contact
 * details (docs/decisions/031). Pressing it holds the payout until support has checked it with the
 * seller, and ends every session of the account, so whoever made the change is signed out too.
 *
 * A link's scope is one sale (a payout account set or changed, or a code for changing it) or the
 * whole account (a contact detail changed, a new device, devices signed out). A link stays good
 * until a newer notice of the same scope has been sent: issuing the new one retires nothing, and
 * only once its notice has gone (`sent`) are the older ones retired, so a notice that fails to send
 * never leaves the seller without a working link.
 */

export type FreezeScope = { userId: number; enquiryId: number | null };

export interface IssuedFreezeLink {
  /** The address to put in the notice. */
  url: string;
  /** Call once the notice carrying the link has been sent: the scope's older links stop working. */
  sent: () => Promise<void>;
}

/** A new freeze link for the scope, on the app's public origin (throws when none is configured). */
export async function issueFreezeLink(env: PlatformEnv, scope: FreezeScope, reason: string): Promise<IssuedFreezeLink> {
  const origin = requirePublicOrigin(env);
  const token = randomToken();
  const hash = await sha256(token);
  await env.DB.prepare('INSERT INTO freeze_links (token_hash, user_id, enquiry_id, reason, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(hash, scope.userId, scope.enquiryId, reason, clockNowIso())
    .run();
  return {
    url: `${origin}/auth/freeze-payout?token=${encodeURIComponent(token)}`,
    sent: async () => {
      const now = clockNowIso();
      await env.DB.batch([
        env.DB.prepare('UPDATE freeze_links SET sent_at = ?2 WHERE token_hash = ?1').bind(hash, now),
        env.DB.prepare(
          `UPDATE freeze_links SET retired_at = ?4
            WHERE user_id = ?1 AND enquiry_id IS ?2 AND token_hash != ?3 AND retired_at IS NULL AND used_at IS NULL
              AND created_at <= (SELECT created_at FROM freeze_links WHERE token_hash = ?3)`,
        ).bind(scope.userId, scope.enquiryId, hash, now),
      ]);
    },
  };
}

/**
 * Freezes what the token's link covers and signs the account out everywhere; null for a token that
 * is not a live link. Pressing a link again keeps the first freeze.
 */
export async function freezeByLink(env: PlatformEnv, token: string): Promise<{ frozenAt: string; userId: number } | null> {
  const link = await env.DB.prepare('SELECT user_id, enquiry_id FROM freeze_links WHERE token_hash = ?1 AND retired_at IS NULL')
    .bind(await sha256(token))
    .first<{ user_id: number; enquiry_id: number | null }>();
  if (!link) return null;
  const frozenAt = await freezePayouts(env, { userId: link.user_id, enquiryId: link.enquiry_id }, { endSessions: 'all' });
  await env.DB.prepare('UPDATE freeze_links SET used_at = COALESCE(used_at, ?2) WHERE token_hash = ?1')
    .bind(await sha256(token), clockNowIso())
    .run();
  console.warn(JSON.stringify({ event: 'payments.payout_frozen', via: 'link', userId: link.user_id, enquiryId: link.enquiry_id }));
  return { frozenAt, userId: link.user_id };
}

/**
 * Holds the payout of one sale (or of every sale of the account, now and later) and ends the
 * account's sessions: every one (`all`), or all but the caller's (`{ except }`).
 */
export async function freezePayouts(
  env: PlatformEnv,
  scope: FreezeScope,
  { endSessions }: { endSessions: 'all' | { except: string } },
): Promise<string> {
  const now = clockNowIso();
  const freeze =
    scope.enquiryId === null
      ? [
          env.DB.prepare('UPDATE users SET payouts_frozen_at = COALESCE(payouts_frozen_at, ?2) WHERE id = ?1').bind(scope.userId, now),
          env.DB.prepare(
            `UPDATE beneficiaries SET frozen_at = COALESCE(frozen_at, ?2)
              WHERE enquiry_id IN (SELECT id FROM enquiries WHERE customer_id = ?1)`,
          ).bind(scope.userId, now),
        ]
      : [
          env.DB.prepare(
            `UPDATE beneficiaries SET frozen_at = COALESCE(frozen_at, ?2)
              WHERE enquiry_id = ?1 AND enquiry_id IN (SELECT id FROM enquiries WHERE customer_id = ?3)`,
          ).bind(scope.enquiryId, now, scope.userId),
        ];
  const sessions =
    endSessions === 'all'
      ? env.DB.prepare('UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL').bind(scope.userId, now)
      : env.DB.prepare('UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND id != ?3 AND revoked_at IS NULL').bind(
          scope.userId,
          now,
          endSessions.except,
        );
  await env.DB.batch([...freeze, sessions]);
  const row = await env.DB.prepare(
    scope.enquiryId === null
      ? 'SELECT payouts_frozen_at AS frozen_at FROM users WHERE id = ?1'
      : 'SELECT frozen_at FROM beneficiaries WHERE enquiry_id = ?1',
  )
    .bind(scope.enquiryId ?? scope.userId)
    .first<{ frozen_at: string | null }>();
  return row?.frozen_at ?? now;
}

/** Whether a sale's payout is held: frozen itself, or its seller froze every payout of the account. */
export async function payoutFrozen(env: PlatformEnv, enquiryId: number): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT b.frozen_at, u.payouts_frozen_at FROM enquiries e
       LEFT JOIN beneficiaries b ON b.enquiry_id = e.id
       LEFT JOIN users u ON u.id = e.customer_id
      WHERE e.id = ?1`,
  )
    .bind(enquiryId)
    .first<{ frozen_at: string | null; payouts_frozen_at: string | null }>();
  return !!(row?.frozen_at || row?.payouts_frozen_at);
}
