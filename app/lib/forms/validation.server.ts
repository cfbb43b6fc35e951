import { z } from 'zod';
import { CONTACT_FIELD_RULES, EMAIL_MAX_LENGTH, normalisePostcode } from '../../../contract/contact-rules';
import { VRM_INVALID_MESSAGE, normaliseVrm } from '../../../contract/vrm';
import { REQUIRED_MESSAGE, VRM_RAW_MAX_LENGTH, vrmProblem } from './vrm-field';

export { REQUIRED_MESSAGE };

/** Field schemas shared by the forms, each with its message (docs/behaviour/data.md#validation). */

export const VrmSchema = z
  .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: VRM_INVALID_MESSAGE })
  .max(VRM_RAW_MAX_LENGTH, VRM_INVALID_MESSAGE)
  .transform(normaliseVrm)
  .superRefine((vrm, ctx) => {
    const problem = vrmProblem(vrm);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const LookupSchema = z.object({ vrm: VrmSchema });

/**
 * A required text field (trimmed) checked by one rule, the rule the browser applies too
 * (contract/contact-rules.ts): an empty or missing field gets the rule's own message. A longest
 * length is the field's `maxLength` in forms that take their constraints from the schema.
 */
function ruledText(rule: (value: string) => string | null, maxLength?: number) {
  const message = rule('') ?? REQUIRED_MESSAGE;
  const text = z.string({ required_error: message, invalid_type_error: message }).trim();
  return (maxLength === undefined ? text : text.max(maxLength, message)).superRefine((value, ctx) => {
    const problem = rule(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export const EmailSchema = ruledText(CONTACT_FIELD_RULES.email, EMAIL_MAX_LENGTH);
export const NameSchema = ruledText(CONTACT_FIELD_RULES.name);
/** The browser's check; the server adds libphonenumber and the platform's mobile check. */
export const PhoneSchema = ruledText(CONTACT_FIELD_RULES.phone);
export const PostcodeSchema = ruledText(CONTACT_FIELD_RULES.postcode).transform((value) => normalisePostcode(value)!);

/**
 * A file the seller chose, or the message that asks for one: a file input left empty still sends
 * a file, nameless and empty. Whether it is a document or photo we take is the platform's check.
 */
export const chosenFile = (message: string) => z.custom<File>((value) => value instanceof File && value.size > 0, message);
