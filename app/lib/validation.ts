import { z } from 'zod';
import { VRM_INVALID_MESSAGE, VRM_MAX_LENGTH, isValidVrm, normaliseVrm } from '../../contract/vrm';

/** Field schemas shared by the forms, each with its spec message. */

export const VrmSchema = z
  .string({ required_error: VRM_INVALID_MESSAGE, invalid_type_error: VRM_INVALID_MESSAGE })
  .max(VRM_MAX_LENGTH + 4, VRM_INVALID_MESSAGE)
  .transform(normaliseVrm)
  .refine((vrm) => vrm.length <= VRM_MAX_LENGTH && isValidVrm(vrm), VRM_INVALID_MESSAGE);

export const LookupSchema = z.object({ vrm: VrmSchema });
