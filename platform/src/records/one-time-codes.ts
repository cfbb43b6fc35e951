import { sha256 } from '../tokens';

/**
 * Six-digit codes that prove something on another channel: a payout account change (the code is
 * e-mailed to the proven address) and a mobile number (texted to it). Their lifecycle follows OWASP
 * ASVS V6 ("authentication factor lifecycle"), because a session alone must not be able to guess
 * its way through one (docs/sign-in-limits.md, "Codes"):
 * - guesses are counted per subject (the sale, the account) across every code it was sent, not per
 *   code, so asking for a fresh code does not buy fresh guesses;
 * - a guess is counted before it is compared, in the one statement that checks the limits, so
 *   guesses sent together cannot all pass the check before any is counted;
 * - how many codes a subject is sent an hour and a day is capped; past the cap the caller holds
 *   what the code was for, and the seller is told how to reach support.
 */

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The limits, named once (docs/sign-in-limits.md lists them). */
export const CODE_LIMITS = {
  /** Guesses one code takes before it is spent. */
  triesPerCode: 5,
  /** Guesses a subject takes in 24 hours, across all its codes. */
  triesPerDay: 10,
  /** Codes a subject is sent in an hour, and in 24 hours. */
  codesPerHour: 3,
  codesPerDay: 5,
} as const;

export type CodePurpose = 'payee_change' | 'mobile';

export interface CodeSubject {
  purpose: CodePurpose;
  /** What the limits count against: `enquiry:{id}` for a payee change, `user:{id}` for a mobile. */
  subject: string;
}

export type Issued = { ok: true; id: number; code: string; expiresAt: string } | { ok: false; reason: 'too_many_codes' };

function sixDigits(): string {
  const limit = 4_294_967_296 - (4_294_967_296 % 10 ** CODE_LENGTH);
  // Rejection sampling: a plain modulus of a 32-bit draw favours the low codes slightly.
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < limit) return String(value! % 10 ** CODE_LENGTH).padStart(CODE_LENGTH, '0');
  }
}

const hashOf = (subject: CodeSubject, code: string) => sha256(`${subject.purpose}:${subject.subject}:${code}`);

/**
 * A new code for the subject, unless it has had its codes for the hour or the day. The newest code
 * is the only one that works: issuing one retires the others. The insert and its caps are one
 * statement, so two requests at once cannot both slip under a cap.
 */
