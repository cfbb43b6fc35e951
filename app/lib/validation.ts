import { z } from 'zod';
import { MILEAGE_MAX_LENGTH, MILEAGE_MESSAGES, parseMileage } from './mileage';
import { VRM_INVALID_MESSAGE, VRM_MAX_LENGTH, isValidVrm, normaliseVrm } from '../../contract/vrm';

/** Field schemas shared by the forms, each with its spec message. */

export const VrmSchema = z
  .string({ required_error: VRM_INVALID_MESSAGE, invalid_type_error: VRM_INVALID_MESSAGE })
  .max(VRM_MAX_LENGTH + 4, VRM_INVALID_MESSAGE)
  .transform(normaliseVrm)
  .refine((vrm) => vrm.length <= VRM_MAX_LENGTH && isValidVrm(vrm), VRM_INVALID_MESSAGE);

export const LookupSchema = z.object({ vrm: VrmSchema });

export const MileageSchema = z
  .string({ required_error: MILEAGE_MESSAGES.invalid })
  .max(MILEAGE_MAX_LENGTH + 2, MILEAGE_MESSAGES.invalid)
  .transform((value, ctx) => {
    const mileage = parseMileage(value);
    if (mileage === null) {
      ctx.addIssue({ code: 'custom', message: MILEAGE_MESSAGES.invalid });
      return z.NEVER;
    }
    return mileage;
  });

export const MileageFormSchema = z.object({ mileage: MileageSchema });
