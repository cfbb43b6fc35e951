import { VRM_INVALID_MESSAGE, VRM_MAX_LENGTH, isValidVrm, normaliseVrm } from '../../../contract/vrm';

/** docs/behaviour/entry.md#validation: an empty required field says 'Required'. */
export const REQUIRED_MESSAGE = 'Required';

/** Longest raw input worth reading: a registration with spaces typed between its characters. */
export const VRM_RAW_MAX_LENGTH = VRM_MAX_LENGTH + 4;

/**
 * What is wrong with a typed registration, in the product's words (docs/behaviour/data.md), or null. The one rule behind the
 * server's zod schema (`VrmSchema`) and the field's own check in the browser, which leaves zod and
 * conform out of the pages' JavaScript (docs/performance.md).
 */
export function vrmProblem(raw: string): string | null {
  if (raw.length > VRM_RAW_MAX_LENGTH) return VRM_INVALID_MESSAGE;
  const vrm = normaliseVrm(raw);
  if (!vrm) return REQUIRED_MESSAGE;
  if (vrm.length > VRM_MAX_LENGTH || !isValidVrm(vrm)) return VRM_INVALID_MESSAGE;
  return null;
}
