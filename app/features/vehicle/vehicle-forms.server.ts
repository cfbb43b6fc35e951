import { z } from 'zod';
import { ISSUE_KINDS, type IssueKind } from '../../../contract/sale';
import { chosenFile } from '../../lib/forms/validation.server';
import { SignUpSchema } from '../account/account-forms.server';

/**
 * The schemas of the vehicle page's and the profile's forms (parseForm, parseIntent). A server
 * module: its routes read them in their actions only, and the browser build leaves it empty, so
 * no page loads zod.
 */

/** The vehicle page: signing up to see the full valuation (its button is the default), or relisting. */
export const VEHICLE_PAGE_INTENTS = { 'sign-up': SignUpSchema, relist: z.object({}) };

const Text = z.string().default('');
const Ticked = z.array(z.string()).default([]);
/** A text box for each kind of damage the seller may have declared. */
const IssueDetails = Object.fromEntries(Object.keys(ISSUE_KINDS).map((kind) => [`detail-${kind}`, Text])) as Record<
  `detail-${IssueKind}`,
  typeof Text
>;

/**
 * Each profile step's form, named by its button's intent. The schemas read the fields into what
 * the platform takes; the rules (which features, how many keys) are the platform's, whose
 * refusals come back worded for the seller. Every reply carries what was sent, so a failed save
 * shows what the seller chose, not what was saved before.
 */
export const ProfileSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('features'), features: Ticked, serviceHistory: Text }),
    z.object({
      intent: z.literal('finance'),
      outstanding: z.string().optional(),
      lender: Text,
      settlement: Text.transform((settlement) => Number(settlement.replace(/[£,\s]/g, ''))),
      /** A lender from the search's list, or `not-listed` (then the typed lender and figure); none: as not listed. */
      lenderId: Text,
      /** The consent's checkbox, and the words it showed (sent back so the platform records what the seller read). */
      consent: z.string().optional(),
      consentWording: Text,
    }),
    z.object({ intent: z.literal('issues'), declared: z.string().optional(), kinds: Ticked }),
    z.object({ intent: z.literal('issue-details'), ...IssueDetails }),
    z.object({
      intent: z.literal('keys'),
      keys: z
        .string()
        .optional()
        .transform((keys) => Number(keys ?? 0)),
    }),
    z.object({ intent: z.literal('photo'), slot: Text, file: chosenFile('Choose a photo to upload') }),
    z.object({ intent: z.literal('enter-sale') }),
  ],
  { errorMap: () => ({ message: 'Choose a step to save' }) },
);