export async function issueCode(db: D1Database, subject: CodeSubject, nowMs: number, target: string | null = null): Promise<Issued> {
  const code = sixDigits();
  const now = new Date(nowMs).toISOString();
  const expiresAt = new Date(nowMs + CODE_TTL_MS).toISOString();
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO one_time_codes (purpose, subject, target, code_hash, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
          WHERE (SELECT count(*) FROM one_time_codes WHERE purpose = ?1 AND subject = ?2 AND created_at > ?7) < ?8
            AND (SELECT count(*) FROM one_time_codes WHERE purpose = ?1 AND subject = ?2 AND created_at > ?9) < ?10
         RETURNING id`,
      )
      .bind(
        subject.purpose,
        subject.subject,
        target,
        await hashOf(subject, code),
        now,
        expiresAt,
        new Date(nowMs - HOUR_MS).toISOString(),
        CODE_LIMITS.codesPerHour,
        new Date(nowMs - DAY_MS).toISOString(),
        CODE_LIMITS.codesPerDay,
      ),
    db
      .prepare(
        `UPDATE one_time_codes SET retired_at = ?3
          WHERE purpose = ?1 AND subject = ?2 AND used_at IS NULL AND retired_at IS NULL
            AND id < (SELECT max(id) FROM one_time_codes WHERE purpose = ?1 AND subject = ?2)`,
      )
      .bind(subject.purpose, subject.subject, now),
  ]);
  const id = inserted?.results[0]?.id;
  return id === undefined ? { ok: false, reason: 'too_many_codes' } : { ok: true, id, code, expiresAt };
}

/**
 * - `ok`: the code was right, and is now used;
 * - `wrong`: counted, and wrong;
 * - `expired`: no code to try (none sent, too old, used, replaced, or out of guesses): ask for a new one;
 * - `locked`: the subject has had its guesses for the day: whatever the code was for waits for support.
 */
export type Tried = 'ok' | 'wrong' | 'expired' | 'locked';

/** Retires a subject's live code (the change it was for was cancelled, or held). */
export async function retireCodes(db: D1Database, subject: CodeSubject, nowMs: number): Promise<void> {
  await db
    .prepare('UPDATE one_time_codes SET retired_at = ?3 WHERE purpose = ?1 AND subject = ?2 AND used_at IS NULL AND retired_at IS NULL')
    .bind(subject.purpose, subject.subject, new Date(nowMs).toISOString())
    .run();
}

/**
 * One guess at the subject's live code (`codeId` names it when the caller knows which). The guess
 * claims its try first: the claim succeeds only while the code is live, has guesses left, and the
 * subject has guesses left today, and whatever the guess, the try stays counted.
 */
export async function tryCode(
  db: D1Database,
  subject: CodeSubject,
  guess: string,
  nowMs: number,
  codeId: number | null = null,
): Promise<{ result: Tried; target: string | null }> {
  const now = new Date(nowMs).toISOString();
  const live = await db
    .prepare(
      `SELECT id FROM one_time_codes WHERE purpose = ?1 AND subject = ?2 AND used_at IS NULL AND retired_at IS NULL
          AND (?3 IS NULL OR id = ?3) ORDER BY id DESC LIMIT 1`,
    )
    .bind(subject.purpose, subject.subject, codeId)
    .first<{ id: number }>();
  if (!live) return { result: 'expired', target: null };
  const claimed = await db
    .prepare(
      `UPDATE one_time_codes SET attempts = attempts + 1
        WHERE id = ?1 AND used_at IS NULL AND retired_at IS NULL AND expires_at > ?2 AND attempts < ?3
          AND (SELECT coalesce(sum(attempts), 0) FROM one_time_codes WHERE purpose = ?4 AND subject = ?5 AND created_at > ?6) < ?7
        RETURNING code_hash, target`,
    )
    .bind(
      live.id,
      now,
      CODE_LIMITS.triesPerCode,
      subject.purpose,
      subject.subject,
      new Date(nowMs - DAY_MS).toISOString(),
      CODE_LIMITS.triesPerDay,
    )
    .first<{ code_hash: string; target: string | null }>();
  if (!claimed) return { result: (await triesLeftToday(db, subject, nowMs)) > 0 ? 'expired' : 'locked', target: null };
  const normalised = guess.replace(/\s/g, '');
  if (!/^\d{6}$/.test(normalised) || !sameHash(await hashOf(subject, normalised), claimed.code_hash)) {
    return { result: (await triesLeftToday(db, subject, nowMs)) > 0 ? 'wrong' : 'locked', target: null };
  }
  const used = await db
    .prepare('UPDATE one_time_codes SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND retired_at IS NULL RETURNING id')
    .bind(live.id, now)
    .first();
  return used ? { result: 'ok', target: claimed.target } : { result: 'expired', target: null };
}

/** Guesses the subject has left in the 24 hours to `nowMs`. */
export async function triesLeftToday(db: D1Database, subject: CodeSubject, nowMs: number): Promise<number> {
  const row = await db
    .prepare('SELECT coalesce(sum(attempts), 0) AS tries FROM one_time_codes WHERE purpose = ?1 AND subject = ?2 AND created_at > ?3')
    .bind(subject.purpose, subject.subject, new Date(nowMs - DAY_MS).toISOString())
    .first<{ tries: number }>();
  return Math.max(0, CODE_LIMITS.triesPerDay - (row?.tries ?? 0));
}

/** Constant-time comparison of two hashes of the same length. */
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The statement that retires every live code of an account's mobile (the number they were for was cleared). */
export function retireMobileCodesStatement(db: D1Database, userId: number, nowIso: string): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE one_time_codes SET retired_at = ?2 WHERE purpose = 'mobile' AND subject = ?1 AND used_at IS NULL AND retired_at IS NULL",
    )
    .bind(`user:${userId}`, nowIso);
}
