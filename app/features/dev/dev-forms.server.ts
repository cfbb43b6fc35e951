import { z } from 'zod';
import { OVERRIDABLE_FLAGS } from '../../lib/env.server';

/**
 * The schemas of the development pages' forms. A server module: the routes read them in their
 * actions only, and the browser build leaves it empty, so no page loads zod.
 */

const MOVES: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, '48h': 2 * 86_400_000, week: 7 * 86_400_000 };

const withZone = (at: string) => (/Z|[+-]\d{2}:\d{2}$/.test(at) ? at : `${at}Z`);

/**
 * The clock: `at` (an instant: ISO 8601, or a date and time read as UTC) sets it; `advanceSeconds`
 * (or one of the buttons' `move`) moves it on. The first of them that reads is the move.
 */
export const ClockSchema = z
  .object({ at: z.string().trim().optional(), advanceSeconds: z.string().trim().optional(), move: z.string().optional() })
  .transform(({ at, advanceSeconds, move }, ctx): { at: string } | { advanceMs: number } => {
    const instant = at && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at) ? Date.parse(withZone(at)) : NaN;
    if (Number.isFinite(instant)) return { at: new Date(instant).toISOString() };
    if (advanceSeconds && /^-?\d{1,10}(\.\d{1,3})?$/.test(advanceSeconds)) return { advanceMs: Math.round(Number(advanceSeconds) * 1000) };
    if (move && Object.hasOwn(MOVES, move)) return { advanceMs: MOVES[move]! };
    ctx.addIssue({ code: 'custom', message: 'Give a date and time (UTC), or how many seconds to move on.' });
    return z.NEVER;
  });

/** The flags: save (each flag's box, ticked or not), or reset to the configured flags. */
export const FLAG_INTENTS = {
  save: z.object(Object.fromEntries(OVERRIDABLE_FLAGS.map((name) => [name, z.string().optional()]))),
  reset: z.object({}),
};

// The mailbox's scheduled run: an optional day to run as, so the week-before reminder can be tried
// without waiting for it; anything else is no day.
export const RunSchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});
