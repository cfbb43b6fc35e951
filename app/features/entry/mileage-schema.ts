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
