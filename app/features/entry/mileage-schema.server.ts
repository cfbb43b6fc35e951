import { z } from 'zod';
import { MILEAGE_MESSAGES, mileageInputError, parseMileage } from './mileage';

/** The mileage field on the server: the same rules as the browser's check (mileage.ts). */
export const MileageSchema = z
  .string({ required_error: MILEAGE_MESSAGES.required, invalid_type_error: MILEAGE_MESSAGES.invalid })
  .transform((value, ctx) => {
    const problem = mileageInputError(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return parseMileage(value)!;
  });

export const MileageFormSchema = z.object({ mileage: MileageSchema });

/**
 * The mileage step's buttons (the valuation's and the car value tracker's): the mileage sent, or
 * sent again from the question about it, going back to change it, and 'Not my car'. A post that
 * names none of them sends the mileage, as the form's own button does.
 */
export const MILEAGE_INTENTS = {
  submit: MileageFormSchema,
  confirm: MileageFormSchema,
  cancel: z.object({}),
  'not-my-car': z.object({}),
};
