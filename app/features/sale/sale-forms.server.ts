import { z } from 'zod';
import { checkBankDetails } from '../../../contract/bank-details';
import { chosenFile } from '../../lib/forms/validation.server';

/**
 * The schemas of the sale steps' forms (parseForm, parseIntent). A server module: its routes read
 * them in their actions only, and the browser build leaves it empty, so no page loads zod, nor the
 * modulus tables behind the bank details check.
 */

export const DecisionSchema = z.object({ intent: z.enum(['accept', 'decline'], { message: 'Choose to accept or decline the offer' }) });

// The confirmation carries no fields: the reference in the address says which sale it is.
export const ConfirmSchema = z.object({});

const CODE_MESSAGE = 'Enter the 6-digit code from the e-mail';

/** The seller's account: the same checks as the platform's (contract/bank-details.ts), modulus check included. */
export const BankDetailsSchema = z
  .object({ accountName: z.string().optional(), sortCode: z.string().optional(), accountNumber: z.string().optional() })
  .transform((input, ctx) => {
    const check = checkBankDetails({ accountName: input.accountName, sortCode: input.sortCode, accountNumber: input.accountNumber });
    if (check.ok) return check;
    for (const [field, message] of Object.entries(check.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });

/** The code e-mailed for a change of payout account (docs/decisions/014). */
export const PayeeCodeSchema = z.object({
  code: z
    .string({ required_error: CODE_MESSAGE })
    .transform((code) => code.replace(/\s/g, ''))
    .refine((code) => /^\d{6}$/.test(code), CODE_MESSAGE),
});

/** The documents page's three forms: one kind's file, deleting one file, and sending them all for checking. */
export const DocumentsSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('upload'), kind: z.string().max(40).default(''), file: chosenFile('Choose a file to upload') }),
    z.object({ intent: z.literal('delete'), documentId: z.string().max(100).default('') }),
    z.object({ intent: z.literal('submit') }),
  ],
  { errorMap: () => ({ message: 'Choose what to do with your documents' }) },
);

export const FinanceSchema = z.object({ intent: z.enum(['declare', 'simulate-received'], { message: 'Choose what to do' }) });

export const CollectionSchema = z.object({
  date: z.string({ required_error: 'Choose a day' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose one of the days offered'),
  slot: z.enum(['morning', 'afternoon'], { message: 'Choose a part of the day' }),
  notes: z.string().max(500, 'Keep the note to 500 characters').optional(),
  addressId: z.string().max(100).optional(),
});

// The development switch carries no fields: the address says which sale it is for.
export const CollectSchema = z.object({});

/** The review-status page's forms: the seller's answer to a revised offer, or the development switch. */
const RevisedOfferAnswer = z.object({ offerId: z.coerce.number({ message: 'No such revised offer' }).int().positive() });
export const REVIEW_STATUS_INTENTS = { approve: RevisedOfferAnswer, decline: RevisedOfferAnswer, collect: CollectSchema };

/** The payout freeze's button: the token of the e-mailed link. */
export const FreezeSchema = z.object({ token: z.string() });

/** "Cancel it and freeze my payout": a button, nothing typed. */
export const CancelPayeeChangeSchema = z.object({});

const PayeeCheckId = z.coerce.number({ message: 'Enter your bank details again' }).int().positive();

/** "Use this name": the bank's close match, by the check's id (the details themselves stay on the platform). */
export const UseBankNameSchema = z.object({ checkId: PayeeCheckId });

/** Keeping details the bank could not match: only with the box ticked (docs/decisions/036). */
export const KeepDetailsSchema = z.object({
  checkId: PayeeCheckId,
  understood: z.literal('yes', { errorMap: () => ({ message: 'Tick the box to say you understand the risk, or change the details' }) }),
});
