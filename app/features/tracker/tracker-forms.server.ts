import { z } from 'zod';
import { LookupSchema } from '../../lib/forms/validation.server';

/**
 * The schemas of the car value tracker's forms (its mileage step shares the valuation's,
 * entry/mileage-schema.server.ts, and its sign-up the account's). A server module: the routes read
 * them in their actions only, and the browser build leaves it empty, so no page loads zod.
 */

/** The registration step: the hero's field. */
export const TrackerLookupSchema = LookupSchema;

/**
 * The tracked car's buttons: stop tracking it, and (development only) the next month's
 * revaluation. Neither sends anything but its intent; anything else just shows the car again.
 */
export const TRACKED_CAR_INTENTS = { remove: z.object({}), 'next-month': z.object({}), show: z.object({}) };
