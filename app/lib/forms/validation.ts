import { z } from 'zod';
import { CONTACT_MESSAGES, isEmail, isFullName, looksLikePhone, normalisePostcode } from '../../../contract/contact-rules';
import { VRM_INVALID_MESSAGE, normaliseVrm } from '../../../contract/vrm';
import { REQUIRED_MESSAGE, VRM_RAW_MAX_LENGTH, vrmProblem } from './vrm-field';

export { REQUIRED_MESSAGE };

/** Field schemas shared by the forms, each with its spec message. */

export const VrmSchema = z
  .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: VRM_INVALID_MESSAGE })
  .max(VRM_RAW_MAX_LENGTH, VRM_INVALID_MESSAGE)
  .transform(normaliseVrm)
  .superRefine((vrm, ctx) => {
    const problem = vrmProblem(vrm);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const LookupSchema = z.object({ vrm: VrmSchema });

const requiredText = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim();

export const EmailSchema = requiredText(CONTACT_MESSAGES.email).max(254, CONTACT_MESSAGES.email).refine(isEmail, CONTACT_MESSAGES.email);
export const NameSchema = requiredText(CONTACT_MESSAGES.name).refine(isFullName, CONTACT_MESSAGES.name);
/** The browser's check; the server adds libphonenumber and the platform's mobile check. */
export const PhoneSchema = requiredText(CONTACT_MESSAGES.phone).refine(looksLikePhone, CONTACT_MESSAGES.phone);
export const PostcodeSchema = requiredText(CONTACT_MESSAGES.postcode)
  .refine((value) => normalisePostcode(value) !== null, CONTACT_MESSAGES.postcode)
  .transform((value) => normalisePostcode(value)!);

export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  postcode: PostcodeSchema,
  marketingConsent: z.boolean().optional().default(false),
});

export const SignInSchema = z.object({
  email: EmailSchema,
  redirectTo: z.string().optional(),
});

export const DetailsSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  postcode: PostcodeSchema,
});
